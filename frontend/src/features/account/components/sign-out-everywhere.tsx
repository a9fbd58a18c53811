import { useMutation } from '@tanstack/react-query';
import type { NoticeState } from '../../../lib/route-state';
import { useLeaveSession } from '../../../lib/use-leave-session';
import { logoutEverywhere } from '../api';

export const SIGNED_OUT_EVERYWHERE = 'You were signed out on every device.';

export function SignOutEverywhere() {
  const leave = useLeaveSession();
  const mutation = useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: () => leave('/login', { notice: SIGNED_OUT_EVERYWHERE } satisfies NoticeState),
  });

  return (
    <div className="account-subsection" aria-labelledby="sign-out-all-title" role="group">
      <h3 id="sign-out-all-title">Sign out everywhere</h3>
      <p className="muted" id="sign-out-all-help">
        Signs you out on every browser and phone where you are logged in, this one included. Access that was already
        granted ends within 15 minutes.
      </p>
      {mutation.isError && (
        <p className="form-error" role="alert">
          Could not sign out everywhere. Please try again.
        </p>
      )}
      <button
        type="button"
        className="btn"
        aria-describedby="sign-out-all-help"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate()}
      >
        {mutation.isPending ? 'Signing out…' : 'Sign out everywhere'}
      </button>
    </div>
  );
}
