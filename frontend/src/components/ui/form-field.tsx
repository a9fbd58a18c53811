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
