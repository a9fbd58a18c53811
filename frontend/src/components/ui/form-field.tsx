import type { InputHTMLAttributes, ReactNode } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-describedby' | 'aria-invalid'> {
  id: string;
  label: string;
  /** The field's error messages (e.g. the server's `fields.<name>`), shown under it. */
  errors?: readonly string[];
  hint?: ReactNode;
}

/**
 * The wiring of one control: `aria-invalid` while it has messages, described by its message
 * (`<id>-error`, see FieldError) and its hint.
 */
export function fieldAria(id: string, errors: readonly string[] | undefined, hintId?: string) {
  const errorId = errors?.length ? `${id}-error` : undefined;
  return {
    'aria-invalid': errorId ? true : undefined,
    'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
  } as const;
}

/** A field's messages, under it, with the id `fieldAria` points at (nothing without messages). */
export function FieldError({
  id,
  errors,
  role,
  errorId = `${id}-error`,
  testId,
}: {
  id: string;
  errors: readonly string[] | undefined;
  /** `alert` where a dialog announces the message as it appears. */
  role?: 'alert';
  /** The message's own id, when not `<id>-error`. */
  errorId?: string;
  testId?: string;
}) {
  if (!errors?.length) return null;
  return (
    <small className="field-error" id={errorId} role={role} data-testid={testId}>
      {errors.join(' ')}
    </small>
  );
}

/**
 * "* required", once per form: the labels of required fields carry the class `required`, which
 * draws the asterisk (form.css; screen readers hear the control's own `required`).
 */
export function RequiredNote() {
  return (
    <p className="required-note">
      <span className="required-star" aria-hidden="true">
        *
      </span>{' '}
      required
    </p>
  );
}

/**
 * A labelled input with its hint and error text linked through aria-describedby, and
 * aria-invalid while it has an error. A `required` one is marked with an asterisk.
 */
export function FormField({ id, label, errors, hint, ...input }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id} className={input.required ? 'required' : undefined}>
        {label}
      </label>
      <input id={id} {...fieldAria(id, errors, hintId)} {...input} />
      <FieldError id={id} errors={errors} />
      {hint && (
        <small className="hint" id={hintId}>
          {hint}
        </small>
      )}
    </div>
  );
}
