import { useController, useFormContext } from 'react-hook-form';
import { Field, useFieldErrors } from '../../../components/form';
import { useAppFormContext } from '../../../components/form/app-form';
import { FieldError } from '../../../components/ui/form-field';
import { formatMoney } from '../../../lib/format';
import type { FieldErrors } from '../../../lib/form-errors';
import type { DrawWrite, MoneyTask } from '../types';
import { parsePercent } from '../utils';
import '../draw-percent.css';

// "New draw request" by percent complete (the lender's inspection): for a lender that funds by its
// inspector's figure, e.g. when the loan pays the contractor and nothing is paid yet. The server
// works out each line (scheduled value × percent − what earlier draws covered) on create.

/** What the percent lines read of a task: the board's row as the Money page has it. */
export type PercentTask = Pick<MoneyTask, 'id' | 'title' | 'committed_cost' | 'actual_cost'>;

/** The name of a task's "Percent complete" box in the form (as in the Edit draw dialog). */
export type PercentName = `pct_${number}`;
export const pctName = (task: number): PercentName => `pct_${task}`;

/** The form's values this part reads: the ticked tasks and each one's typed percent. */
export interface PercentValues {
  percent_tasks: number[];
  [name: PercentName]: string | undefined;
}

/**
 * A task's scheduled value as the server fixes it on a new line: its committed cost (awarded bid
 * plus approved change orders), else its actual cost, else 0. Read, never computed.
 */
const scheduledValue = (task: PercentTask): number => task.committed_cost ?? task.actual_cost ?? 0;

/** The tasks a percent can ask for: those with a scheduled value, in board order. */
export const percentTasks = (tasks: readonly PercentTask[]) => tasks.filter((t) => scheduledValue(t) > 0);

const typed = (values: PercentValues, task: number) => String(values[pctName(task)] ?? '');

/** The ticked tasks, in the order listed (those still listed). */
const tickedOf = (tasks: readonly PercentTask[], values: PercentValues) => {
  const ticked = new Set(values.percent_tasks);
  return tasks.filter((t) => ticked.has(t.id)).map((t) => t.id);
};

/** The checks of the percent lines, in the words of the rest of the form and of the Edit draw dialog. */
export function validatePercentLines(tasks: readonly PercentTask[], values: PercentValues): FieldErrors {
  const ticked = tickedOf(tasks, values);
  if (ticked.length === 0) return { tasks: ['Choose at least one task.'] };
  const fields: FieldErrors = {};
  for (const task of ticked) {
    const parsed = parsePercent(typed(values, task));
    if (!parsed.ok) fields[pctName(task)] = [parsed.message];
  }
  return fields;
}

/** What the lines send: `tasks` the ticked ones, `items` each ticked one with a percent (none: left out). */
export function percentDrawLines(
  tasks: readonly PercentTask[],
  values: PercentValues,
): { tasks: number[]; items?: NonNullable<DrawWrite['items']> } {
  const ticked = tickedOf(tasks, values);
  const items = ticked.flatMap((task) => {
    const parsed = parsePercent(typed(values, task));
    return parsed.ok && parsed.value !== null ? [{ task, percent_complete: parsed.value }] : [];
  });
  return items.length > 0 ? { tasks: ticked, items } : { tasks: ticked };
}

/**
 * "By percent complete (lender's inspection)": a box per task with a scheduled value and, once
 * ticked, its "Percent complete". The group is marked in error for "Choose at least one task."
 * and the server's `tasks` and `items` messages, shown under it.
 */
export function PercentDrawLines({ tasks }: { tasks: readonly PercentTask[] }) {
  const { field } = useController<PercentValues, 'percent_tasks'>({ name: 'percent_tasks' });
  const { clearErrors } = useFormContext();
  const { clearOnEdit } = useAppFormContext();
  const tasksErrors = useFieldErrors('tasks');
  const itemsErrors = useFieldErrors('items');
  const ticked = new Set(field.value);
  // Marked in error (its first box then takes focus) and described by its messages and hint.
  const errorIds = [
    tasksErrors?.length ? 'draw-pct-tasks-error' : '',
    itemsErrors?.length ? 'draw-items-error' : '',
  ].filter(Boolean);

  const toggle = (task: number) => {
    const next = new Set(ticked);
    if (next.has(task)) next.delete(task);
    else next.add(task);
    field.onChange(tasks.map((t) => t.id).filter((t) => next.has(t)));
    if (clearOnEdit) clearErrors(['tasks', 'items', pctName(task)]);
  };

  return (
    <fieldset
      className="draw-lines draw-pct-lines"
      aria-describedby={[...errorIds, 'draw-pct-hint'].join(' ')}
      data-invalid={errorIds.length > 0 ? true : undefined}
    >
      <legend className="label required">By percent complete (lender&apos;s inspection)</legend>
      <small className="hint" id="draw-pct-hint">
        Tick each task the lender&apos;s inspector checked and enter its percent complete: the inspector&apos;s figure
        (0–100). The line then asks for its scheduled value × that percent, less what earlier draws covered. Leave it
        empty to ask for the work to date. The amounts are worked out when the draft is created.
      </small>
      <ul>
        {tasks.map((task) => {
          const on = ticked.has(task.id);
          return (
            <li key={task.id} className="draw-line" data-testid="draw-pct-line">
              <div className="draw-line-head">
                <label className="draw-pct-pick">
                  <input
                    type="checkbox"
                    checked={on}
                    onChange={() => toggle(task.id)}
                    onBlur={field.onBlur}
                    name="percent_tasks"
                    value={task.id}
                  />
                  <span className="draw-item-title">{task.title}</span>
                </label>
                <span className="draw-line-figures">Scheduled value {formatMoney(scheduledValue(task))}</span>
              </div>
              <Field
                id={`draw-pct-${task.id}`}
                name={pctName(task.id)}
                className="draw-line-pct"
                label={
                  <>
                    Percent complete<span className="visually-hidden">, {task.title}</span>
                  </>
                }
                inputMode="decimal"
                autoComplete="off"
                disabled={!on}
                onChange={() => clearErrors('items')}
              />
            </li>
          );
        })}
      </ul>
      <FieldError id="draw-pct-tasks" errors={tasksErrors} />
      <FieldError id="draw-items" errors={itemsErrors} />
    </fieldset>
  );
}
