// A Kanban column (its header, total and cards, a page at a time) and, on a phone, a column's tab.
import { useMemo, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { formatMoney } from '../../../lib/format';
import type { PredictionSettings } from '../money';
import type { Task, TaskStatus } from '../types';
import { columnId, slugOf, tabId } from './kanban-drag';
import { SortableCard } from './kanban-card';

/**
 * A column's total: the best-known cost of its tasks (docs/money.md); the Paid column's is the
 * final cost of the finished tasks, labelled so (not what was paid: the summary's Paid).
 */
function ColumnTotal({ status, total, slug }: { status: TaskStatus; total: number; slug: string }) {
  const paid = status === 'Paid';
  return (
    <span
      className="column-total"
      data-testid={`total-${slug}`}
      title={
        paid
          ? 'Final cost of the finished tasks: their actual cost, else the awarded bid, else the prediction.'
          : 'Best-known cost of these tasks: actual cost, else the awarded bid, else the prediction.'
      }
    >
      {paid && <span className="column-total-label">Final cost </span>}
      {formatMoney(total)}
    </span>
  );
}

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
  today: string;
  prediction: PredictionSettings;
  onOpen: (task: Task) => void;
  onMoveTo: (task: Task, status: TaskStatus) => void;
  onDelete: (task: Task) => void;
  suppressClick: React.RefObject<number>;
  sectionRef: (node: HTMLElement | null) => void;
  headerRef: (node: HTMLElement | null) => void;
  /** A dragged card is over this column (anywhere in it, header included). */
  over: boolean;
  /** Phone layout: the column is the tab panel of its tab. */
  tabPanel?: boolean;
  /** A viewer's board (issue 35): its cards neither move nor take drops. */
  readOnly?: boolean;
}

export function Column({
  status,
  ids,
  activeId,
  byId,
  total,
  squareFootage,
  zipCode,
  today,
  prediction,
  onOpen,
  onMoveTo,
  onDelete,
  suppressClick,
  sectionRef,
  headerRef,
  over,
  tabPanel,
  readOnly = false,
}: ColumnProps) {
  const { setNodeRef } = useDroppable({
    id: columnId(status),
    data: { type: 'column', status },
    disabled: readOnly,
  });
  const slug = slugOf(status);
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
      ref={sectionRef}
      className={`column column-${slug}${over ? ' over' : ''}`}
      aria-label={tabPanel ? undefined : `${status} column`}
      data-column={status}
      {...(tabPanel ? { id: `panel-${slug}`, role: 'tabpanel', 'aria-labelledby': `tab-${slug}` } : {})}
    >
      <header className="column-header" ref={headerRef}>
        <h2>
          <span className={`dot dot-${slug}`} aria-hidden="true" />
          {status}
          <span className="count">{ids.length}</span>
        </h2>
        <ColumnTotal status={status} total={total} slug={slug} />
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
                today={today}
                prediction={prediction}
                onOpen={onOpen}
                onMoveTo={onMoveTo}
                onDelete={onDelete}
                suppressClick={suppressClick}
                readOnly={readOnly}
              />
            ) : null;
          })}
          {ids.length === 0 && <li className="column-empty">{readOnly ? 'No tasks' : 'Drop tasks here'}</li>}
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

interface TabProps {
  status: TaskStatus;
  tabRef: (node: HTMLElement | null) => void;
  count: number;
  total: number;
  selected: boolean;
  onSelect: () => void;
  onKeyDown: (e: ReactKeyboardEvent<HTMLButtonElement>) => void;
}

/** A column's tab (phone layout): its count and total; a card dropped on it goes to that column. */
export function ColumnTab({ status, tabRef, count, total, selected, onSelect, onKeyDown }: TabProps) {
  const { setNodeRef, isOver } = useDroppable({ id: tabId(status), data: { type: 'tab', status } });
  const slug = slugOf(status);
  return (
    <button
      ref={(node) => {
        setNodeRef(node);
        tabRef(node);
      }}
      type="button"
      role="tab"
      id={`tab-${slug}`}
      aria-selected={selected}
      aria-controls={selected ? `panel-${slug}` : undefined}
      tabIndex={selected ? 0 : -1}
      className={`column-tab column-tab-${slug}${isOver ? ' over' : ''}`}
      data-tab={status}
      onClick={onSelect}
      onKeyDown={onKeyDown}
    >
      <span className="column-tab-name">
        <span className={`dot dot-${slug}`} aria-hidden="true" />
        {status}
      </span>
      {status === 'Paid' && <span className="column-tab-label">Final cost</span>}
      <span className="column-tab-total">{formatMoney(total)}</span>
      <span className="column-tab-count">
        {count} {count === 1 ? 'task' : 'tasks'}
      </span>
    </button>
  );
}
