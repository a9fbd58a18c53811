import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { client, ok } from '../../lib/api/client';
import type {
  ChangeOrderRegister,
  Draw,
  DrawWrite,
  LienWaiver,
  MoneySummary,
  NextDraw,
  ProjectPayment,
  TaskDocument,
} from './types';

// The project's money (docs/money.md): its summary, every payment, the change-order register and
// the lender draws. Always stale: the board writes payments and change orders, and the page is
// opened from it, so each visit asks again (a 304 when nothing changed).

export const moneyKeys = {
  all: ['money'] as const,
  project: (projectId: number) => [...moneyKeys.all, projectId] as const,
  summary: (projectId: number) => [...moneyKeys.project(projectId), 'summary'] as const,
  payments: (projectId: number) => [...moneyKeys.project(projectId), 'payments'] as const,
  changeOrders: (projectId: number) => [...moneyKeys.project(projectId), 'change-orders'] as const,
  /** The draws and, under the same prefix, what a new draw would cover. */
  draws: (projectId: number) => [...moneyKeys.project(projectId), 'draws'] as const,
  nextDraw: (projectId: number) => [...moneyKeys.draws(projectId), 'next'] as const,
  documents: (taskId: number) => [...moneyKeys.all, 'documents', taskId] as const,
  waivers: (projectId: number) => [...moneyKeys.project(projectId), 'lien-waivers'] as const,
};

export const moneySummaryQuery = (projectId: number) =>
  queryOptions({
    queryKey: moneyKeys.summary(projectId),
    queryFn: ({ signal }): Promise<MoneySummary> =>
      ok(client.GET('/api/projects/{id}/summary/', { params: { path: { id: projectId } }, signal })),
    staleTime: 0,
  });

/** Every payment of the project, oldest first (`paid_on`, then id), each with its task's title. */
export const projectPaymentsQuery = (projectId: number) =>
  queryOptions({
    queryKey: moneyKeys.payments(projectId),
    queryFn: ({ signal }): Promise<ProjectPayment[]> =>
      ok(client.GET('/api/projects/{id}/payments/', { params: { path: { id: projectId } }, signal })),
    staleTime: 0,
  });

export const changeOrderRegisterQuery = (projectId: number) =>
  queryOptions({
    queryKey: moneyKeys.changeOrders(projectId),
    queryFn: ({ signal }): Promise<ChangeOrderRegister> =>
      ok(client.GET('/api/projects/{id}/change-orders/', { params: { path: { id: projectId } }, signal })),
    staleTime: 0,
  });

export const drawsQuery = (projectId: number) =>
  queryOptions({
    queryKey: moneyKeys.draws(projectId),
    queryFn: ({ signal }): Promise<Draw[]> =>
      ok(client.GET('/api/projects/{id}/draws/', { params: { path: { id: projectId } }, signal })),
    staleTime: 0,
  });

/** What a new draw would cover now: each task's work to date not yet in another draw. */
export const nextDrawQuery = (projectId: number) =>
  queryOptions({
    queryKey: moneyKeys.nextDraw(projectId),
    queryFn: ({ signal }): Promise<NextDraw> =>
      ok(client.GET('/api/projects/{id}/draws/next/', { params: { path: { id: projectId } }, signal })),
    staleTime: 0,
  });

/** A task's documents (receipt names for the exports). Links are signed for 15 minutes. */
export const taskDocumentsQuery = (taskId: number) =>
  queryOptions({
    queryKey: moneyKeys.documents(taskId),
    queryFn: ({ signal }): Promise<TaskDocument[]> =>
      ok(client.GET('/api/documents/', { params: { query: { task: taskId } }, signal })),
    staleTime: 60_000,
  });

/**
 * The names of the receipts the payments point at, by document id: the documents of each task
 * with a receipt, asked once per task (cached). A task whose documents cannot be read leaves
 * its receipts unnamed rather than failing the export.
 */
export async function receiptNames(
  client: QueryClient,
  payments: readonly { task: number; receipt: number | null }[],
): Promise<Map<number, string>> {
  const tasks = [...new Set(payments.filter((p) => p.receipt !== null).map((p) => p.task))];
  const lists = await Promise.all(
    tasks.map((id) => client.fetchQuery(taskDocumentsQuery(id)).catch(() => [] as TaskDocument[])),
  );
  const names = new Map<number, string>();
  for (const doc of lists.flat()) names.set(doc.id, doc.name);
  return names;
}

/** 201 with the draw: its number, items and total worked out by the server. */
export const createDraw = (input: DrawWrite & { project: number; tasks: number[] }): Promise<Draw> =>
  ok(client.POST('/api/draws/', { body: input }));
/** Only a draft's tasks can change (409); leaving `funded` clears the funded amount and date. */
export const updateDraw = (id: number, input: Omit<DrawWrite, 'project'>): Promise<Draw> =>
  ok(client.PATCH('/api/draws/{id}/', { params: { path: { id } }, body: input }));
/** 409 for a funded draw (set it back to submitted first). */
export const deleteDraw = (id: number): Promise<void> =>
  ok(client.DELETE('/api/draws/{id}/', { params: { path: { id } } }));

/**
 * After a draw is created, changed or deleted: the draws (and what the next one would cover) and
 * the summary (drawn, loan left) are asked again.
 */
export const invalidateDraws = (client: QueryClient, projectId: number) =>
  Promise.all([
    client.invalidateQueries({ queryKey: moneyKeys.draws(projectId) }),
    client.invalidateQueries({ queryKey: moneyKeys.summary(projectId) }),
  ]);

/** The project's lien waivers, oldest first (the draw package reads their documents). */
export const lienWaiversQuery = (projectId: number) =>
  queryOptions({
    queryKey: moneyKeys.waivers(projectId),
    queryFn: ({ signal }): Promise<LienWaiver[]> =>
      ok(client.GET('/api/projects/{id}/lien-waivers/', { params: { path: { id: projectId } }, signal })),
    staleTime: 0,
  });

/** The signed-in owner's user name (the draw request's Owner). */
export const ownerName = (): Promise<string> => ok(client.GET('/api/me/')).then((me) => me.username);

/**
 * A document's bytes, as the app downloads documents: a fresh signed link
 * (`GET /api/documents/{id}/`), then the file behind it (no login header: the signature is the
 * credential).
 */
export async function documentBytes(id: number): Promise<{ name: string; bytes: Uint8Array }> {
  const doc = await ok(client.GET('/api/documents/{id}/', { params: { path: { id } } }));
  const res = await fetch(doc.file);
  if (!res.ok) throw new Error(`Document ${id}: the download answered ${res.status}`);
  return { name: doc.name, bytes: new Uint8Array(await res.arrayBuffer()) };
}
