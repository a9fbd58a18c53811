import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';
import { useFormContext, useFormState, type UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from '../ui/form-field';
import { useAppFormContext } from './app-form';

/** What a control needs: its id, its binding to the form, its ARIA wiring. */
export interface ControlProps extends UseFormRegisterReturn {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  required?: boolean;
  'aria-required'?: 'true';
}

/** One choice of a select or of a group of boxes. */
export interface Choice {
  value: string | number;
  label: string;
}

/** What a field says beside its control, and how its control is described. */
export interface FieldWiring {
  /** The message's id, when not `<id>-error` (ids the tests and the e2e suites know). */
  errorId?: string;
  /** `alert`: the message is announced as it appears (in a dialog). */
  errorRole?: 'alert';
  /** `data-testid` of the message and of the hint: `<testId>-error`, `<testId>-hint`. */
  testId?: string;
}

interface Props
  extends
    Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'children' | 'className' | 'required' | 'onChange'>,
    FieldWiring {
  /** The value's name in the form (and the server's field name for its messages). */
  name: string;
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The hint's id, when not `<id>-hint`. */
  hintId?: string;
  /** More ids that describe the control, after its message and hint (the dialog's question, a hint drawn by the form). */
  describedBy?: string;
  /**
   * Marks the label with the asterisk; `true` adds the control's own `required` (the browser's
   * check with `native`), `'aria'` only `aria-required` (the form checks it, or the server).
   */
  required?: boolean | 'aria';
  /** Classes beside `field` on the wrapper (e.g. `span-2`). */
  className?: string;
  /** Told after each edit, once the value is in the form (e.g. to drop a parent's message). */
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  /** A `<select>` of these choices instead of an `<input>`. */
  options?: readonly Choice[];
  /** With `options`: the first choice, valued '' ("Choose a contractor"). */
  empty?: string;
  /** After the message and the hint: more about the field (its choices could not be loaded…). */
  after?: ReactNode;
  /** The control, when not a plain `<input>` (a textarea, a money box): spread `control` on it. */
  children?: (control: ControlProps) => ReactNode;
}

/** The messages of one field: the browser's own first, else the form's or the server's, else the parent's. */
export function useFieldErrors(name: string): readonly string[] | undefined {
  const { nativeErrors, heldErrors } = useAppFormContext();
  const { errors } = useFormState({ name });
  const own = errors[name]?.message;
  return nativeErrors[name] ?? (typeof own === 'string' && own ? [own] : heldErrors[name]);
}

/** `aria-invalid` while the field has messages, described by its message, then its other ids. */
export function describe(errors: readonly string[] | undefined, errorId: string, ...ids: (string | undefined)[]) {
  const error = errors?.length ? errorId : undefined;
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [error, ...ids].filter(Boolean).join(' ') || undefined,
  } as const;
}

/**
 * One field of a form kit form: the label (an asterisk when `required`), the control, its
 * message beside it and its hint, with `aria-invalid` and `aria-describedby` wired once.
 * Editing the field drops its message (unless the form says otherwise).
 */
export function Field({
  name,
  id,
  label,
  hint,
  hintId: hintIdProp,
  describedBy,
  className,
  children,
  required,
  errorRole,
  errorId = `${id}-error`,
  testId,
  onChange,
  options,
  empty,
  after,
  ...input
}: Props) {
  const { register, clearErrors } = useFormContext();
  const { clearOnEdit } = useAppFormContext();
  const errors = useFieldErrors(name);
  const hintId = hint ? (hintIdProp ?? `${id}-hint`) : undefined;
  const control: ControlProps = {
    id,
    ...describe(errors, errorId, hintId, describedBy),
    ...(required === 'aria' ? { 'aria-required': 'true' } : required ? { required } : {}),
    ...register(name, {
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        if (clearOnEdit) clearErrors(name);
        onChange?.(e);
      },
    }),
  };
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className={required ? 'required' : undefined}>
        {label}
      </label>
      {children ? (
        children(control)
      ) : options ? (
        <select {...control}>
          {empty !== undefined && <option value="">{empty}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input {...control} {...input} />
      )}
      <FieldError
        id={id}
        errorId={errorId}
        errors={errors}
        role={errorRole}
        testId={testId ? `${testId}-error` : undefined}
      />
      {hint && (
        <small className="hint" id={hintId} data-testid={testId ? `${testId}-hint` : undefined}>
          {hint}
        </small>
      )}
      {after}
    </div>
  );
}
