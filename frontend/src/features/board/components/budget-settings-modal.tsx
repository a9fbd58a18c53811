import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { RequiredNote } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import type { FieldErrors } from '../../../lib/form-errors';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import type { ProjectMoneyPatch } from '../api';
import { DEFAULT_CONTINGENCY_PERCENT } from '../money';
import type { BoardProject } from '../types';
import { parseBudget, parseContingency, parseLoan } from '../utils';

interface Props {
  project: BoardProject;
  busy: boolean;
  /** The server's messages per field (`budget`, `contingency_percent`, `loan_amount`). */
  errors?: FieldErrors;
  /** A message for the whole dialog (not tied to a field). */
  message?: string;
  /** Only the fields that changed, the budget always (the server says why it refuses one). */
  onSave: (patch: ProjectMoneyPatch) => void;
  onCancel: () => void;
}

type Field = 'budget' | 'contingency_percent' | 'loan_amount';
const IDS: Record<Field, string> = {
  budget: 'budget-amount',
  contingency_percent: 'budget-contingency',
  loan_amount: 'budget-loan',
};

const editText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : Number.isInteger(value) ? String(value) : value.toFixed(2);

/**
 * "Update Budget": the project's budget, its contingency (the share of the budget kept for
 * surprises, 0-50%, default 10%) and its construction loan (empty for none), one PATCH of
 * /api/projects/{id}/. Enter in any field saves. The budget is sent as typed (a blank one is the
 * server's to refuse, beside the field); the two settings are checked here first.
 */
export function BudgetSettingsModal({ project, busy, errors, message, onSave, onCancel }: Props) {
  const [values, setValues] = useState(() => ({
    budget: editText(project.budget),
    contingency_percent: String(project.contingency_percent ?? DEFAULT_CONTINGENCY_PERCENT),
    loan_amount: editText(project.loan_amount),
  }));
  const [local, setLocal] = useState<FieldErrors>({});
  const budgetRef = useRef<HTMLInputElement>(null);
  // A refused save (the server's messages, or this form's own): the first field in error takes focus.
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState(0);
  useFocusFirstError(formRef, failure);
  useFocusFirstError(formRef, errors);
  // After the dialog moved focus into the budget (its effect runs first): Enter keeps it, typing replaces it.
  useEffect(() => {
    if (budgetRef.current?.value) budgetRef.current.select();
  }, []);

  // The server's messages when they are new; the local ones while a field is being corrected.
  const [shownErrors, setShownErrors] = useState<FieldErrors | undefined>(errors);
  const [seenErrors, setSeenErrors] = useState(errors);
  if (seenErrors !== errors) {
    setSeenErrors(errors);
    setShownErrors(errors);
  }
  const all: FieldErrors = { ...(shownErrors ?? {}), ...local };

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (all[field]) {
      const drop = (e: FieldErrors | undefined) => {
        if (!e?.[field]) return e;
        const rest = { ...e };
        delete rest[field];
        return rest;
      };
      setLocal((e) => drop(e) ?? {});
      setShownErrors(drop);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const contingency = parseContingency(values.contingency_percent);
    const loan = parseLoan(values.loan_amount);
    const problems: FieldErrors = {};
    if (!contingency.ok) problems.contingency_percent = [contingency.message];
    if (!loan.ok) problems.loan_amount = [loan.message];
    setLocal(problems);
    if (!contingency.ok || !loan.ok) {
      setFailure((n) => n + 1);
      return;
    }
    const patch: ProjectMoneyPatch = { budget: parseBudget(values.budget) };
    if (contingency.value !== (project.contingency_percent ?? DEFAULT_CONTINGENCY_PERCENT))
      patch.contingency_percent = contingency.value;
    if (loan.value !== (project.loan_amount ?? null)) patch.loan_amount = loan.value;
    onSave(patch);
  };

  const describedBy = (field: Field, hint: string | null) => {
    const errorId = all[field]?.length ? `${IDS[field]}-error` : null;
    return {
      'aria-invalid': errorId ? true : undefined,
      'aria-describedby': [errorId, hint].filter(Boolean).join(' ') || undefined,
    } as const;
  };
  const fieldError = (field: Field): ReactNode =>
    all[field]?.length ? (
      <small className="field-error" id={`${IDS[field]}-error`} role="alert">
        {all[field].join(' ')}
      </small>
    ) : null;

  return (
    <Modal title="Update Project Budget" onClose={onCancel} size="sm">
      <form ref={formRef} onSubmit={submit} className="stack-sm budget-settings" noValidate>
        <RequiredNote />
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        <div className="field">
          <label htmlFor={IDS.budget} className="required">
            Budget
          </label>
          <div className="input-prefix">
            <span aria-hidden="true">$</span>
            <input
              ref={budgetRef}
              id={IDS.budget}
              name="budget"
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              aria-required="true"
              value={values.budget}
              onChange={(e) => set('budget', e.target.value)}
              {...describedBy('budget', null)}
            />
          </div>
          {fieldError('budget')}
        </div>
        <div className="grid-2">
          <div className="field">
            <label htmlFor={IDS.contingency_percent}>Contingency (%)</label>
            <div className="input-suffix">
              <input
                id={IDS.contingency_percent}
                name="contingency_percent"
                type="number"
                step="1"
                min="0"
                max="50"
                inputMode="numeric"
                value={values.contingency_percent}
                onChange={(e) => set('contingency_percent', e.target.value)}
                {...describedBy('contingency_percent', 'budget-contingency-hint')}
              />
              <span aria-hidden="true">%</span>
            </div>
            {fieldError('contingency_percent')}
            <small className="hint" id="budget-contingency-hint">
              Kept for surprises, 0 to 50 (usually 10).
            </small>
          </div>
          <div className="field">
            <label htmlFor={IDS.loan_amount}>Construction loan</label>
            <div className="input-prefix">
              <span aria-hidden="true">$</span>
              <input
                id={IDS.loan_amount}
                name="loan_amount"
                inputMode="decimal"
                autoComplete="off"
                placeholder="None"
                value={values.loan_amount}
                onChange={(e) => set('loan_amount', e.target.value)}
                {...describedBy('loan_amount', 'budget-loan-hint')}
              />
            </div>
            {fieldError('loan_amount')}
            <small className="hint" id="budget-loan-hint">
              Leave empty if you have none.
            </small>
          </div>
        </div>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
