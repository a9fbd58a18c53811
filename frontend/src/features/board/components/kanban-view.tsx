import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
  arrayMove,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { formatMoney } from '../../../lib/format';
import { columnTotals, predictedCost } from '../money';
import { STATUSES, type ColumnTotals, type Task, type TaskStatus } from '../types';
import { groupByStatus, isStatus } from '../utils';
import { useBoardRenderMark } from '../perf';

type Columns = Record<TaskStatus, number[]>;

interface Props {
  tasks: Task[];
  /** Column totals of `tasks`: the server's, or the local rule's while a change is on its way. */
  totals: ColumnTotals;
  squareFootage: number | null;
  zipCode: string | null;
  onOpen: (task: Task) => void;
  /** A drop that changes a task's column or place. */
  onMove: (taskId: number, toStatus: TaskStatus, toIndex: number) => void;
  /** A drop from another column into Paid: the board asks for the actual cost. */
  onDropToPaid: (taskId: number, toIndex: number, restore: () => void) => void;
}

const COLUMN_PREFIX = 'column:';
const columnId = (s: TaskStatus) => `${COLUMN_PREFIX}${s}`;

function idsByStatus(tasks: Task[]): Columns {
  const g = groupByStatus(tasks);
  return {
    'To Do': g['To Do'].map((t) => t.id),
    'In Progress': g['In Progress'].map((t) => t.id),
    Paid: g.Paid.map((t) => t.id),
  };
}

function findContainer(columns: Columns, id: UniqueIdentifier): string | null {
  if (typeof id === 'string' && id.startsWith(COLUMN_PREFIX)) return id.slice(COLUMN_PREFIX.length);
  for (const s of STATUSES) if (columns[s].includes(Number(id))) return s;
  return null;
}

interface CardBodyProps {
  task: Task;
  squareFootage: number | null;
  zipCode: string | null;
}

function CardBody({ task, squareFootage, zipCode }: CardBodyProps) {
  const predicted = predictedCost(task, squareFootage);
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
            <dd>{formatMoney(predicted)}</dd>
          </div>
        )}
      </dl>
    </>
  );
}

interface SortableCardProps extends CardBodyProps {
  onOpen: (task: Task) => void;
  suppressClick: React.RefObject<number>;
}

// The list item stays a plain list item; the card body is the drag handle (a
// focusable "draggable task" control: Space picks it up) and the Open button is
// its sibling, so no interactive control is nested in another (axe: list,
// nested-interactive).
const SortableCard = memo(function SortableCard({
  task,
  squareFootage,
  zipCode,
  onOpen,
  suppressClick,
}: SortableCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: task.id,
    data: { type: 'card', task },
  });
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li ref={setNodeRef} style={style} className={`task-card${isDragging ? ' dragging' : ''}`} data-task-id={task.id}>
      {/* role="button", tabIndex and the key handlers come from dnd-kit's attributes and listeners;
          Space picks the card up, and the sibling Open button opens it from the keyboard. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
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
        <CardBody task={task} squareFootage={squareFootage} zipCode={zipCode} />
      </div>
      <button type="button" className="card-open" aria-label={`Open task ${task.title}`} onClick={() => onOpen(task)}>
        Open
      </button>
    </li>
  );
});

/** Cards rendered per column at first; "Show more" adds a page. Keeps a 1,000-task board fast. */
export const COLUMN_PAGE = 50;

interface ColumnProps {
  status: TaskStatus;
  ids: number[];
  activeId: number | null;
  byId: Map<number, Task>;
  total: number;
  squareFootage: number | null;
  zipCode: string | null;
  onOpen: (task: Task) => void;
  suppressClick: React.RefObject<number>;
}

function Column({ status, ids, activeId, byId, total, squareFootage, zipCode, onOpen, suppressClick }: ColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: columnId(status), data: { type: 'column', status } });
  const slug = status.toLowerCase().replace(/\s+/g, '-');
  const [limit, setLimit] = useState(COLUMN_PAGE);
  // Only the first `limit` cards are mounted (and sortable); the card being dragged
  // always is, wherever it sits, so dnd-kit can measure it.
  const visible = useMemo(() => {
    if (ids.length <= limit) return ids;
    const head = ids.slice(0, limit);
    if (activeId !== null && ids.indexOf(activeId) >= limit) head.push(activeId);
    return head;
  }, [ids, limit, activeId]);
  const hidden = ids.length - visible.length;
  return (
    <section
      className={`column column-${slug}${isOver ? ' over' : ''}`}
      aria-label={`${status} column`}
      data-column={status}
    >
      <header className="column-header">
        <h2>
          <span className={`dot dot-${slug}`} aria-hidden="true" />
          {status}
          <span className="count">{ids.length}</span>
        </h2>
        <span className="column-total" data-testid={`total-${slug}`}>
          {formatMoney(total)}
        </span>
      </header>
      <SortableContext id={columnId(status)} items={visible} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} className="column-body">
          {visible.map((id) => {
            const t = byId.get(id);
            return t ? (
              <SortableCard
                key={id}
                task={t}
                squareFootage={squareFootage}
                zipCode={zipCode}
                onOpen={onOpen}
                suppressClick={suppressClick}
              />
            ) : null;
          })}
          {ids.length === 0 && <li className="column-empty">Drop tasks here</li>}
        </ul>
      </SortableContext>
      {hidden > 0 && (
        <button type="button" className="btn btn-sm column-more" onClick={() => setLimit((l) => l + COLUMN_PAGE * 2)}>
          Show {Math.min(hidden, COLUMN_PAGE * 2)} more ({hidden} not shown)
        </button>
      )}
    </section>
  );
}

export function KanbanView({
  tasks,
  totals: boardTotals,
  squareFootage,
  zipCode,
  onOpen,
  onMove,
  onDropToPaid,
}: Props) {
  const [preview, setPreview] = useState<Columns | null>(null);
  // The keyboard coordinate getter below is created once and reads the committed preview.
  const previewRef = useRef<Columns | null>(null);
  useLayoutEffect(() => {
    previewRef.current = preview;
  }, [preview]);

  // Left/Right jump to the neighbouring column (its top); Up/Down move within
  // a column. Deterministic, so keyboard users (and tests) can move cards.
  const coordinateGetter: KeyboardCoordinateGetter = useMemo(
    () => (event, args) => {
      if (event.code !== 'ArrowLeft' && event.code !== 'ArrowRight') return sortableKeyboardCoordinates(event, args);
      const { active, droppableRects, collisionRect } = args.context;
      const cols = previewRef.current;
      if (!active || !cols || !collisionRect) return undefined;
      const from = findContainer(cols, active.id);
      const i = STATUSES.findIndex((s) => s === from);
      const target = STATUSES[i + (event.code === 'ArrowRight' ? 1 : -1)];
      if (i < 0 || !target) return undefined;
      const rect = droppableRects.get(columnId(target));
      if (!rect) return undefined;
      event.preventDefault();
      return { x: rect.left + 8, y: rect.top + 8 };
    },
    [],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
  const [activeId, setActiveId] = useState<number | null>(null);
  const origin = useRef<{ status: TaskStatus; index: number } | null>(null);
  const suppressClick = useRef(0);

  const serverColumns = useMemo(() => idsByStatus(tasks), [tasks]);
  const columns = preview ?? serverColumns;
  const byId = useMemo(() => new Map(tasks.map((t) => [t.id, t])), [tasks]);

  // Totals follow the preview so the numbers move with the card: the local rule (money.ts) on the
  // tasks as previewed; the board's totals otherwise.
  const totals = useMemo(() => {
    if (!preview) return boardTotals;
    const moved = tasks.map((t) => {
      const s = STATUSES.find((st) => preview[st].includes(t.id)) ?? t.status;
      return s === t.status ? t : { ...t, status: s };
    });
    return columnTotals(moved, squareFootage);
  }, [tasks, preview, squareFootage, boardTotals]);

  const nameOf = (id: UniqueIdentifier) => byId.get(Number(id))?.title ?? 'task';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} is over ${findContainer(columns, over.id) ?? 'a column'}.`
        : `${nameOf(active.id)} is no longer over a column.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} was dropped in ${findContainer(columns, over.id) ?? 'a column'}.`
        : `${nameOf(active.id)} was dropped outside the board.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const id = Number(active.id);
    const cols = idsByStatus(tasks);
    const status = findContainer(cols, id) as TaskStatus | null;
    origin.current = status ? { status, index: cols[status].indexOf(id) } : null;
    setActiveId(id);
    setPreview(cols);
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    setPreview((prev) => {
      if (!prev) return prev;
      const from = findContainer(prev, active.id);
      const to = findContainer(prev, over.id);
      if (!from || !to || from === to || !isStatus(from) || !isStatus(to)) return prev;
      const id = Number(active.id);
      const target = prev[to];
      const overIndex = target.indexOf(Number(over.id));
      const index = overIndex >= 0 ? overIndex : target.length;
      return {
        ...prev,
        [from]: prev[from].filter((x) => x !== id),
        [to]: [...target.slice(0, index), id, ...target.slice(index)],
      };
    });
  };

  const finish = () => {
    setActiveId(null);
    suppressClick.current = Date.now();
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    finish();
    const start = origin.current;
    origin.current = null;
    const current = preview;
    if (!over || !current || !start) {
      // A drop outside any column does nothing.
      setPreview(null);
      return;
    }
    const id = Number(active.id);
    const container = findContainer(current, over.id);
    if (!isStatus(container)) {
      console.warn('Invalid status', container);
      setPreview(null);
      return;
    }
    const list = current[container];
    const oldIndex = list.indexOf(id);
    const overIndex = list.indexOf(Number(over.id));
    const newIndex = overIndex >= 0 ? overIndex : Math.max(0, list.length - 1);
    const finalList = oldIndex >= 0 ? arrayMove(list, oldIndex, newIndex) : list;
    const finalIndex = finalList.indexOf(id);

    if (container === start.status && finalIndex === start.index) {
      setPreview(null); // same column and place: nothing to do
      return;
    }
    if (container === 'Paid' && start.status !== 'Paid') {
      setPreview({ ...current, Paid: finalList });
      onDropToPaid(id, finalIndex, () => setPreview(null));
      return;
    }
    onMove(id, container, finalIndex);
    setPreview(null);
  };

  const onDragCancel = () => {
    finish();
    origin.current = null;
    setPreview(null);
  };

  const active = activeId !== null ? byId.get(activeId) : undefined;
  useBoardRenderMark('kanban');

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{ announcements }}
      autoScroll={{ threshold: { x: 0.25, y: 0.25 } }}
    >
      <div className="kanban">
        {STATUSES.map((s) => (
          <Column
            key={s}
            status={s}
            ids={columns[s]}
            activeId={activeId}
            byId={byId}
            total={totals[s]}
            squareFootage={squareFootage}
            zipCode={zipCode}
            onOpen={onOpen}
            suppressClick={suppressClick}
          />
        ))}
      </div>
      <DragOverlay>
        {active ? (
          <div className="task-card overlay">
            <CardBody task={active} squareFootage={squareFootage} zipCode={zipCode} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
