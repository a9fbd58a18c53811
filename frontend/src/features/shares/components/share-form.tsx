import { AppForm, Field, FormMessage, RequiredNote, useAppForm } from '../../../components/form';
import { LABEL_MAX, validateShareForm, type ShareFormValues } from '../utils';
import { localToday } from '../../../lib/dates';

const EMPTY: ShareFormValues = {
  label: '',
  expires_on: '',
  include_documents: false,
  include_bids: false,
  include_payments: false,
  include_draws: false,
};

type Included = 'include_bids' | 'include_payments' | 'include_draws' | 'include_documents';

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
    hint: 'Each payment with its date, payee and amount, and whether its lien waiver is in. The totals paid show either way.',
  },
  {
    field: 'include_draws',
    id: 'share-draws',
    label: 'Include draws',
    hint: 'Each draw request with its lines, retainage and what it still needs. Useful for your lender.',
  },
  {
    field: 'include_documents',
    id: 'share-documents',
    label: 'Include documents',
    hint: "Contractors' quotes, receipts and other files on your tasks, through download links that last 15 minutes.",
  },
];

interface Props {
  /** Creates the link; throws when it is refused (the messages then show in the form). */
  onSubmit: (values: ShareFormValues) => Promise<void>;
}

/** The new link: who it is for, until when it works, whether bids, payments, draws and documents come with it. */
export function ShareForm({ onSubmit }: Props) {
  const today = localToday();
  // A refused create: messages beside the fields (kept until the next try), the first one focused.
  const kit = useAppForm<ShareFormValues>({
    defaultValues: EMPTY,
    fields: ['label', 'expires_on'],
    fallback: 'The link could not be created. Please try again.',
    validate: (values) => validateShareForm(values, today),
    clearOnEdit: false,
  });
  const { busy } = kit;
  const { register, reset } = kit.form;

  const submit = async (values: ShareFormValues) => {
    await onSubmit(values);
    reset(EMPTY);
  };

  return (
    <AppForm kit={kit} className="card share-form" aria-labelledby="share-form-title" onSubmit={submit}>
      <h2 id="share-form-title">New link</h2>
      <p className="muted share-lead">
        Whoever opens the link sees the live budget and the board. They need no account and can change nothing. Bids,
        payments, draws and documents come with it only if you tick them.
      </p>
      <RequiredNote />
      <FormMessage message={kit.message} as="div" />
      <div className="share-form-grid">
        <Field
          id="share-label"
          name="label"
          label="Label (shown to whoever opens the link)"
          placeholder="Bank, Sam…"
          required
          maxLength={LABEL_MAX}
          autoComplete="off"
          hint="Who the link is for, e.g. Bank or Sam. It names the link in the list below and shows at the top of the shared page."
        />
        <Field
          id="share-expires"
          name="expires_on"
          type="date"
          label="Link works until (optional)"
          min={today}
          hint="It works through that day. Leave empty for no end date."
        />
      </div>
      <fieldset className="field share-includes">
        <legend>What else the link shows</legend>
        {SECTIONS.map(({ field, id, label, hint }) => (
          <div key={field} className="share-include">
            <label className="check" htmlFor={id}>
              <input id={id} type="checkbox" aria-describedby={`${id}-hint`} {...register(field)} />
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
    </AppForm>
  );
}
