import { memo, startTransition, useEffect, useId, useState } from 'react';
import { useCanEdit } from '../../../lib/edit-access';
import { formatMoney } from '../../../lib/format';
import { FIGURES } from '../../../lib/money-words';
import { shownPrediction, type PredictionSettings } from '../money';
import { paidAmount } from '../paid-display';
import type { Task, TaskStatus } from '../types';
import { PredictionFigure } from './prediction';
import './task-rows.css';

/** Rows rendered at first; "Show more" adds a page (a 1,000-task board stays quick on a phone). */
export const ROWS_PAGE = 100;

/**
 * Rows of the first paint, more than a phone's screen holds; the rest of the page follows right
 * after, at low priority. 100 rows were 1,800 of the board's 1,950 elements (issue 31).
 */
export const FIRST_PAINT_ROWS = 16;

interface Props {
  tasks: Task[];
  squareFootage: number | null;
  /** The project's setting and local ratio (the summary's): each row's prediction follows it. */
  prediction?: PredictionSettings;
  onOpen: (task: Task) => void;
}

const statusSlug = (s: TaskStatus) => s.toLowerCase().replace(/\s+/g, '-');

/**
 * The task's best-known cost (DECISIONS.md) and what it is: the actual cost, else the committed
 * cost (the awarded bid and its change orders), else the prediction the project uses (money.ts
 * shownPrediction: regional or calibrated, in whole dollars with its range).
 */
function BestKnownCost({
  task,
  squareFootage,
  settings,
}: {
  task: Task;
  squareFootage: number | null;
  settings: PredictionSettings;
}) {
  let label: string;
  let value: React.ReactNode;
  if (task.actual_cost !== null && task.actual_cost !== undefined) {
    label = 'Your cost';
    value = formatMoney(task.actual_cost);
  } else if (task.committed_cost !== null && task.committed_cost !== undefined) {
    label = FIGURES.committed.label;
    value = formatMoney(task.committed_cost);
  } else {
    const prediction = shownPrediction(task, squareFootage, settings);
    label = 'Predicted';
    value = prediction === null ? <Dash /> : <PredictionFigure prediction={prediction} />;
  }
  return (
    <div className="task-row-figure">
      <dt>{label}</dt>
      <dd data-testid="task-row-cost">{value}</dd>
    </div>
  );
}

/** A dash for the eye, words for a screen reader. */
function Dash() {
  return (
    <>
      <span aria-hidden="true">-</span>
      <span className="visually-hidden">none yet</span>
    </>
  );
}

interface RowProps {
  task: Task;
  squareFootage: number | null;
  settings: PredictionSettings;
  onOpen: (task: Task) => void;
}

/**
 * One task as a card row: its whole title (wrapping, never cut), its status, its best-known cost
 * and what is paid. The row's one control opens the task ("Open task …", as in the other views);
 * it covers the whole card, so a tap anywhere on it opens the task.
 */
const TaskRow = memo(function TaskRow({ task, squareFootage, settings, onOpen }: RowProps) {
  const paid = paidAmount(task);
  return (
    <li className={`task-row task-row-${statusSlug(task.status)}`} data-task-id={task.id} data-testid="task-row">
      <h3 className="task-row-title" data-testid="task-row-title">
        {task.title}
      </h3>
      <p className={`task-row-status status-pill-${statusSlug(task.status)}`} data-testid="task-row-status">
        <span className="visually-hidden">Status: </span>
        {task.status}
      </p>
      <dl className="task-row-figures">
        <BestKnownCost task={task} squareFootage={squareFootage} settings={settings} />
        <div className="task-row-figure">
          <dt>{FIGURES.paid.label}</dt>
          <dd data-testid="task-row-paid">{paid === null ? <Dash /> : formatMoney(paid)}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="task-row-open"
        aria-label={`Open task ${task.title}`}
        onClick={() => onOpen(task)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="m9 6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
});

/**
 * The board as a list of task cards, for narrow screens (below NARROW_QUERY, view-preference.ts),
 * where the spreadsheet's columns would cut every title: the same tasks in the same order, each
 * opening the task form as a spreadsheet row's Open button does.
 */
export function TaskRowsView({ tasks, squareFootage, prediction = null, onOpen }: Props) {
  const headingId = useId();
  const [limit, setLimit] = useState(ROWS_PAGE);
  const [painted, setPainted] = useState(false);
  useEffect(() => startTransition(() => setPainted(true)), []);
  const shown = tasks.slice(0, painted ? limit : Math.min(limit, FIRST_PAINT_ROWS));
  const rest = Math.max(0, tasks.length - limit);
  // A viewer (issue 35) has no Add Task button to be pointed at.
  const canEdit = useCanEdit();

  if (tasks.length === 0) {
    return (
      <div className="empty card">
        <h2>No tasks yet</h2>
        <p className="muted">
          {canEdit ? 'Use Add Task to start your list: foundation, framing, roofing…' : 'The project has no tasks yet.'}
        </p>
      </div>
    );
  }

  return (
    <section className="task-rows" aria-labelledby={headingId} data-testid="task-rows">
      <h2 id={headingId} className="task-rows-heading">
        Tasks <span className="task-rows-count">({tasks.length})</span>
      </h2>
      <ul className="task-rows-list">
        {shown.map((t) => (
          <TaskRow key={t.id} task={t} squareFootage={squareFootage} settings={prediction} onOpen={onOpen} />
        ))}
      </ul>
      {rest > 0 && (
        <button type="button" className="btn task-rows-more" onClick={() => setLimit((n) => n + ROWS_PAGE)}>
          Show {Math.min(rest, ROWS_PAGE)} more tasks
        </button>
      )}
    </section>
  );
}
