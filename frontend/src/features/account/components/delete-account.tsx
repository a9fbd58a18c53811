import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { AppForm, Field, FormMessage, useAppForm } from '../../../components/form';
import { Modal } from '../../../components/ui/modal';
import type { NoticeState } from '../../../lib/route-state';
import { useLeaveSession } from '../../../lib/use-leave-session';
import { deleteAccount } from '../api';

export const ACCOUNT_DELETED = 'Your account and all of its data were deleted.';

function ConfirmDeleteDialog({ onClose }: { onClose: () => void }) {
  const leave = useLeaveSession();
  const kit = useAppForm<{ password: string }>({
    defaultValues: { password: '' },
    fields: ['password'],
    fallback: 'Could not delete the account. Please try again.',
    native: true,
    clearOnEdit: false,
  });
  const password = useWatch({ control: kit.form.control, name: 'password' });
  const mutation = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => leave('/signup', { notice: ACCOUNT_DELETED } satisfies NoticeState),
  });
  const busy = kit.busy || mutation.isPending;

  return (
    <Modal title="Delete your account?" onClose={onClose} size="sm">
      <AppForm
        kit={kit}
        className="delete-confirm"
        onSubmit={async (values) => {
          await mutation.mutateAsync(values.password);
        }}
      >
        <p>
          Your account, projects, tasks, documents and billing history are deleted and your subscription ends now. This
          cannot be undone.
        </p>
        <FormMessage message={kit.message} />
        <Field
          id="delete-password"
          label="Enter your password to confirm"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger-solid" disabled={busy || !password}>
            {busy ? 'Deleting…' : 'Delete account permanently'}
          </button>
        </div>
      </AppForm>
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
