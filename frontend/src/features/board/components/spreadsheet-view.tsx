import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatIsoDay, formatMoney, formatWholeMoney } from '../../../lib/format';
import { activeRatio, shownPrediction, toDollars, type PredictionSettings } from '../money';
import { pricingHint } from '../range-display';
import { useBoardRenderMark } from '../perf';
import {
  costEditText,
  costOverrun,
  isOverdue,
  nextSort,
  parseCostInput,
  sheetTotals,
  sortTasks,
  type SheetSort,
  type SortKey,
} from '../spreadsheet';
import { STATUSES, type Task, type TaskStatus } from '../types';
import { BidsCell } from './bid-summary';
import { PaidCell } from './paid-summary';
import { basisHint, PredictionFigure } from './prediction';
import { cellKey, useSheetCells, type CellActions, type CellState, type Changes } from './spreadsheet-cells';
import { useSheetWindow } from './spreadsheet-window';
import { localToday } from '../../../lib/dates';
import '../spreadsheet.css';

interface Props {
  tasks: Task[];
  squareFootage: number | null;
  /**
   * The project's setting and local ratio (the summary's `use_calibration` and `calibrated`): each
   * row shows the prediction the project uses (money.ts shownPrediction), and the projected total
   * follows the same rule.
   */
  prediction?: PredictionSettings;
  /** Saves an inline edit. A returned promise, when there is one, tells whether it was saved. */
  onUpdate: (task: Task, changes: Changes) => void | Promise<unknown>;
  onOpen: (task: Task) => void;
  /** A viewer's sheet (issue 35): the cells are shown, not edited. */
  readOnly?: boolean;
}

const statusClass = (s: TaskStatus) => `status-${s.toLowerCase().replace(/\s+/g, '-')}`;

// Dates in the browser's format (spec 9), formatted once per distinct date.
const dayLabels = new Map<string, string>();
function dayLabel(iso: string): string {
  let label = dayLabels.get(iso);
  if (label === undefined) {
    label = formatIsoDay(iso);
    dayLabels.set(iso, label);
  }
  return label;
}

interface RowProps {
  task: Task;
  /** The row's place in the sorted rows (the virtualizer's `data-index`). */
  index: number;
  /** Measures the rendered row (a windowed sheet). */
  measure: ((row: HTMLTableRowElement | null) => void) | undefined;
  predicted: number | null;
  squareFootage: number | null;
  prediction: PredictionSettings;
  today: string;
  titleCell: CellState | undefined;
  costCell: CellState | undefined;
  statusCell: CellState | undefined;
  actions: CellActions;
  onOpen: Props['onOpen'];
  readOnly: boolean;
}

interface Edit {
  field: 'title' | 'actual_cost';
  text: string;
}

function CellMessage({ id, cell }: { id: string; cell: CellState | undefined }) {
  if (cell?.status !== 'error') return null;
  return (
    <span className="cell-error" id={id}>
      {cell.message}
    </span>
  );
}

const Row = memo(function Row({
  task,
  index,
  measure,
  predicted,
  squareFootage,
  prediction,
  today,
  titleCell,
  costCell,
  statusCell,
  actions,
  onOpen,
  readOnly,
}: RowProps) {
  const [edit, setEdit] = useState<Edit | null>(null);
  const costRef = useRef<HTMLInputElement>(null);
  const selectCost = useRef(false);
  useLayoutEffect(() => {
    // Focusing a cost cell swaps "$44,100.00" for "44100": select it so typing replaces it.
    if (selectCost.current && edit?.field === 'actual_cost') {
      selectCost.current = false;
      costRef.current?.select();
    }
  }, [edit]);

  const ids = `cell-${task.id}`;
  const titleError = titleCell?.status === 'error';
  const costError = costCell?.status === 'error';
  const statusError = statusCell?.status === 'error';

  // ---- title ----
  const titleValue = edit?.field === 'title' ? edit.text : titleCell ? titleCell.value : task.title;
  const finishTitle = (text: string) => {
    setEdit(null);
    if (titleError && text === titleCell.value) return; // the refused value, unchanged: nothing new to send
    const title = text.trim();
    if (!title) {
      actions.refuse(task.id, 'title', text, 'Enter a task title.');
      return;
    }
    if (title === task.title) {
      if (titleCell) actions.clear(task.id, 'title');
      return;
    }
    actions.commit(task, 'title', text, { title });
  };

  // ---- cost ----
  let costValue: string;
  if (edit?.field === 'actual_cost') costValue = edit.text;
  else if (costCell?.status === 'error') costValue = costCell.value;
  else if (costCell) {
    const parsed = parseCostInput(costCell.value);
    costValue = parsed.ok && parsed.value !== null ? formatMoney(parsed.value) : '';
  } else costValue = task.actual_cost === null || task.actual_cost === undefined ? '' : formatMoney(task.actual_cost);
  const finishCost = (text: string) => {
    setEdit(null);
    if (costError && text === costCell.value) return;
    const parsed = parseCostInput(text);
    if (!parsed.ok) {
      actions.refuse(task.id, 'actual_cost', text, parsed.message);
      return;
    }
    if (parsed.value === (task.actual_cost ?? null)) {
      if (costCell) actions.clear(task.id, 'actual_cost');
      return;
    }
    actions.commit(task, 'actual_cost', text, { actual_cost: parsed.value });
  };
  const overrun = !costCell && edit?.field !== 'actual_cost' ? costOverrun(task.actual_cost, predicted) : null;

  // ---- status ----
  const statusValue = statusCell ? statusCell.value : task.status;
  const chooseStatus = (value: string) => {
    if (statusError && value === statusCell.value) return;
    if (value === task.status) {
      if (statusCell) actions.clear(task.id, 'status');
      return;
    }
    actions.commit(task, 'status', value, { status: value as TaskStatus });
  };

  const keys = (field: Edit['field'], saved: string) => (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') e.currentTarget.blur();
    if (e.key === 'Escape') {
      // Back to the saved value; the message goes with the refused one.
      e.preventDefault();
      setEdit({ field, text: saved });
      actions.clear(task.id, field);
    }
  };

  const overdue = isOverdue(task, today);
  const due = task.due_date ? dayLabel(task.due_date) : null;
  const describe = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(' ') || undefined;

  return (
    <tr ref={measure} data-task-id={task.id} data-index={index} aria-rowindex={index + 2}>
      <td>
        <div className="sheet-task">
          <input
            className="cell-input"
            aria-label={`Task title: ${task.title}`}
            aria-invalid={titleError || undefined}
            aria-describedby={describe(titleError && `${ids}-title-error`, due && `${ids}-due`)}
            value={titleValue}
            {...(readOnly
              ? { readOnly: true }
              : {
                  onFocus: () => setEdit({ field: 'title', text: titleValue }),
                  onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
                    setEdit({ field: 'title', text: e.target.value }),
                  onBlur: (e: React.FocusEvent<HTMLInputElement>) => finishTitle(e.target.value),
                  onKeyDown: keys('title', task.title),
                })}
          />
          {due && (
            <span
              className={overdue ? 'due-chip overdue' : 'due-chip'}
              id={`${ids}-due`}
              title={overdue ? 'Past its due date and not paid yet' : undefined}
            >
              {overdue && (
                <span className="due-icon" aria-hidden="true">
                  !{' '}
                </span>
              )}
              <span className="due-word visually-hidden-narrow">{overdue ? 'Overdue: ' : 'Due '}</span>
              {due}
            </span>
          )}
        </div>
        <CellMessage id={`${ids}-title-error`} cell={titleCell} />
      </td>
      <td className="num">
        <div className="sheet-cost">
          <input
            ref={costRef}
            className="cell-input num"
            inputMode="decimal"
            autoComplete="off"
            aria-label={`Your cost for ${task.title}`}
            aria-invalid={costError || undefined}
            aria-describedby={describe(costError && `${ids}-cost-error`, overrun !== null && `${ids}-variance`)}
            placeholder="-"
            value={costValue}
            {...(readOnly
              ? { readOnly: true }
              : {
                  onFocus: () => {
                    selectCost.current = true;
                    setEdit({
                      field: 'actual_cost',
                      text: costError ? costCell.value : costEditText(task.actual_cost),
                    });
                  },
                  onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
                    setEdit({ field: 'actual_cost', text: e.target.value }),
                  onBlur: (e: React.FocusEvent<HTMLInputElement>) => finishCost(e.target.value),
                  onKeyDown: keys('actual_cost', costEditText(task.actual_cost)),
                })}
          />
          {overrun !== null && (
            <span
              className="variance"
              id={`${ids}-variance`}
              title={`${overrun}% above the predicted ${formatWholeMoney(predicted ?? 0)}`}
            >
              <span aria-hidden="true">▲ </span>+{overrun}%
              <span className="visually-hidden"> above the predicted cost of {formatWholeMoney(predicted ?? 0)}</span>
            </span>
          )}
        </div>
        <CellMessage id={`${ids}-cost-error`} cell={costCell} />
      </td>
      <PredictedCell task={task} squareFootage={squareFootage} prediction={prediction} />
      <PaidCell task={task} />
      <BidsCell task={task} />
      <td className={`status-cell ${statusClass(task.status)}`}>
        <select
          className="cell-input"
          aria-label={`Status of ${task.title}`}
          aria-invalid={statusError || undefined}
          aria-describedby={statusError ? `${ids}-status-error` : undefined}
          value={statusValue}
          disabled={readOnly}
          onChange={(e) => chooseStatus(e.target.value)}
          onBlur={(e) => chooseStatus(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && statusCell) {
              e.preventDefault();
              actions.clear(task.id, 'status');
            }
          }}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <CellMessage id={`${ids}-status-error`} cell={statusCell} />
      </td>
      <td>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => onOpen(task)}
          aria-label={`Open task ${task.title}`}
        >
          Open
        </button>
      </td>
    </tr>
  );
});

/**
 * The read-only Predicted Cost cell: the prediction the project uses (regional, calibrated to the
 * whole dollar, or a fee's regional price) with its range and basis.
 */
function PredictedCell({
  task,
  squareFootage,
  prediction: settings,
}: {
  task: Task;
  squareFootage: number | null;
  prediction: PredictionSettings;
}) {
  const prediction = shownPrediction(task, squareFootage, settings);
  if (prediction === null) return <td className="num readonly">-</td>;
  return (
    <td
      className="num readonly"
      data-basis={prediction.basis}
      title={`${pricingHint(task.pricing, squareFootage)} ${basisHint(prediction.basis, activeRatio(settings))}`}
    >
      <span className="sheet-predicted" data-testid="sheet-predicted">
        <PredictionFigure prediction={prediction} />
      </span>
    </td>
  );
}

const COLUMNS: { key: SortKey | null; label: string; num?: boolean }[] = [
  { key: 'title', label: 'Task' },
  { key: 'actual_cost', label: 'Your Cost', num: true },
  { key: 'predicted', label: 'Predicted Cost', num: true },
  { key: 'paid', label: 'Paid', num: true },
  { key: null, label: 'Bids' },
  { key: 'status', label: 'Status' },
  { key: null, label: 'Open Task' },
];

function SortIcon({ dir }: { dir: SheetSort['dir'] | null }) {
  return (
    <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" className="sort-icon" data-dir={dir ?? 'none'}>
      <path d="M6 1.5 9 5H3z" className="up" />
      <path d="M6 10.5 3 7h6z" className="down" />
    </svg>
  );
}

export function SpreadsheetView({
  tasks,
  squareFootage,
  prediction = null,
  onUpdate,
  onOpen,
  readOnly = false,
}: Props) {
  // Each task's prediction as shown (for sorting and the variance mark), in dollars.
  const predictions = useMemo(
    () =>
      new Map(
        tasks.map((t) => {
          const shown = shownPrediction(t, squareFootage, prediction);
          return [t.id, shown === null ? null : toDollars(shown.cents)];
        }),
      ),
    [tasks, squareFootage, prediction],
  );
  const calibrated = activeRatio(prediction) !== null;
  const [sort, setSort] = useState<SheetSort | null>(null);
  const rows = useMemo(() => sortTasks(tasks, sort, (t) => predictions.get(t.id) ?? null), [tasks, sort, predictions]);
  const totals = useMemo(() => sheetTotals(tasks, squareFootage, prediction), [tasks, squareFootage, prediction]);
  const anyOverrun = useMemo(
    () => tasks.some((t) => costOverrun(t.actual_cost, predictions.get(t.id)) !== null),
    [tasks, predictions],
  );
  const [today] = useState(localToday);
  const { cells, actions, announcement } = useSheetCells(onUpdate);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const keyOf = useCallback((index: number) => rows[index].id, [rows]);
  const shown = useSheetWindow(rows.length, keyOf, bodyRef);
  useBoardRenderMark('spreadsheet');

  if (tasks.length === 0) {
    return (
      <div className="empty card">
        <h2>No tasks yet</h2>
        <p className="muted">
          {readOnly
            ? 'The project has no tasks yet.'
            : 'Use Add Task to start your list: foundation, framing, roofing…'}
        </p>
      </div>
    );
  }

  return (
    <>
      <div className={shown.measure ? 'table-wrap sheet sheet-windowed' : 'table-wrap sheet'}>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
        <table className="table sheet-table" aria-label="Tasks spreadsheet" aria-rowcount={rows.length + 2}>
          <thead>
            <tr aria-rowindex={1}>
              {COLUMNS.map((c) => {
                const dir = c.key && sort?.key === c.key ? sort.dir : null;
                return (
                  <th key={c.label} scope="col" className={c.num ? 'num' : undefined} aria-sort={dir ?? undefined}>
                    {c.key ? (
                      <button
                        type="button"
                        className="sheet-sort"
                        onClick={() => setSort((s) => nextSort(s, c.key!))}
                        title={`Sort by ${c.label}`}
                      >
                        {c.label}
                        <SortIcon dir={dir} />
                      </button>
                    ) : (
                      c.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody ref={bodyRef}>
            {shown.before > 0 && (
              <tr aria-hidden="true" className="sheet-spacer" style={{ height: shown.before }}>
                <td colSpan={COLUMNS.length} />
              </tr>
            )}
            {shown.indexes.map((i) => {
              const t = rows[i];
              return (
                <Row
                  key={t.id}
                  task={t}
                  index={i}
                  measure={shown.measure}
                  predicted={predictions.get(t.id) ?? null}
                  squareFootage={squareFootage}
                  prediction={prediction}
                  today={today}
                  titleCell={cells[cellKey(t.id, 'title')]}
                  costCell={cells[cellKey(t.id, 'actual_cost')]}
                  statusCell={cells[cellKey(t.id, 'status')]}
                  actions={actions}
                  onOpen={onOpen}
                  readOnly={readOnly}
                />
              );
            })}
            {shown.after > 0 && (
              <tr aria-hidden="true" className="sheet-spacer" style={{ height: shown.after }}>
                <td colSpan={COLUMNS.length} />
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr className="sheet-totals" aria-rowindex={rows.length + 2}>
              <th scope="row">Total</th>
              <td className="num" data-testid="sheet-total-actual">
                {formatMoney(totals.actual)}
              </td>
              <td className="num">
                {/* Not the predicted total (that is at the end of the row): every row's prediction added. */}
                <span className="sheet-total-label">Sum of predictions </span>
                <span data-testid="sheet-total-predicted">{formatWholeMoney(totals.predicted)}</span>
              </td>
              <td className="num" data-testid="sheet-total-paid">
                {formatMoney(totals.paid)}
              </td>
              <td colSpan={3} className="sheet-projected">
                <span
                  title={`Your cost where entered, else the awarded bid, else the ${calibrated ? 'calibrated ' : ''}prediction: the Predicted Total Cost above`}
                >
                  <span className="muted">{calibrated ? 'Predicted total (calibrated) ' : 'Predicted total '}</span>
                  <strong data-testid="sheet-total-projected">{formatMoney(totals.projected)}</strong>
                  <span className="visually-hidden">
                    {' '}
                    (your cost where entered, else the awarded bid, else the {calibrated ? 'calibrated ' : ''}
                    prediction)
                  </span>
                </span>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {anyOverrun && (
        <p className="hint sheet-note">
          <span className="variance">
            <span aria-hidden="true">▲ </span>+%
          </span>{' '}
          beside a cost: it is more than 25% above its predicted cost.
        </p>
      )}
    </>
  );
}
