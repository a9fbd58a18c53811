import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { formatMoney } from '../../../lib/format';
import { toFormErrors, type FormErrors } from '../../../lib/form-errors';
import { createDraw, nextDrawQuery } from '../api';
import type { Draw, DrawItem } from '../types';
import { amountEditText, parseDollars, sumDollars, toCents } from '../utils';
import { localToday } from '../../../lib/dates';
import { UNREACHABLE } from '../../../lib/use-item-actions';

const NO_ERRORS: FormErrors = { message: '', fields: {} };

/**
 * "New draw request": what the work to date not yet covered by other draws comes to, task by
 * task (GET /api/projects/{id}/draws/next/), all ticked; the server fixes the amounts on create.
 */
export function NewDrawDialog({
  projectId,
  paid,
  onClose,
  onCreated,
}: {
  projectId: number;
  /** The summary's Paid, when known: with nothing paid yet, there is nothing to draw. */
  paid?: number;
  onClose: () => void;
  onCreated: (draw: Draw) => void;
}) {
  const next = useQuery(nextDrawQuery(projectId));
  // Lines of deleted tasks (task null) cannot be asked for again.
  const items = (next.data?.items ?? []).filter((i): i is DrawItem & { task: number } => i.task !== null);
  const [picked, setPicked] = useState<Set<number> | null>(null);
  const [requestedOn, setRequestedOn] = useState(localToday);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saving, setSaving] = useState(false);
  const chosen = picked ?? new Set(items.filter((i) => toCents(i.amount) > 0).map((i) => i.task));
  const total = sumDollars(
    items.filter((i) => chosen.has(i.task)),
    (i) => i.amount,
  );

  const toggle = (task: number) => {
    const nextSet = new Set(chosen);
    if (nextSet.has(task)) nextSet.delete(task);
    else nextSet.add(task);
    setPicked(nextSet);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    if (chosen.size === 0) {
      setErrors({ message: '', fields: { tasks: ['Choose at least one task.'] } });
      return;
    }
    setSaving(true);
    setErrors(NO_ERRORS);
    try {
      const draw = await createDraw({
        project: projectId,
        tasks: items.filter((i) => chosen.has(i.task)).map((i) => i.task),
        requested_on: requestedOn || undefined,
        note: note.trim(),
      });
      onCreated(draw);
    } catch (err) {
      console.error('Draw request failed', err);
      setErrors(toFormErrors(err, ['tasks', 'requested_on', 'note'], UNREACHABLE));
      setSaving(false);
    }
  };

  const tasksError = errors.fields.tasks;
  return (
    <Modal title="New draw request" onClose={onClose} size="md">
      <form onSubmit={(e) => void submit(e)} noValidate className="draw-form">
        {errors.message && (
          <p className="form-error" role="alert">
            {errors.message}
          </p>
        )}
        {next.isPending ? (
          <p className="page-loading" role="status">
            Working out the work to date…
          </p>
        ) : next.isError ? (
          <p className="form-error" role="alert">
            What the draw would cover could not be loaded. Close this and try again.
          </p>
        ) : items.length === 0 ? (
          <p className="muted" data-testid="no-draw-items">
            {paid !== undefined && toCents(paid) === 0
              ? 'Nothing has been paid yet, so there is no work to draw for. Record payments (or move finished work to Paid) on the board, then request a draw.'
              : 'Every payment so far is already covered by a draw. Record new payments (or move finished work to Paid) on the board, then request the next draw.'}
          </p>
        ) : (
          <fieldset
            className="draw-items"
            aria-describedby={tasksError ? 'draw-tasks-error draw-tasks-hint' : 'draw-tasks-hint'}
          >
            <legend>Work to include</legend>
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
                      name="tasks"
                      value={item.task}
                    />
                    <span className="draw-item-title">{item.title}</span>
                    <span className="draw-item-amount">{formatMoney(item.amount)}</span>
                  </label>
                </li>
              ))}
            </ul>
            {tasksError && (
              <small className="field-error" id="draw-tasks-error">
                {tasksError.join(' ')}
              </small>
            )}
          </fieldset>
        )}
        {items.length > 0 && (
          <p className="draw-total" aria-live="polite" data-testid="new-draw-total">
            Draw total: {formatMoney(total)} ({chosen.size} {chosen.size === 1 ? 'task' : 'tasks'})
          </p>
        )}
        <FormField
          id="draw-requested-on"
          label="Requested on"
          type="date"
          value={requestedOn}
          onChange={(e) => setRequestedOn(e.target.value)}
          errors={errors.fields.requested_on}
        />
        <div className="field">
          <label htmlFor="draw-note">Note for the lender (optional)</label>
          <textarea
            id="draw-note"
            rows={3}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={errors.fields.note ? true : undefined}
            aria-describedby={errors.fields.note ? 'draw-note-error' : undefined}
          />
          {errors.fields.note && (
            <small className="field-error" id="draw-note-error">
              {errors.fields.note.join(' ')}
            </small>
          )}
        </div>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving || items.length === 0}>
            {saving ? 'Creating…' : 'Create draw request'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** "Mark funded": the amount the lender released (default the draw's total) and the date. */
export function FundDrawDialog({
  draw,
  onClose,
  onSave,
}: {
  draw: Draw;
  onClose: () => void;
  /** Resolves with field errors to show, or null once saved. */
  onSave: (fundedAmount: number, fundedOn: string) => Promise<FormErrors | null>;
}) {
  const [amount, setAmount] = useState(() => amountEditText(draw.total));
  const [fundedOn, setFundedOn] = useState(localToday);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const parsed = parseDollars(amount);
    const fields: Record<string, string[]> = {};
    if (!parsed.ok) fields.funded_amount = [parsed.message];
    if (!fundedOn) fields.funded_on = ['Enter the date the money was released.'];
    if (!parsed.ok || !fundedOn) {
      setErrors({ message: '', fields });
      return;
    }
    setSaving(true);
    setErrors(NO_ERRORS);
    const result = await onSave(parsed.value, fundedOn);
    if (result) {
      setErrors(result);
      setSaving(false);
    }
  };

  return (
    <Modal title={`Mark draw ${draw.number} funded`} onClose={onClose} size="sm">
      <form onSubmit={(e) => void submit(e)} noValidate>
        {errors.message && (
          <p className="form-error" role="alert">
            {errors.message}
          </p>
        )}
        <FormField
          id="fund-amount"
          label="Funded amount ($)"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          errors={errors.fields.funded_amount}
          hint={`The draw asked for ${formatMoney(draw.total)}.`}
        />
        <FormField
          id="fund-date"
          label="Funded on"
          type="date"
          value={fundedOn}
          onChange={(e) => setFundedOn(e.target.value)}
          errors={errors.fields.funded_on}
        />
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Mark funded'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
