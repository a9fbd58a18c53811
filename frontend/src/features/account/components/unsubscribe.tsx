import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { unsubscribeReminders } from '../reminders-api';

export const UNSUBSCRIBED =
  'Done: you will get no more reminder emails. You can turn them back on in your account settings.';
export const UNSUBSCRIBE_FAILED = 'Could not stop the reminders. Please try again.';

/**
 * The page of a reminder mail's unsubscribe link: /unsubscribe?token=... Opening it changes
 * nothing (link scanners open links too, RFC 8058); the button does.
 */
export function Unsubscribe() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mutation = useMutation({ mutationFn: () => unsubscribeReminders(token) });
  const tokenError = mutation.error instanceof ApiError ? mutation.error.fields?.token?.[0] : undefined;

  return (
    <main className="page auth-page">
      <section className="card auth-card" aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title">Stop reminder emails</h1>
        {mutation.isSuccess ? (
          <p role="status">{UNSUBSCRIBED}</p>
        ) : (
          <>
            <p>BuildLedger will stop sending you the email that lists what needs attention in your projects.</p>
            {mutation.isError && (
              <p className="form-error" role="alert">
                {tokenError ?? UNSUBSCRIBE_FAILED}
              </p>
            )}
            <button
              type="button"
              className="btn btn-primary"
              disabled={!token || mutation.isPending}
              onClick={() => mutation.mutate()}
            >
              {mutation.isPending ? 'Stopping…' : 'Stop reminder emails'}
            </button>
          </>
        )}
        <p>
          <Link to="/account-settings">Account settings</Link>
        </p>
      </section>
    </main>
  );
}
