import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { tokens } from '../../../lib/auth-store';
import { fetchSubscriptionStatus, isActiveStatus, subscriptionKeys } from '../api';

export const POLL_INTERVAL_MS = 2000;
export const MAX_POLLS = 10;

export function Success() {
  const navigate = useNavigate();
  const qc = useQueryClient();

  useEffect(() => {
    if (!tokens.getAccess()) {
      void navigate('/login', { replace: true });
      return;
    }
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    const poll = async () => {
      attempts += 1;
      try {
        const status = await fetchSubscriptionStatus();
        if (cancelled) return;
        if (isActiveStatus(status) && status.subscription_status === 'active') {
          await qc.invalidateQueries({ queryKey: subscriptionKeys.all });
          void navigate('/projects', { replace: true });
          return;
        }
        if (attempts >= MAX_POLLS) {
          void navigate('/choose-plan', { replace: true });
          return;
        }
        timer = setTimeout(poll, POLL_INTERVAL_MS);
      } catch (e) {
        console.error(e);
        if (!cancelled) void navigate('/choose-plan', { replace: true });
      }
    };
    void poll();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [navigate, qc]);

  return (
    <main className="page narrow center">
      <div className="card">
        <div className="spinner" aria-hidden="true" />
        <h1>Processing Subscription...</h1>
        <p className="muted" role="status">
          Please wait while we confirm your subscription.
        </p>
      </div>
    </main>
  );
}
