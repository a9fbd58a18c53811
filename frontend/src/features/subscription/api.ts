import { queryOptions } from '@tanstack/react-query';
import { api, http } from '../../lib/api-client';
import type { components } from '../../lib/api/schema';

// Wire types come from the server's OpenAPI document (src/lib/api/schema.d.ts).
export type SubscriptionStatus = components['schemas']['SubscriptionStatus'];
export type BillingItem = components['schemas']['BillingItem'];

export const subscriptionKeys = {
  all: ['subscription'] as const,
  check: () => [...subscriptionKeys.all, 'check'] as const,
  status: () => [...subscriptionKeys.all, 'status'] as const,
  billing: () => [...subscriptionKeys.all, 'billing'] as const,
};

export const checkSubscriptionQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.check(),
    queryFn: ({ signal }) => http.get<{ is_subscribed: boolean }>('/payments/check-subscription/', signal),
    staleTime: 30_000,
    // A failed check means "not subscribed" (the guard sends the user to the
    // plan page); never flip back to 'Loading...' by retrying on mount.
    retry: false,
    retryOnMount: false,
  });

export const fetchSubscriptionStatus = (signal?: AbortSignal) =>
  api<SubscriptionStatus>('/payments/subscription-status/', { signal, credentials: 'include' });

export const subscriptionStatusQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.status(),
    queryFn: ({ signal }) => fetchSubscriptionStatus(signal),
    staleTime: 0,
  });

export const billingHistoryQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.billing(),
    queryFn: async ({ signal }) => {
      try {
        const res = await http.get<{ billing_history?: BillingItem[] }>('/payments/billing-history/', signal);
        return Array.isArray(res?.billing_history) ? res.billing_history : [];
      } catch (e) {
        // Spec: a billing-history failure shows the empty list.
        console.error('Failed to load billing history', e);
        return [] as BillingItem[];
      }
    },
  });

export const createCheckoutSession = (priceId: string | null) =>
  http.post<{ sessionId: string; url?: string }>('/payments/create-checkout-session/', { priceId });

export const cancelSubscription = () => http.post<{ message: string }>('/payments/cancel-subscription/');
export const resumeSubscription = () => http.post<{ message: string }>('/payments/resume-subscription/');
export const updatePaymentMethod = (payment_method_id: string) =>
  http.post<{ message: string }>('/payments/update-payment-method/', { payment_method_id });

/** True when the status says the subscription is active (or trialing). */
export function isActiveStatus(s: SubscriptionStatus | undefined | null): boolean {
  const v = s?.subscription_status ?? s?.status;
  return v === 'active' || v === 'trialing';
}
