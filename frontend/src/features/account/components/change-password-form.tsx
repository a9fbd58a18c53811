import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FormField, RequiredNote } from '../../../components/ui/form-field';
import { toFormErrors, type FormErrors } from '../../../lib/form-errors';
import { useFailureFocus, useNativeInvalid } from '../../../lib/use-focus-first-error';
import { changePassword } from '../api';

export const PASSWORD_CHANGED = 'Your password was changed. Other sessions were signed out.';
export const NEW_PASSWORDS_DIFFER = 'The new passwords do not match.';
const NO_ERRORS: FormErrors = { message: '', fields: {} };

export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [done, setDone] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const native = useNativeInvalid(formRef);
  const focusError = useFailureFocus(formRef);
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setConfirm('');
      setDone(true);
    },
    onError: (e) => {
      setErrors(
        toFormErrors(e, ['current_password', 'new_password'], 'Could not change the password. Please try again.'),
      );
      focusError();
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    if (next !== confirm) {
      setErrors({ message: '', fields: { confirm: [NEW_PASSWORDS_DIFFER] } });
      focusError();
      return;
    }
    setErrors(NO_ERRORS);
    mutation.mutate({ current_password: current, new_password: next });
  };

  return (
    <form ref={formRef} className="account-form" onSubmit={onSubmit} aria-labelledby="change-password-title">
      <h3 id="change-password-title">Change password</h3>
      <RequiredNote />
      {errors.message && (
        <p className="form-error" role="alert">
          {errors.message}
        </p>
      )}
      <FormField
        id="cp-current"
        label="Current password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        required
        value={current}
        errors={native.current_password ?? errors.fields.current_password}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <FormField
        id="cp-new"
        label="New password"
        name="new_password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        value={next}
        errors={native.new_password ?? errors.fields.new_password}
        hint="At least 8 characters."
        onChange={(e) => setNext(e.target.value)}
      />
      <FormField
        id="cp-confirm"
        label="Confirm new password"
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        errors={native.confirm_password ?? errors.fields.confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
        {mutation.isPending ? 'Changing password…' : 'Change password'}
      </button>
      <p className="success-text" role="status">
        {done ? PASSWORD_CHANGED : ''}
      </p>
    </form>
  );
}
