import type { InputHTMLAttributes, ReactNode } from 'react';
import { useFormContext, useFormState, type UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, fieldAria } from '../ui/form-field';
import { useAppFormContext } from './app-form';

/** What a control needs: its id, its binding to the form, its ARIA wiring. */
export interface ControlProps extends UseFormRegisterReturn {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  required?: boolean;
  'aria-required'?: 'true';
}

interface Props extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'children' | 'className' | 'required'
> {
  /** The value's name in the form (and the server's field name for its messages). */
  name: string;
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /**
   * Marks the label with the asterisk; `true` adds the control's own `required` (the browser's
   * check with `native`), `'aria'` only `aria-required` (the form checks it, or the server).
   */
  required?: boolean | 'aria';
  /** `alert`: the message is announced as it appears (in a dialog). */
  errorRole?: 'alert';
  /** Classes beside `field` on the wrapper (e.g. `span-2`). */
  className?: string;
  /** The control, when not a plain `<input>` (a textarea, a select): spread `control` on it. */
  children?: (control: ControlProps) => ReactNode;
}

/** The messages of one field: the browser's own first, else the form's or the server's. */
export function useFieldErrors(name: string): readonly string[] | undefined {
  const { nativeErrors } = useAppFormContext();
  const { errors } = useFormState({ name });
  const own = errors[name]?.message;
  return nativeErrors[name] ?? (typeof own === 'string' && own ? [own] : undefined);
}

/**
 * One field of a form kit form: the label (an asterisk when `required`), the control, its
 * message beside it and its hint, with `aria-invalid` and `aria-describedby` wired once.
 * Editing the field drops its message (unless the form says otherwise).
 */
export function Field({ name, id, label, hint, className, children, required, errorRole, ...input }: Props) {
  const { register, clearErrors } = useFormContext();
  const { clearOnEdit } = useAppFormContext();
  const errors = useFieldErrors(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const control: ControlProps = {
    id,
    ...fieldAria(id, errors, hintId),
    ...(required === 'aria' ? { 'aria-required': 'true' } : required ? { required } : {}),
    ...register(name, { onChange: () => clearOnEdit && clearErrors(name) }),
  };
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className={required ? 'required' : undefined}>
        {label}
      </label>
      {children ? children(control) : <input {...control} {...input} />}
      <FieldError id={id} errors={errors} role={errorRole} />
      {hint && (
        <small className="hint" id={hintId}>
          {hint}
        </small>
      )}
    </div>
  );
}
