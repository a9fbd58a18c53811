import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, ok } from '../../lib/api/client';
import type { ChangeOrder, ChangeOrderWrite, Payment, PaymentWrite } from './types';

// A task's payments and change orders (docs/money.md, issue 19). They belong to a task and follow
// its project; every call needs a login and a subscription. A write changes figures the board
// reads with its tasks (paid to date, committed cost) and its summary: the sections call
// `onChanged` once the server answered, and the app refreshes the board (src/app).

export const ledgerKeys = {
  all: ['ledger'] as const,
  task: (taskId: number) => [...ledgerKeys.all, 'task', taskId] as const,
  payments: (taskId: number) => [...ledgerKeys.task(taskId), 'payments'] as const,
  changeOrders: (taskId: number) => [...ledgerKeys.task(taskId), 'change-orders'] as const,
};

/** A task's payments, oldest first (`paid_on`, then id). */
export const taskPaymentsQuery = (taskId: number) =>
  queryOptions({
    queryKey: ledgerKeys.payments(taskId),
    queryFn: ({ signal }): Promise<Payment[]> =>
      ok(client.GET('/api/tasks/{id}/payments/', { params: { path: { id: taskId } }, signal })),
  });

/** A task's change orders, in the server's order. */
export const taskChangeOrdersQuery = (taskId: number) =>
  queryOptions({
    queryKey: ledgerKeys.changeOrders(taskId),
    queryFn: ({ signal }): Promise<ChangeOrder[]> =>
      ok(client.GET('/api/tasks/{id}/change-orders/', { params: { path: { id: taskId } }, signal })),
  });

export const createPayment = (
  input: PaymentWrite & Required<Pick<PaymentWrite, 'task' | 'amount'>>,
): Promise<Payment> => ok(client.POST('/api/task-payments/', { body: input }));
/** Any subset but `task`. */
export const updatePayment = (id: number, input: Omit<PaymentWrite, 'task'>): Promise<Payment> =>
  ok(client.PATCH('/api/task-payments/{id}/', { params: { path: { id } }, body: input }));
export const deletePayment = (id: number): Promise<void> =>
  ok(client.DELETE('/api/task-payments/{id}/', { params: { path: { id } } }));

export const createChangeOrder = (
  input: ChangeOrderWrite & Required<Pick<ChangeOrderWrite, 'task' | 'description' | 'amount'>>,
): Promise<ChangeOrder> => ok(client.POST('/api/change-orders/', { body: input }));
/** Any subset but `task`. Approving needs an awarded bid on the task (409 otherwise). */
export const updateChangeOrder = (id: number, input: Omit<ChangeOrderWrite, 'task'>): Promise<ChangeOrder> =>
  ok(client.PATCH('/api/change-orders/{id}/', { params: { path: { id } }, body: input }));
export const deleteChangeOrder = (id: number): Promise<void> =>
  ok(client.DELETE('/api/change-orders/{id}/', { params: { path: { id } } }));

type PaymentSave = { id: number | null; body: Omit<PaymentWrite, 'task'> & { amount: number } };
type ChangeOrderSave = {
  id: number | null;
  body: Omit<ChangeOrderWrite, 'task'> & { description: string; amount: number };
};

/**
 * The writes of one task's ledger, as mutations: each, answered or refused, refreshes the task's
 * payments and change orders, then calls `onChanged` (the board's tasks and money summary).
 */
export function useLedgerMutations(taskId: number, onChanged?: () => void) {
  const qc = useQueryClient();
  const settled = async () => {
    await qc.invalidateQueries({ queryKey: ledgerKeys.task(taskId) });
    onChanged?.();
  };
  const savePayment = useMutation({
    mutationFn: ({ id, body }: PaymentSave) =>
      id === null ? createPayment({ task: taskId, ...body }) : updatePayment(id, body),
    onSettled: settled,
  });
  const removePayment = useMutation({ mutationFn: deletePayment, onSettled: settled });
  const saveChangeOrder = useMutation({
    mutationFn: ({ id, body }: ChangeOrderSave) =>
      id === null ? createChangeOrder({ task: taskId, ...body }) : updateChangeOrder(id, body),
    onSettled: settled,
  });
  const setChangeOrderStatus = useMutation({
    mutationFn: ({ id, status }: { id: number; status: ChangeOrder['status'] }) => updateChangeOrder(id, { status }),
    onSettled: settled,
  });
  const removeChangeOrder = useMutation({ mutationFn: deleteChangeOrder, onSettled: settled });
  return { savePayment, removePayment, saveChangeOrder, setChangeOrderStatus, removeChangeOrder };
}
