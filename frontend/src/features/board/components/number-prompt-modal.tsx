import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal';

interface Props {
  title: string;
  label: string;
  initialValue?: string;
  description?: string;
  onSave: (value: string) => void;
  onCancel: () => void;
  busy?: boolean;
  /** The field's messages (the server's `fields.<name>`), shown under it. */
  errors?: readonly string[];
  /** A message for the whole dialog (not tied to the field). */
  message?: string;
  /** Marks the field as required. */
  required?: boolean;
  /** A line under the field (e.g. "Paid to date: $12,000.00"), read with it. */
  hint?: string | null;
}

/**
 * A number input in a dialog: Enter saves (used for budget and actual cost). A starting value is
 * selected, so Enter keeps it and typing replaces it.
 */
export function NumberPromptModal({
  title,
  label,
  initialValue = '',
  description,
  onSave,
  onCancel,
  busy,
  errors,
  message,
  required,
  hint,
}: Props) {
  const [value, setValue] = useState(initialValue);
  const inputRef = useRef<HTMLInputElement>(null);
  // After the dialog moved focus into the field (its effect runs first).
  useEffect(() => {
    if (inputRef.current?.value) inputRef.current.select();
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSave(value);
  };
  const invalid = Boolean(errors && errors.length > 0);
  const describedBy = [
    invalid ? 'number-prompt-error' : null,
    hint ? 'number-prompt-hint' : null,
    description ? 'number-prompt-desc' : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Modal title={title} onClose={onCancel} size="sm">
      <form onSubmit={submit} className="stack-sm" noValidate>
        {description && (
          <p className="muted" id="number-prompt-desc">
            {description}
          </p>
        )}
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        <div className="field">
          <label htmlFor="number-prompt">
            {label}
            {required && (
              <span className="required-mark" aria-hidden="true">
                {' '}
                *
              </span>
            )}
          </label>
          <div className="input-prefix">
            <span aria-hidden="true">$</span>
            <input
              ref={inputRef}
              id="number-prompt"
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              value={value}
              aria-invalid={invalid || undefined}
              aria-required={required || undefined}
              aria-describedby={describedBy || undefined}
              onChange={(e) => setValue(e.target.value)}
            />
          </div>
          {invalid && (
            <small className="field-error" id="number-prompt-error" role="alert">
              {errors?.join(' ')}
            </small>
          )}
          {hint && (
            <small className="hint" id="number-prompt-hint" data-testid="number-prompt-hint">
              {hint}
            </small>
          )}
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
