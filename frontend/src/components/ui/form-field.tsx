import type { InputHTMLAttributes, ReactNode } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-describedby' | 'aria-invalid'> {
  id: string;
  label: string;
  /** The field's error messages (e.g. the server's `fields.<name>`), shown under it. */
  errors?: readonly string[];
  hint?: ReactNode;
}

/**
 * A labelled input with its hint and error text linked through aria-describedby, and
 * aria-invalid while it has an error.
 */
export function FormField({ id, label, errors, hint, ...input }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={errorId ? true : undefined} aria-describedby={describedBy} {...input} />
      {errorId && (
        <small className="field-error" id={errorId}>
          {errors?.join(' ')}
        </small>
      )}
      {hint && (
        <small className="hint" id={hintId}>
          {hint}
        </small>
      )}
    </div>
  );
}
