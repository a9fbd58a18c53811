import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FormField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { toFormErrors, type FormErrors } from '../../../lib/form-errors';
import type { NoticeState } from '../../../lib/route-state';
import { useFailureFocus, useNativeInvalid } from '../../../lib/use-focus-first-error';
import { useLeaveSession } from '../../../lib/use-leave-session';
import { deleteAccount } from '../api';

export const ACCOUNT_DELETED = 'Your account and all of its data were deleted.';
const NO_ERRORS: FormErrors = { message: '', fields: {} };

function ConfirmDeleteDialog({ onClose }: { onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const leave = useLeaveSession();
  const formRef = useRef<HTMLFormElement>(null);
  const native = useNativeInvalid(formRef);
  const focusError = useFailureFocus(formRef);
  const mutation = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => leave('/signup', { notice: ACCOUNT_DELETED } satisfies NoticeState),
    onError: (e) => {
      setErrors(toFormErrors(e, ['password'], 'Could not delete the account. Please try again.'));
      focusError();
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setErrors(NO_ERRORS);
    mutation.mutate(password);
  };

  return (
    <Modal title="Delete your account?" onClose={onClose} size="sm">
      <form ref={formRef} className="delete-confirm" onSubmit={onSubmit}>
        <p>
          Your account, projects, tasks, documents and billing history are deleted and your subscription ends now. This
          cannot be undone.
        </p>
        {errors.message && (
          <p className="form-error" role="alert">
            {errors.message}
          </p>
        )}
        <FormField
          id="delete-password"
          label="Enter your password to confirm"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          errors={native.password ?? errors.fields.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger-solid" disabled={mutation.isPending || !password}>
            {mutation.isPending ? 'Deleting…' : 'Delete account permanently'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  return (
    <section className="card danger-zone" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Delete account</h2>
      <p>
        Deleting your account cancels your subscription at once and permanently removes your projects, tasks and
        documents. It cannot be undone.
      </p>
      <p className="muted">Want a copy of your data? Use “Download my data” above first.</p>
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        Delete my account
      </button>
      {open && <ConfirmDeleteDialog onClose={() => setOpen(false)} />}
    </section>
  );
}
