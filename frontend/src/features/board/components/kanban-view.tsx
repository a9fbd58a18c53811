import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates, arrayMove } from '@dnd-kit/sortable';
import { activeRatio, columnTotals, type PredictionSettings } from '../money';
import { STATUSES, type ColumnTotals, type Task, type TaskStatus } from '../types';
import { isStatus } from '../utils';
import { useBoardRenderMark } from '../perf';
import { CardBody } from './kanban-card';
import { Column, ColumnTab } from './kanban-column';
import {
  boardCollisions,
  columnId,
  createDropTargets,
  findContainer,
  idsByStatus,
  insertIndex,
  MousePointerSensor,
  onHeaderOrTab,
  tabStatus,
  TOUCH_ACTIVATION,
  type Columns,
} from './kanban-drag';
import { createEdgeScroller } from './kanban-edge-scroll';
import { localToday } from '../../../lib/dates';

export { COLUMN_PAGE } from './kanban-column';
export { TOUCH_ACTIVATION } from './kanban-drag';

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
  /** A viewer's board (issue 35): no card moves (pointer, touch or keyboard), no Move to… or Delete. */
  readOnly?: boolean;
}

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
  readOnly = false,
}: Props) {
  const [preview, setPreview] = useState<Columns | null>(null);
  const [tab, setTab] = useState<TaskStatus>('To Do');
  // The keyboard coordinate getter below is created once and reads the committed preview.
  const previewRef = useRef<Columns | null>(null);
  useLayoutEffect(() => {
    previewRef.current = preview;
  }, [preview]);
  // The drop targets' nodes: each column's whole area (header included), its header, the tabs.
  const [{ targets, refs: targetRefs }] = useState(createDropTargets);
  // The page scrolls only with the pointer at the screen's very top or bottom (kanban-edge-scroll).
  const [edge] = useState(createEdgeScroller);
  useEffect(() => edge.stop, [edge]);
  const collisionDetection = useMemo(() => boardCollisions(targets, edge.track), [targets, edge]);
  const tabsRef = useRef<HTMLDivElement>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const startEdgeScroll = () => {
    const board = boardRef.current;
    if (!board) return;
    const topInset = compact
      ? (tabsRef.current?.getBoundingClientRect().bottom ?? 0)
      : parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--nav-height')) || 0;
    edge.start({ board, topInset, onTarget: (p) => onHeaderOrTab(targets, p) });
    // The board keeps its height while a card is carried off its longest column, so the page
    // does not shrink (and jump) under the pointer.
    board.style.minHeight = `${board.offsetHeight}px`;
  };
  // dnd-kit scrolls only the board sideways (its columns scroll so on narrow screens); the page is
  // the edge scroller's.
  const canScroll = useCallback((element: Element) => element === boardRef.current, []);

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
    useSensor(MousePointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: TOUCH_ACTIVATION }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
  const [activeId, setActiveId] = useState<number | null>(null);
  // The column a dragged card is over (anywhere in it): highlighted.
  const [overColumn, setOverColumn] = useState<TaskStatus | null>(null);
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
  const today = localToday();

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

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    const id = Number(active.id);
    // A pointer drag scrolls the page at its edges; the keyboard sensor scrolls by itself.
    if (!(activatorEvent instanceof KeyboardEvent)) startEdgeScroll();
    const cols = idsByStatus(tasks);
    const status = findContainer(cols, id) as TaskStatus | null;
    origin.current = status ? { status, index: cols[status].indexOf(id) } : null;
    setActiveId(id);
    setPreview(cols);
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    // Off every column: the card shows back where it came from until it is over one again.
    if (!over) {
      setOverColumn(null);
      setPreview((prev) => (prev ? idsByStatus(tasks) : prev));
      return;
    }
    if (tabStatus(over.id) !== null) {
      setOverColumn(null);
      return; // a tab: the move happens on drop
    }
    const overColumn = findContainer(columns, over.id);
    setOverColumn(isStatus(overColumn) ? overColumn : null);
    // Below the last card of a column (they stretch to the board's height): after it.
    const dragged = active.rect.current.translated;
    const below = dragged !== null && dragged.top > over.rect.top + over.rect.height;
    setPreview((prev) => {
      if (!prev) return prev;
      const from = findContainer(prev, active.id);
      const to = findContainer(prev, over.id);
      if (!from || !to || from === to || !isStatus(from) || !isStatus(to)) return prev;
      const id = Number(active.id);
      const target = prev[to];
      const index = insertIndex(target, over.id, below);
      return {
        ...prev,
        [from]: prev[from].filter((x) => x !== id),
        [to]: [...target.slice(0, index), id, ...target.slice(index)],
      };
    });
  };

  const finish = () => {
    edge.stop();
    boardRef.current?.style.removeProperty('min-height');
    setOverColumn(null);
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
      autoScroll={{ threshold: { x: 0.06, y: 0.06 }, acceleration: 8, canScroll }}
    >
      {compact && (
        <div className="column-tabs" role="tablist" aria-label="Board columns" ref={tabsRef}>
          {STATUSES.map((s) => (
            <ColumnTab
              key={s}
              status={s}
              tabRef={targetRefs.tab[s]}
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
            sectionRef={targetRefs.section[s]}
            headerRef={targetRefs.header[s]}
            over={overColumn === s}
            tabPanel={compact}
            readOnly={readOnly}
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
