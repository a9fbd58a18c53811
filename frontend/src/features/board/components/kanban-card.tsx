// A Kanban card: its body (also the drag overlay's) and the sortable list item with its Open
// button and actions menu.
import { memo } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { DropdownMenu, type MenuSection } from '../../../components/ui/dropdown-menu';
import { formatIsoDay, formatMoney } from '../../../lib/format';
import { activeRatio, shownPrediction, type PredictionSettings } from '../money';
import { pricingHint } from '../range-display';
import { STATUSES, type Task, type TaskStatus } from '../types';
import { isOverdue } from '../utils';
import { CardBids } from './bid-summary';
import { CardPaid } from './paid-summary';
import { basisHint, PredictionFigure } from './prediction';

export interface CardBodyProps {
  task: Task;
  squareFootage: number | null;
  zipCode: string | null;
  today: string;
  prediction: PredictionSettings;
}

export function CardBody({ task, squareFootage, zipCode, today, prediction: settings }: CardBodyProps) {
  const prediction = shownPrediction(task, squareFootage, settings);
  const overdue = isOverdue(task, today);
  return (
    <>
      <h3 className="task-title">{task.title}</h3>
      {task.description && <p className="task-desc">{task.description}</p>}
      <dl className="task-costs">
        <div>
          <dt>Your Actual Cost</dt>
          <dd>{task.actual_cost === null ? '-' : formatMoney(task.actual_cost)}</dd>
        </div>
        {zipCode && (
          <div>
            <dt>Predicted Cost ({zipCode})</dt>
            <dd
              data-testid="card-predicted"
              data-basis={prediction?.basis}
              title={
                prediction === null
                  ? undefined
                  : `${pricingHint(task.pricing, squareFootage)} ${basisHint(prediction.basis, activeRatio(settings))}`
              }
            >
              {prediction === null ? '-' : <PredictionFigure prediction={prediction} />}
            </dd>
          </div>
        )}
      </dl>
      <CardBids task={task} />
      <CardPaid task={task} />
      {task.due_date && (
        <p className={`task-due${overdue ? ' overdue' : ''}`} data-testid="task-due">
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <rect x="3.5" y="5" width="17" height="15.5" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M3.5 10h17M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>Due {formatIsoDay(task.due_date)}</span>
          {overdue && <span className="badge badge-overdue">Overdue</span>}
        </p>
      )}
    </>
  );
}

interface SortableCardProps extends CardBodyProps {
  onOpen: (task: Task) => void;
  onMoveTo: (task: Task, status: TaskStatus) => void;
  onDelete: (task: Task) => void;
  suppressClick: React.RefObject<number>;
  /** A viewer's board (issue 35): the card neither moves nor offers Move to… or Delete. */
  readOnly?: boolean;
}

// The list item stays a plain list item; the card body is the drag handle (a
// focusable "draggable task" control: Space picks it up) and the Open button and the
// actions menu are its siblings, so no interactive control is nested in another (axe:
// list, nested-interactive).
export const SortableCard = memo(function SortableCard({
  task,
  squareFootage,
  zipCode,
  today,
  prediction,
  onOpen,
  onMoveTo,
  onDelete,
  suppressClick,
  readOnly = false,
}: SortableCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: task.id,
    data: { type: 'card', task },
    disabled: readOnly,
  });
  const style = { transform: CSS.Transform.toString(transform), transition };
  const sections: MenuSection[] = [
    {
      items: STATUSES.filter((s) => s !== task.status).map((s) => ({
        label: `Move to ${s}`,
        onSelect: () => onMoveTo(task, s),
      })),
    },
    { items: [{ label: 'Delete task', danger: true, onSelect: () => onDelete(task) }] },
  ];
  return (
    <li ref={setNodeRef} style={style} className={`task-card${isDragging ? ' dragging' : ''}`} data-task-id={task.id}>
      {readOnly ? (
        // A viewer's card: a click opens it (read-only); the Open button is its keyboard way in.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
        <div className="task-drag task-view-only" onClick={() => onOpen(task)}>
          <CardBody task={task} squareFootage={squareFootage} zipCode={zipCode} today={today} prediction={prediction} />
        </div>
      ) : (
        // role="button", tabIndex and the key handlers come from dnd-kit's attributes and listeners;
        // Space picks the card up, and the sibling Open button opens it from the keyboard.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
        <div
          ref={setActivatorNodeRef}
          className="task-drag"
          {...attributes}
          {...listeners}
          aria-roledescription="draggable task"
          aria-label={`${task.title}. Press Space to pick up and move; use the Open button to edit.`}
          onClick={() => {
            if (Date.now() - (suppressClick.current ?? 0) < 250) return;
            onOpen(task);
          }}
        >
          <CardBody task={task} squareFootage={squareFootage} zipCode={zipCode} today={today} prediction={prediction} />
        </div>
      )}
      <div className="card-actions">
        <button type="button" className="card-open" aria-label={`Open task ${task.title}`} onClick={() => onOpen(task)}>
          Open
        </button>
        {!readOnly && (
          <DropdownMenu label={`Actions for ${task.title}`} buttonClassName="card-menu-button" sections={sections}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <circle cx="5" cy="12" r="1.8" fill="currentColor" />
              <circle cx="12" cy="12" r="1.8" fill="currentColor" />
              <circle cx="19" cy="12" r="1.8" fill="currentColor" />
            </svg>
          </DropdownMenu>
        )}
      </div>
    </li>
  );
});
