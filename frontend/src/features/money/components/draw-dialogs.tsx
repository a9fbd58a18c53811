import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useController, useFormContext } from 'react-hook-form';
import {
  AppForm,
  Field,
  FormFooter,
  FormMessage,
  RequiredNote,
  useAppForm,
  useFieldErrors,
} from '../../../components/form';
import { useAppFormContext } from '../../../components/form/app-form';
import { describe } from '../../../components/form/field';
import { FieldError } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { formatMoney } from '../../../lib/format';
import type { FieldErrors } from '../../../lib/form-errors';
import { createDraw, nextDrawQuery } from '../api';
import type { Draw, NextDraw } from '../types';
import { amountEditText, parseDollars, sumDollars, toCents } from '../utils';
import { localToday } from '../../../lib/dates';
import { UNREACHABLE } from '../../../lib/use-item-actions';
import {
  PercentDrawLines,
  percentDrawLines,
  percentTasks,
  validatePercentLines,
  type PercentTask,
  type PercentValues,
} from './percent-draw-lines';

type DrawableItem = NextDraw['items'][number] & { task: number };

interface NewDrawValues extends PercentValues {
  /** The ticked tasks; null until one is (un)ticked: every task with work to draw for. */
  tasks: number[] | null;
  requested_on: string;
  note: string;
  final: boolean;
}

/** The tasks a draw asks for before any is (un)ticked: those with work to date to draw for. */
const drawnByDefault = (items: readonly DrawableItem[]) =>
  items.filter((i) => toCents(i.amount) > 0).map((i) => i.task);

/**
 * "Work to include": a box per task with its work to date, all that have some ticked; the group
 * is marked in error (its first box then takes focus) and described by its message and hint.
 */
function DrawTasks({ items }: { items: readonly DrawableItem[] }) {
  const { field } = useController<NewDrawValues, 'tasks'>({ name: 'tasks' });
  const { clearErrors } = useFormContext<NewDrawValues>();
  const { clearOnEdit } = useAppFormContext();
  const errors = useFieldErrors('tasks');
  const chosen = new Set(field.value ?? drawnByDefault(items));
  const aria = describe(errors, 'draw-tasks-error', 'draw-tasks-hint');
  const total = sumDollars(
    items.filter((i) => chosen.has(i.task)),
    (i) => i.amount,
  );

  const toggle = (task: number) => {
    const next = new Set(chosen);
    if (next.has(task)) next.delete(task);
    else next.add(task);
    field.onChange(items.map((i) => i.task).filter((t) => next.has(t)));
    if (clearOnEdit) clearErrors('tasks');
  };

  return (
    <>
      <fieldset className="draw-items" aria-describedby={aria['aria-describedby']} data-invalid={aria['aria-invalid']}>
        <legend className="label required">Work to include</legend>
        <small className="hint" id="draw-tasks-hint">
          Per task, the work to date (its payments, or its actual cost once Paid) not covered by earlier draws.
        </small>
        <ul>
          {items.map((item) => (
            <li key={item.task}>
              <label>
                <input
                  type="checkbox"
                  checked={chosen.has(item.task)}
                  onChange={() => toggle(item.task)}
                  onBlur={field.onBlur}
                  name="tasks"
                  value={item.task}
                />
                <span className="draw-item-title">{item.title}</span>
                <span className="draw-item-amount">{formatMoney(item.amount)}</span>
              </label>
            </li>
          ))}
        </ul>
        <FieldError id="draw-tasks" errors={errors} />
      </fieldset>
      <p className="draw-total" aria-live="polite" data-testid="new-draw-total">
        Draw total: {formatMoney(total)} ({chosen.size} {chosen.size === 1 ? 'task' : 'tasks'})
      </p>
    </>
  );
}

/** Why nothing paid is waiting to be drawn for, and that the lender can fund by percent complete. */
function NothingToDraw({ paid }: { paid?: number }) {
  return (
    <p className="muted" data-testid="no-draw-items">
      {paid !== undefined && toCents(paid) === 0
        ? 'Nothing has been paid yet, so no paid work is waiting to be drawn for.'
        : 'Every payment so far is already covered by a draw.'}{' '}
      If your lender funds by its inspector&apos;s percent complete (for example when the loan pays the contractor),
      tick the tasks it inspected below and enter each one&apos;s percent.
    </p>
  );
}

/** The percent lines, or why there are none yet. */
function PercentPart({ tasks }: { tasks: readonly PercentTask[] | undefined }) {
  if (tasks === undefined)
    return (
      <p className="page-loading" role="status">
        Loading the tasks…
      </p>
    );
  if (percentTasks(tasks).length === 0)
    return (
      <p className="muted" data-testid="no-percent-tasks">
        No task has a committed cost (an awarded bid) or an actual cost yet, so there is nothing to ask for by percent
        complete. Award a bid on the board, then request a draw.
      </p>
    );
  return <PercentDrawLines tasks={percentTasks(tasks)} />;
}

/**
 * "New draw request": what the work to date not yet covered by other draws comes to, task by
 * task (GET /api/projects/{id}/draws/next/), all ticked; or, by percent complete (the lender's
 * inspection), the tasks with a scheduled value and each one's percent. With no paid work to draw
 * for, the percent is the way offered. The server fixes the amounts on create.
 */
export function NewDrawDialog({
  projectId,
  paid,
  tasks,
  onClose,
  onCreated,
}: {
  projectId: number;
  /** The summary's Paid, when known: with nothing paid yet, there is no paid work to draw for. */
  paid?: number;
  /** The project's tasks as the Money page has them (the board's cached list); undefined while loading. */
  tasks?: readonly PercentTask[];
  onClose: () => void;
  onCreated: (draw: Draw) => void;
}) {
  const next = useQuery(nextDrawQuery(projectId));
  const [percentChosen, setPercentChosen] = useState(false);
  // Lines of deleted tasks (task null) cannot be asked for again.
  const items = (next.data?.items ?? []).filter((i): i is DrawableItem => i.task !== null);
  const byPercent = next.isSuccess && (items.length === 0 || percentChosen);
  const listed = percentTasks(tasks ?? []);
  const chosenOf = (values: NewDrawValues) => values.tasks ?? drawnByDefault(items);
  // Each refused save: messages beside the fields, the first field in error focused and scrolled into view.
  const kit = useAppForm<NewDrawValues>({
    defaultValues: { tasks: null, percent_tasks: [], requested_on: localToday(), note: '', final: false },
    fields: ['tasks', 'items', 'requested_on', 'note', 'final'],
    fallback: UNREACHABLE,
    validate: (values): FieldErrors =>
      byPercent
        ? validatePercentLines(listed, values)
        : chosenOf(values).length === 0
          ? { tasks: ['Choose at least one task.'] }
          : {},
    onError: (err) => console.error('Draw request failed', err),
  });
  const { busy } = kit;

  const save = async (values: NewDrawValues) => {
    const chosen = new Set(chosenOf(values));
    const lines = byPercent
      ? percentDrawLines(listed, values)
      : { tasks: items.filter((i) => chosen.has(i.task)).map((i) => i.task) };
    const draw = await createDraw({
      project: projectId,
      ...lines,
      requested_on: values.requested_on || undefined,
      note: values.note.trim(),
      ...(values.final ? { final: true } : {}),
    });
    onCreated(draw);
  };

  const switchTo = (percent: boolean) => {
    kit.form.clearErrors();
    setPercentChosen(percent);
  };

  return (
    <Modal title="New draw request" onClose={onClose} size="md">
      <AppForm kit={kit} className="draw-form" onSubmit={save}>
        <RequiredNote />
        <FormMessage message={kit.message} />
        {next.isPending ? (
          <p className="page-loading" role="status">
            Working out the work to date…
          </p>
        ) : next.isError ? (
          <p className="form-error" role="alert">
            What the draw would cover could not be loaded. Close this and try again.
          </p>
        ) : items.length === 0 ? (
          <>
            <NothingToDraw paid={paid} />
            <PercentPart tasks={tasks} />
          </>
        ) : byPercent ? (
          <>
            <p className="draw-mode-switch">
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => switchTo(false)}>
                Ask for the work paid instead
              </button>
            </p>
            <PercentPart tasks={tasks} />
          </>
        ) : (
          <>
            <DrawTasks items={items} />
            <p className="draw-mode-switch">
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => switchTo(true)}>
                Ask by percent complete (lender&apos;s inspection) instead
              </button>
            </p>
          </>
        )}
        <Field id="draw-requested-on" name="requested_on" label="Requested on" type="date" />
        <Field id="draw-note" name="note" label="Note for the lender (optional)">
          {(control) => <textarea rows={3} {...control} />}
        </Field>
        <div className="field draw-final">
          <label>
            <input type="checkbox" {...kit.form.register('final')} aria-describedby="new-draw-final-hint" /> Final draw
          </label>
          <small className="hint" id="new-draw-final-hint">
            The last draw of the loan: every contractor with an awarded bid then needs an unconditional final lien
            waiver. The lender&apos;s inspection (and any change to a line&apos;s percent complete) is set with Edit
            once the draft exists.
          </small>
        </div>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || !next.isSuccess || (byPercent && listed.length === 0)}
          >
            {busy ? 'Creating…' : 'Create draw request'}
          </button>
        </div>
      </AppForm>
    </Modal>
  );
}

interface FundValues {
  funded_amount: string;
  funded_on: string;
  note: string;
}

/** The funding's own checks, in its words. */
function validateFunding(values: FundValues): FieldErrors {
  const parsed = parseDollars(values.funded_amount);
  const fields: FieldErrors = {};
  if (!parsed.ok) fields.funded_amount = [parsed.message];
  if (!values.funded_on) fields.funded_on = ['Enter the date the money was released.'];
  return fields;
}

/**
 * "Mark funded": the amount the lender released (default the draw's net: the request less the
 * retainage it holds back, the server's default too) and the date.
 */
export function FundDrawDialog({
  draw,
  onClose,
  onSave,
}: {
  draw: Draw;
  onClose: () => void;
  /**
   * Saves the funding (and the note, when it changed: the reason the lender funded less); rejects
   * with the server's ApiError (its field messages show beside the fields).
   */
  onSave: (fundedAmount: number, fundedOn: string, note?: string) => Promise<void>;
}) {
  const kit = useAppForm<FundValues>({
    defaultValues: { funded_amount: amountEditText(draw.net_total), funded_on: localToday(), note: draw.note },
    fields: ['funded_amount', 'funded_on', 'note'],
    fallback: UNREACHABLE,
    validate: validateFunding,
  });
  const { busy } = kit;

  const save = async (values: FundValues) => {
    const parsed = parseDollars(values.funded_amount);
    if (!parsed.ok) return; // validateFunding said so already
    const note = values.note.trim();
    await onSave(parsed.value, values.funded_on, note === draw.note ? undefined : note);
  };

  return (
    <Modal title={`Mark draw ${draw.number} funded`} onClose={busy ? () => {} : onClose} size="sm">
      <AppForm kit={kit} onSubmit={save}>
        <RequiredNote />
        <FormMessage message={kit.message} />
        <Field
          id="fund-amount"
          name="funded_amount"
          label="Funded amount ($)"
          required="aria"
          inputMode="decimal"
          autoComplete="off"
          hint={
            draw.retainage_total > 0
              ? `The draw asked for ${formatMoney(draw.total)}; the lender holds back ${formatMoney(draw.retainage_total)} retainage (${draw.retainage_percent}%), so it releases ${formatMoney(draw.net_total)}.`
              : `The draw asked for ${formatMoney(draw.total)}.`
          }
        />
        <Field id="fund-date" name="funded_on" label="Funded on" type="date" required="aria" />
        <Field
          id="fund-note"
          name="note"
          label="Note (optional)"
          hint="Reason the lender funded less, when it released less than the request (e.g. the inspector's figure)."
        >
          {(control) => <textarea rows={2} {...control} />}
        </Field>
        <FormFooter busy={busy} onCancel={onClose} submitLabel="Mark funded" />
      </AppForm>
    </Modal>
  );
}
