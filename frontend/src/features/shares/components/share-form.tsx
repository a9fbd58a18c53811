import { useRef, useState, type FormEvent } from 'react';
import { FormField, RequiredNote } from '../../../components/ui/form-field';
import type { FieldErrors } from '../../../lib/form-errors';
import { useFailureFocus } from '../../../lib/use-focus-first-error';
import { LABEL_MAX, type ShareFormValues } from '../utils';
import { localToday } from '../../../lib/dates';

const EMPTY: ShareFormValues = {
  label: '',
  expires_on: '',
  include_documents: false,
  include_bids: false,
  include_payments: false,
};

type Included = 'include_bids' | 'include_payments' | 'include_documents';

/** The sections a link may add to the budget and the board, each left out unless ticked. */
const SECTIONS: { field: Included; id: string; label: string; hint: string }[] = [
  {
    field: 'include_bids',
    id: 'share-bids',
    label: 'Include bids',
    hint: 'Every bid side by side: contractors and amounts. Leave it off when the link is for a contractor.',
  },
  {
    field: 'include_payments',
    id: 'share-payments',
    label: 'Include payments',
    hint: 'Each payment with its date, payee and amount. The totals paid show either way.',
  },
  {
    field: 'include_documents',
    id: 'share-documents',
    label: 'Include documents',
    hint: "Contractors' quotes, receipts and other files on your tasks, through download links that last 15 minutes.",
  },
];

interface Props {
  /** Resolves true once the link exists (the form then empties). */
  onSubmit: (values: ShareFormValues) => Promise<boolean>;
  busy: boolean;
  /** For the whole form (a 409, a network error). */
  error: string;
  /** The server's (or the form's own) messages per field: `label`, `expires_on`. */
  fieldErrors: FieldErrors;
}

/** The new link: who it is for, until when it works, whether bids, payments and documents come with it. */
export function ShareForm({ onSubmit, busy, error, fieldErrors }: Props) {
  const [values, setValues] = useState<ShareFormValues>(EMPTY);
  const formRef = useRef<HTMLFormElement>(null);
  const today = localToday();

  // After a refused create, focus moves to the first field with a message (else to the message).
  const focusError = useFailureFocus(formRef);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await onSubmit(values)) setValues(EMPTY);
    else focusError();
  };

  return (
    <form
      ref={formRef}
      className="card share-form"
      aria-labelledby="share-form-title"
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <h2 id="share-form-title">New link</h2>
      <p className="muted share-lead">
        Whoever opens the link sees the live budget and the board. They need no account and can change nothing. Bids,
        payments and documents come with it only if you tick them.
      </p>
      <RequiredNote />
      {error && (
        <div className="form-error" role="alert">
          {error}
        </div>
      )}
      <div className="share-form-grid">
        <FormField
          id="share-label"
          name="label"
          label="Label (shown to whoever opens the link)"
          placeholder="Bank, Sam…"
          required
          maxLength={LABEL_MAX}
          autoComplete="off"
          value={values.label}
          errors={fieldErrors.label}
          hint="Who the link is for, e.g. Bank or Sam. It names the link in the list below and shows at the top of the shared page."
          onChange={(e) => {
            const label = e.target.value; // read now: the updater runs later
            setValues((v) => ({ ...v, label }));
          }}
        />
        <FormField
          id="share-expires"
          name="expires_on"
          type="date"
          label="Link works until (optional)"
          min={today}
          value={values.expires_on}
          errors={fieldErrors.expires_on}
          hint="It works through that day. Leave empty for no end date."
          onChange={(e) => {
            const expires = e.target.value;
            setValues((v) => ({ ...v, expires_on: expires }));
          }}
        />
      </div>
      <fieldset className="field share-includes">
        <legend>What else the link shows</legend>
        {SECTIONS.map(({ field, id, label, hint }) => (
          <div key={field} className="share-include">
            <label className="check" htmlFor={id}>
              <input
                id={id}
                type="checkbox"
                checked={values[field]}
                aria-describedby={`${id}-hint`}
                onChange={(e) => {
                  const checked = e.target.checked;
                  setValues((v) => ({ ...v, [field]: checked }));
                }}
              />
              {label}
            </label>
            <small className="hint" id={`${id}-hint`}>
              {hint}
            </small>
          </div>
        ))}
      </fieldset>
      <div className="form-actions share-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Creating link…' : 'Create link'}
        </button>
      </div>
    </form>
  );
}
