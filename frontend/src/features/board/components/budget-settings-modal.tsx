import { useEffect } from 'react';
import { AppForm, Field, FormMessage, RequiredNote, useAppForm } from '../../../components/form';
import { Modal } from '../../../components/ui/modal';
import type { FieldErrors } from '../../../lib/form-errors';
import type { ProjectMoneyPatch } from '../api';
import { DEFAULT_CONTINGENCY_PERCENT } from '../money';
import type { BoardProject } from '../types';
import { parseBudget, parseContingency, parseLoan } from '../utils';

interface Props {
  project: BoardProject;
  /** Only the fields that changed, the budget always (the server says why it refuses one): throws when refused. */
  onSave: (patch: ProjectMoneyPatch) => Promise<void>;
  onCancel: () => void;
}

interface Values {
  budget: string;
  contingency_percent: string;
  loan_amount: string;
}

const IDS: Record<keyof Values, string> = {
  budget: 'budget-amount',
  contingency_percent: 'budget-contingency',
  loan_amount: 'budget-loan',
};
const UNREACHABLE = 'The server could not be reached. Please try again.';

const editText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : Number.isInteger(value) ? String(value) : value.toFixed(2);

/** The two settings this form checks before it sends anything. */
function validate(values: Values): FieldErrors {
  const problems: FieldErrors = {};
  const contingency = parseContingency(values.contingency_percent);
  const loan = parseLoan(values.loan_amount);
  if (!contingency.ok) problems.contingency_percent = [contingency.message];
  if (!loan.ok) problems.loan_amount = [loan.message];
  return problems;
}

/**
 * "Update Budget": the project's budget, its contingency (the share of the budget kept for
 * surprises, 0-50%, default 10%) and its construction loan (empty for none), one PATCH of
 * /api/projects/{id}/. Enter in any field saves. The budget is sent as typed (a blank one is the
 * server's to refuse, beside the field); the two settings are checked here first.
 */
export function BudgetSettingsModal({ project, onSave, onCancel }: Props) {
  // A refused save (the server's messages, or this form's own): the first field in error takes focus.
  const kit = useAppForm<Values>({
    defaultValues: {
      budget: editText(project.budget),
      contingency_percent: String(project.contingency_percent ?? DEFAULT_CONTINGENCY_PERCENT),
      loan_amount: editText(project.loan_amount),
    },
    fields: ['budget', 'contingency_percent', 'loan_amount'],
    fallback: UNREACHABLE,
    validate,
  });
  const { busy, formRef } = kit;
  // After the dialog moved focus into the budget (its effect runs first): Enter keeps it, typing replaces it.
  useEffect(() => {
    const budget = formRef.current?.querySelector<HTMLInputElement>(`#${IDS.budget}`);
    if (budget?.value) budget.select();
  }, [formRef]);

  const save = async (values: Values) => {
    const contingency = parseContingency(values.contingency_percent);
    const loan = parseLoan(values.loan_amount);
    const patch: ProjectMoneyPatch = { budget: parseBudget(values.budget) };
    if (contingency.ok && contingency.value !== (project.contingency_percent ?? DEFAULT_CONTINGENCY_PERCENT))
      patch.contingency_percent = contingency.value;
    if (loan.ok && loan.value !== (project.loan_amount ?? null)) patch.loan_amount = loan.value;
    await onSave(patch);
  };

  return (
    <Modal title="Update Project Budget" onClose={onCancel} size="sm">
      <AppForm kit={kit} onSubmit={save} className="stack-sm budget-settings">
        <RequiredNote />
        <FormMessage message={kit.message} />
        <Field id={IDS.budget} name="budget" label="Budget" required="aria" errorRole="alert">
          {(control) => (
            <div className="input-prefix">
              <span aria-hidden="true">$</span>
              <input type="number" step="0.01" min="0" inputMode="decimal" {...control} />
            </div>
          )}
        </Field>
        <div className="grid-2">
          <Field
            id={IDS.contingency_percent}
            name="contingency_percent"
            label="Contingency (%)"
            errorRole="alert"
            hint="Kept for surprises, 0 to 50 (usually 10)."
          >
            {(control) => (
              <div className="input-suffix">
                <input type="number" step="1" min="0" max="50" inputMode="numeric" {...control} />
                <span aria-hidden="true">%</span>
              </div>
            )}
          </Field>
          <Field
            id={IDS.loan_amount}
            name="loan_amount"
            label="Construction loan"
            errorRole="alert"
            hint="Leave empty if you have none."
          >
            {(control) => (
              <div className="input-prefix">
                <span aria-hidden="true">$</span>
                <input inputMode="decimal" autoComplete="off" placeholder="None" {...control} />
              </div>
            )}
          </Field>
        </div>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </AppForm>
    </Modal>
  );
}
