import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { AppForm, Field, FormMessage, RequiredNote, useAppForm } from '../../../components/form';
import { changePassword } from '../api';

export const PASSWORD_CHANGED = 'Your password was changed. Other sessions were signed out.';
export const NEW_PASSWORDS_DIFFER = 'The new passwords do not match.';
const EMPTY = { current_password: '', new_password: '', confirm_password: '' };
type Values = typeof EMPTY;

export function ChangePasswordForm() {
  const [done, setDone] = useState(false);
  const kit = useAppForm<Values>({
    defaultValues: EMPTY,
    fields: ['current_password', 'new_password'],
    fallback: 'Could not change the password. Please try again.',
    native: true,
    clearOnEdit: false,
    beforeSubmit: () => setDone(false),
    validate: (v) => (v.new_password !== v.confirm_password ? { confirm_password: [NEW_PASSWORDS_DIFFER] } : {}),
  });
  const { reset } = kit.form;
  const mutation = useMutation({ mutationFn: changePassword });
  const busy = kit.busy || mutation.isPending;

  const onSubmit = async ({ current_password, new_password }: Values) => {
    await mutation.mutateAsync({ current_password, new_password });
    reset(EMPTY);
    setDone(true);
  };

  return (
    <AppForm kit={kit} className="account-form" onSubmit={onSubmit} aria-labelledby="change-password-title">
      <h3 id="change-password-title">Change password</h3>
      <RequiredNote />
      <FormMessage message={kit.message} />
      <Field
        id="cp-current"
        label="Current password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Field
        id="cp-new"
        label="New password"
        name="new_password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        hint="At least 8 characters."
      />
      <Field
        id="cp-confirm"
        label="Confirm new password"
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        required
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Changing password…' : 'Change password'}
      </button>
      <p className="success-text" role="status">
        {done ? PASSWORD_CHANGED : ''}
      </p>
    </AppForm>
  );
}
