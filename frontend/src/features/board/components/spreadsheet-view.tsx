import { memo, useMemo, useState, useEffect, useRef } from 'react';
import { formatMoney } from '../../../lib/format';
import { predictedCost, roundToCent } from '../money';
import { STATUSES, type Task, type TaskStatus } from '../types';
import { useBoardRenderMark } from '../perf';

interface Props {
  tasks: Task[];
  squareFootage: number | null;
  onUpdate: (task: Task, changes: Partial<Pick<Task, 'title' | 'actual_cost' | 'status'>>) => void;
  onOpen: (task: Task) => void;
}

const statusClass = (s: TaskStatus) => `status-${s.toLowerCase().replace(/\s+/g, '-')}`;

interface RowProps {
  task: Task;
  predicted: number | null;
  onUpdate: Props['onUpdate'];
  onOpen: Props['onOpen'];
}

const Row = memo(function Row({ task, predicted, onUpdate, onOpen }: RowProps) {
  const commitTitle = (value: string) => {
    const title = value.trim();
    if (title && title !== task.title) onUpdate(task, { title });
  };
  const commitCost = (value: string) => {
    const t = value.trim();
    const cost = t === '' ? null : Number(t);
    if (cost !== null && !Number.isFinite(cost)) return;
    const next = cost === null ? null : roundToCent(cost);
    if (next !== task.actual_cost) onUpdate(task, { actual_cost: next });
  };
  const commitStatus = (value: string) => {
    if (value !== task.status) onUpdate(task, { status: value as TaskStatus });
  };
  const blurOnEnter = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') e.currentTarget.blur();
  };
  return (
    <tr data-task-id={task.id}>
      <td>
        <input
          key={`t-${task.title}`}
          className="cell-input"
          aria-label={`Task title: ${task.title}`}
          defaultValue={task.title}
          onBlur={(e) => commitTitle(e.target.value)}
          onKeyDown={blurOnEnter}
        />
      </td>
      <td className="num">
        <input
          key={`c-${task.actual_cost}`}
          className="cell-input num"
          type="number"
          step="0.01"
          min="0"
          aria-label={`Your cost for ${task.title}`}
          placeholder="-"
          defaultValue={task.actual_cost ?? ''}
          onBlur={(e) => commitCost(e.target.value)}
          onKeyDown={blurOnEnter}
        />
      </td>
      <td className="num readonly">{formatMoney(predicted)}</td>
      <td className={`status-cell ${statusClass(task.status)}`}>
        <select
          key={`s-${task.status}`}
          className="cell-input"
          aria-label={`Status of ${task.title}`}
          defaultValue={task.status}
          onChange={(e) => commitStatus(e.target.value)}
          onBlur={(e) => commitStatus(e.target.value)}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
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

const ROW_HEIGHT = 49;
const WINDOW_THRESHOLD = 200;
const OVERSCAN = 20;

const visibleRows = () =>
  typeof window === 'undefined' ? 60 : Math.ceil(window.innerHeight / ROW_HEIGHT) + OVERSCAN * 2;

/** Keeps big sheets fast: beyond 200 rows only the rows near the viewport are rendered. */
function useWindow(count: number, container: React.RefObject<HTMLDivElement | null>) {
  // First range: the rows the effect below computes for an unscrolled page, so that its
  // first update does not re-render and lay out the sheet a second time.
  const [range, setRange] = useState<[number, number]>(() => [0, Math.min(count, visibleRows())]);
  useEffect(() => {
    if (count <= WINDOW_THRESHOLD) return;
    const update = () => {
      const el = container.current;
      if (!el) return;
      const rect = el.getBoundingClientRect();
      const top = Math.max(0, -rect.top);
      const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
      const visible = visibleRows();
      // The same tuple when nothing moved, so React skips the re-render.
      setRange((prev) => {
        const next: [number, number] = [first, Math.min(count, first + visible)];
        return prev[0] === next[0] && prev[1] === next[1] ? prev : next;
      });
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [count, container]);
  return count <= WINDOW_THRESHOLD ? ([0, count] as [number, number]) : range;
}

export function SpreadsheetView({ tasks, squareFootage, onUpdate, onOpen }: Props) {
  const predictions = useMemo(
    () => new Map(tasks.map((t) => [t.id, predictedCost(t, squareFootage)])),
    [tasks, squareFootage],
  );
  const wrapRef = useRef<HTMLDivElement>(null);
  const [start, end] = useWindow(tasks.length, wrapRef);
  const windowed = tasks.length > WINDOW_THRESHOLD;
  useBoardRenderMark('spreadsheet');

  if (tasks.length === 0) {
    return (
      <div className="empty card">
        <h2>No tasks yet</h2>
        <p className="muted">Use Add Task to start your list: foundation, framing, roofing…</p>
      </div>
    );
  }

  return (
    <div className="table-wrap sheet" ref={wrapRef}>
      <table className="table sheet-table" aria-label="Tasks spreadsheet" aria-rowcount={tasks.length + 1}>
        <thead>
          <tr>
            <th scope="col">Task</th>
            <th scope="col" className="num">
              Your Cost
            </th>
            <th scope="col" className="num">
              Predicted Cost
            </th>
            <th scope="col">Status</th>
            <th scope="col">Open Task</th>
          </tr>
        </thead>
        <tbody>
          {windowed && start > 0 && (
            <tr aria-hidden="true" style={{ height: start * ROW_HEIGHT }}>
              <td colSpan={5} />
            </tr>
          )}
          {tasks.slice(start, end).map((t) => (
            <Row key={t.id} task={t} predicted={predictions.get(t.id) ?? null} onUpdate={onUpdate} onOpen={onOpen} />
          ))}
          {windowed && end < tasks.length && (
            <tr aria-hidden="true" style={{ height: (tasks.length - end) * ROW_HEIGHT }}>
              <td colSpan={5} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
