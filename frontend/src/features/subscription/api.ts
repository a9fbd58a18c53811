import { queryOptions } from '@tanstack/react-query';
import { client, ok } from '../../lib/api/client';
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
    queryFn: ({ signal }) => ok(client.GET('/payments/check-subscription/', { signal })),
    staleTime: 30_000,
    // A failed check means "not subscribed" (the guard sends the user to the
    // plan page); never flip back to 'Loading...' by retrying on mount.
    retry: false,
    retryOnMount: false,
  });

export const fetchSubscriptionStatus = (signal?: AbortSignal): Promise<SubscriptionStatus> =>
  ok(client.GET('/payments/subscription-status/', { signal, credentials: 'include' }));

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
        const res = await ok(client.GET('/payments/billing-history/', { signal }));
        return Array.isArray(res?.billing_history) ? res.billing_history : [];
      } catch (e) {
        // Spec: a billing-history failure shows the empty list.
        console.error('Failed to load billing history', e);
        return [] as BillingItem[];
      }
    },
  });

export const createCheckoutSession = (priceId: string | null) =>
  ok(client.POST('/payments/create-checkout-session/', { body: { priceId } }));

export const cancelSubscription = () => ok(client.POST('/payments/cancel-subscription/'));
export const resumeSubscription = () => ok(client.POST('/payments/resume-subscription/'));
export const updatePaymentMethod = (payment_method_id: string) =>
  ok(client.POST('/payments/update-payment-method/', { body: { payment_method_id } }));

/** True when the status says the subscription is active (or trialing). */
export function isActiveStatus(s: SubscriptionStatus | undefined | null): boolean {
  const v = s?.subscription_status ?? s?.status;
  return v === 'active' || v === 'trialing';
}
