import { queryOptions } from '@tanstack/react-query';
import { client, ok } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';

// Wire type from the server's OpenAPI document (src/lib/api/schema.d.ts).
export type AdminSubscriptionRow = components['schemas']['AdminSubscriptionRow'];

export const adminKeys = {
  all: ['admin'] as const,
  subscriptions: () => [...adminKeys.all, 'subscriptions'] as const,
};

export const adminSubscriptionsQuery = () =>
  queryOptions({
    queryKey: adminKeys.subscriptions(),
    queryFn: ({ signal }) => ok(client.GET('/payments/admin/subscriptions', { signal })),
  });

export const adminCancelSubscription = (subscription_id: string) =>
  ok(client.POST('/payments/admin/subscriptions/cancel', { body: { subscription_id } }));

/** The row after an admin cancel: id cleared, status canceled. */
export function markCanceled(rows: AdminSubscriptionRow[], subscriptionId: string): AdminSubscriptionRow[] {
  return rows.map((r) =>
    r.subscription_id === subscriptionId ? { ...r, subscription_id: '', status: 'canceled' } : r,
  );
}
