import { memo, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  type PointerSensorOptions,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
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
import { DropdownMenu, type MenuSection } from '../../../components/ui/dropdown-menu';
import { formatIsoDay, formatMoney } from '../../../lib/format';
import { activeRatio, columnTotals, shownPrediction, type PredictionSettings } from '../money';
import { pricingHint } from '../range-display';
import { STATUSES, type ColumnTotals, type Task, type TaskStatus } from '../types';
import { groupByStatus, isOverdue, isStatus, localIsoDay } from '../utils';
import { useBoardRenderMark } from '../perf';
import { CardBids } from './bid-summary';
import { CardPaid } from './paid-summary';
import { basisHint, PredictionFigure } from './prediction';

type Columns = Record<TaskStatus, number[]>;

interface Props {
  tasks: Task[];
  /** Column totals of `tasks`: the server's, or the local rule's while a change is on its way. */
  totals: ColumnTotals;
  /**
   * The project's setting and local ratio (the summary's `use_calibration` and `calibrated`): each
   * card shows the prediction the project uses (money.ts shownPrediction), and the totals of a drag
   * preview follow the same rule.
   */
  prediction?: PredictionSettings;
  squareFootage: number | null;
  zipCode: string | null;
  onOpen: (task: Task) => void;
  /** A drop that changes a task's column or place. */
  onMove: (taskId: number, toStatus: TaskStatus, toIndex: number) => void;
  /** A drop from another column into Paid: the board asks for the actual cost. */
  onDropToPaid: (taskId: number, toIndex: number, restore: () => void) => void;
  /** "Move to…" in a card's menu (to the end of that column; Paid asks for the cost). */
  onMoveTo: (task: Task, status: TaskStatus) => void;
  /** "Delete task" in a card's menu (the board confirms). */
  onDelete: (task: Task) => void;
  /** Phone layout: one column at a time, chosen with tabs (which also take drops). */
  compact?: boolean;
}

const COLUMN_PREFIX = 'column:';
const TAB_PREFIX = 'tab:';
const columnId = (s: TaskStatus) => `${COLUMN_PREFIX}${s}`;
const tabId = (s: TaskStatus) => `${TAB_PREFIX}${s}`;
const slugOf = (s: TaskStatus) => s.toLowerCase().replace(/\s+/g, '-');

function tabStatus(id: UniqueIdentifier): TaskStatus | null {
  if (typeof id !== 'string' || !id.startsWith(TAB_PREFIX)) return null;
  const s = id.slice(TAB_PREFIX.length);
  return isStatus(s) ? s : null;
}

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

/** The column a droppable belongs to: the column itself, or a card in it (its sortable container). */
function droppableColumn(container: { id: UniqueIdentifier; data: { current?: Record<string, unknown> } }) {
  if (typeof container.id === 'string' && container.id.startsWith(COLUMN_PREFIX)) return container.id;
  const sortable = container.data.current?.sortable as { containerId?: UniqueIdentifier } | undefined;
  return sortable?.containerId ?? null;
}

interface CardBodyProps {
  task: Task;
  squareFootage: number | null;
  zipCode: string | null;
  today: string;
  prediction: PredictionSettings;
}

function CardBody({ task, squareFootage, zipCode, today, prediction: settings }: CardBodyProps) {
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
              {prediction === null ? '-' : <PredictionFigure prediction={prediction} hiddenClass="visually-hidden" />}
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
}

// The list item stays a plain list item; the card body is the drag handle (a
// focusable "draggable task" control: Space picks it up) and the Open button and the
// actions menu are its siblings, so no interactive control is nested in another (axe:
// list, nested-interactive).
const SortableCard = memo(function SortableCard({
  task,
  squareFootage,
  zipCode,
  today,
  prediction,
  onOpen,
  onMoveTo,
  onDelete,
  suppressClick,
}: SortableCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: task.id,
    data: { type: 'card', task },
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
        <CardBody task={task} squareFootage={squareFootage} zipCode={zipCode} today={today} prediction={prediction} />
      </div>
      <div className="card-actions">
        <button type="button" className="card-open" aria-label={`Open task ${task.title}`} onClick={() => onOpen(task)}>
          Open
        </button>
        <DropdownMenu label={`Actions for ${task.title}`} buttonClassName="card-menu-button" sections={sections}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="5" cy="12" r="1.8" fill="currentColor" />
            <circle cx="12" cy="12" r="1.8" fill="currentColor" />
            <circle cx="19" cy="12" r="1.8" fill="currentColor" />
          </svg>
        </DropdownMenu>
      </div>
    </li>
  );
});

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
  /** Phone layout: the column is the tab panel of its tab. */
  tabPanel?: boolean;
}

function Column({
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
  tabPanel,
}: ColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: columnId(status), data: { type: 'column', status } });
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
      className={`column column-${slug}${isOver ? ' over' : ''}`}
      aria-label={tabPanel ? undefined : `${status} column`}
      data-column={status}
      {...(tabPanel ? { id: `panel-${slug}`, role: 'tabpanel', 'aria-labelledby': `tab-${slug}` } : {})}
    >
      <header className="column-header">
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

interface TabProps {
  status: TaskStatus;
  count: number;
  total: number;
  selected: boolean;
  onSelect: () => void;
  onKeyDown: (e: ReactKeyboardEvent<HTMLButtonElement>) => void;
}

/** A column's tab (phone layout): its count and total; a card dropped on it goes to that column. */
function ColumnTab({ status, count, total, selected, onSelect, onKeyDown }: TabProps) {
  const { setNodeRef, isOver } = useDroppable({ id: tabId(status), data: { type: 'tab', status } });
  const slug = slugOf(status);
  return (
    <button
      ref={setNodeRef}
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

/** A mouse or pen pointer only: touches are the TouchSensor's (a long press), so a swipe scrolls. */
class MousePointerSensor extends PointerSensor {
  static activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent: event }: React.PointerEvent, options: PointerSensorOptions) => {
        if (!event.isPrimary || event.button !== 0 || event.pointerType === 'touch') return false;
        options.onActivation?.({ event });
        return true;
      },
    },
  ];
}

/** Long press before a touch picks a card up, and how far the finger may wander meanwhile. */
export const TOUCH_ACTIVATION = { delay: 200, tolerance: 8 } as const;

export function KanbanView({
  tasks,
  totals: boardTotals,
  prediction = null,
  squareFootage,
  zipCode,
  onOpen,
  onMove,
  onDropToPaid,
  onMoveTo,
  onDelete,
  compact = false,
}: Props) {
  const [preview, setPreview] = useState<Columns | null>(null);
  const [tab, setTab] = useState<TaskStatus>('To Do');
  // The keyboard coordinate getter below is created once and reads the committed preview.
  const previewRef = useRef<Columns | null>(null);
  useLayoutEffect(() => {
    previewRef.current = preview;
  }, [preview]);
  // Each column's whole area (header included): a drop counts only inside one.
  const sections = useRef(new Map<string, HTMLElement>());
  const sectionRefs = useMemo(
    () =>
      Object.fromEntries(
        STATUSES.map((s) => [
          s,
          (node: HTMLElement | null) => {
            if (node) sections.current.set(columnId(s), node);
            else sections.current.delete(columnId(s));
          },
        ]),
      ) as Record<TaskStatus, (node: HTMLElement | null) => void>,
    [],
  );

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

  // Where a drop lands. A pointer (mouse, pen, touch) must be inside a column or on a column tab:
  // anywhere else (the summary, the navbar, between columns) there is no target and the drop does
  // nothing. Inside a column, the nearest of its cards. The keyboard moves from column to column
  // (above): the nearest droppable, tabs aside.
  const collisionDetection: CollisionDetection = useMemo(
    () => (args) => {
      const { pointerCoordinates: p, droppableContainers } = args;
      const notTabs = droppableContainers.filter((c) => tabStatus(c.id) === null);
      if (!p) return closestCorners({ ...args, droppableContainers: notTabs });
      const onTab = pointerWithin({
        ...args,
        droppableContainers: droppableContainers.filter((c) => tabStatus(c.id) !== null),
      });
      if (onTab.length > 0) return onTab.slice(0, 1);
      let inside: string | null = null;
      for (const [id, node] of sections.current) {
        const r = node.getBoundingClientRect();
        if (p.x >= r.left && p.x <= r.right && p.y >= r.top && p.y <= r.bottom) inside = id;
      }
      if (inside === null) return [];
      return closestCorners({
        ...args,
        droppableContainers: notTabs.filter((c) => droppableColumn(c) === inside),
      });
    },
    [],
  );

  const sensors = useSensors(
    useSensor(MousePointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: TOUCH_ACTIVATION }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
  const [activeId, setActiveId] = useState<number | null>(null);
  // While the Enter Actual Cost dialog of a keyboard drop is open, focus stays in it: dnd-kit would
  // otherwise move it back to the card behind the dialog a frame after the drop.
  const [askingCost, setAskingCost] = useState(false);
  const askCost = (id: number, index: number) => {
    setAskingCost(true);
    onDropToPaid(id, index, () => {
      setPreview(null);
      setAskingCost(false);
    });
  };
  const origin = useRef<{ status: TaskStatus; index: number } | null>(null);
  const suppressClick = useRef(0);
  const today = localIsoDay();

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
    return columnTotals(moved, squareFootage, activeRatio(prediction));
  }, [tasks, preview, squareFootage, boardTotals, prediction]);

  const nameOf = (id: UniqueIdentifier) => byId.get(Number(id))?.title ?? 'task';
  const placeOf = (id: UniqueIdentifier) => tabStatus(id) ?? findContainer(columns, id) ?? 'a column';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over ${placeOf(over.id)}.` : `${nameOf(active.id)} is no longer over a column.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} was dropped in ${placeOf(over.id)}.`
        : `${nameOf(active.id)} was dropped outside the board. Nothing changed.`,
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
    // Off every column: the card shows back where it came from until it is over one again.
    if (!over) {
      setPreview((prev) => (prev ? idsByStatus(tasks) : prev));
      return;
    }
    if (tabStatus(over.id) !== null) return; // a tab: the move happens on drop
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
    const onTab = tabStatus(over.id);
    if (onTab !== null) {
      // Dropped on a column's tab: to the end of that column.
      if (onTab === start.status) {
        setPreview(null);
        return;
      }
      const without = idsByStatus(tasks);
      without[start.status] = without[start.status].filter((x) => x !== id);
      const index = without[onTab].length;
      if (onTab === 'Paid') {
        setPreview({ ...without, Paid: [...without.Paid, id] });
        askCost(id, index);
        return;
      }
      onMove(id, onTab, index);
      setPreview(null);
      return;
    }
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
      askCost(id, finalIndex);
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

  // Tabs: Left/Right (and Home/End) move between them, as WAI-ARIA tabs do.
  const onTabKey = (e: ReactKeyboardEvent<HTMLButtonElement>) => {
    const i = STATUSES.indexOf(tab);
    const next =
      e.key === 'ArrowRight'
        ? STATUSES[(i + 1) % STATUSES.length]
        : e.key === 'ArrowLeft'
          ? STATUSES[(i + STATUSES.length - 1) % STATUSES.length]
          : e.key === 'Home'
            ? STATUSES[0]
            : e.key === 'End'
              ? STATUSES[STATUSES.length - 1]
              : null;
    if (!next) return;
    e.preventDefault();
    setTab(next);
    e.currentTarget.parentElement?.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus();
  };

  // Another tab chosen down a long column: its top comes up under the (sticky) tabs.
  const tabsRef = useRef<HTMLDivElement>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const shownTab = useRef(tab);
  useLayoutEffect(() => {
    if (shownTab.current === tab) return;
    shownTab.current = tab;
    const tabs = tabsRef.current?.getBoundingClientRect();
    const top = boardRef.current?.getBoundingClientRect().top;
    if (tabs && top !== undefined && top < tabs.bottom) window.scrollBy(0, top - tabs.bottom - 8);
  }, [tab]);

  const active = activeId !== null ? byId.get(activeId) : undefined;
  useBoardRenderMark('kanban');
  const shown = compact ? [tab] : STATUSES;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{ announcements, restoreFocus: !askingCost }}
      autoScroll={{ threshold: { x: 0.25, y: 0.25 } }}
    >
      {compact && (
        <div className="column-tabs" role="tablist" aria-label="Board columns" ref={tabsRef}>
          {STATUSES.map((s) => (
            <ColumnTab
              key={s}
              status={s}
              count={columns[s].length}
              total={totals[s]}
              selected={s === tab}
              onSelect={() => setTab(s)}
              onKeyDown={onTabKey}
            />
          ))}
        </div>
      )}
      <div className={`kanban${compact ? ' kanban-compact' : ''}`} ref={boardRef}>
        {shown.map((s) => (
          <Column
            key={s}
            status={s}
            ids={columns[s]}
            activeId={activeId}
            byId={byId}
            total={totals[s]}
            squareFootage={squareFootage}
            zipCode={zipCode}
            today={today}
            prediction={prediction}
            onOpen={onOpen}
            onMoveTo={onMoveTo}
            onDelete={onDelete}
            suppressClick={suppressClick}
            sectionRef={sectionRefs[s]}
            tabPanel={compact}
          />
        ))}
      </div>
      <DragOverlay>
        {active ? (
          <div className="task-card overlay">
            <CardBody
              task={active}
              squareFootage={squareFootage}
              zipCode={zipCode}
              today={today}
              prediction={prediction}
            />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
