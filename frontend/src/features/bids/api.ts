import { queryOptions } from '@tanstack/react-query';
import { client, ok } from '../../lib/api/client';
import type { Bid, BidComparison, BidWrite, Contractor, ContractorWrite } from './types';

// Contractors are the user's (reused across projects); bids belong to a task and follow its
// project (DECISIONS.md, "Money of a build"). Every call needs a login and a subscription.
// Inside a shared project (issue 35) the contractors stay its owner's: the project's pages read
// the project's roster (`?project=`) and add to it with `project`, for the owner and members alike.

export const bidKeys = {
  all: ['bids'] as const,
  task: (taskId: number) => [...bidKeys.all, 'task', taskId] as const,
  project: (projectId: number) => [...bidKeys.all, 'project', projectId] as const,
};

export const contractorKeys = {
  /** The user's own roster (the Contractors page), and the prefix of every roster. */
  all: ['contractors'] as const,
  /** A project's roster: its owner's contractors. */
  project: (projectId: number) => [...contractorKeys.all, 'project', projectId] as const,
};

export const contractorsQuery = () =>
  queryOptions({
    queryKey: contractorKeys.all,
    queryFn: ({ signal }): Promise<Contractor[]> => ok(client.GET('/api/contractors/', { signal })),
  });

/**
 * The roster a project's pages pick from (bids, payments, change orders, lien waivers): the
 * project owner's contractors, for the owner, a partner and a viewer alike.
 */
export const projectContractorsQuery = (projectId: number) =>
  queryOptions({
    queryKey: contractorKeys.project(projectId),
    queryFn: ({ signal }): Promise<Contractor[]> =>
      ok(client.GET('/api/contractors/', { params: { query: { project: projectId } }, signal })),
  });

/** A task's bids, oldest first. */
export const taskBidsQuery = (taskId: number) =>
  queryOptions({
    queryKey: bidKeys.task(taskId),
    queryFn: ({ signal }): Promise<Bid[]> =>
      ok(client.GET('/api/tasks/{id}/bids/', { params: { path: { id: taskId } }, signal })),
  });

/** Every task of the project with bids, its bids side by side with the prediction. */
export const projectBidsQuery = (projectId: number) =>
  queryOptions({
    queryKey: bidKeys.project(projectId),
    queryFn: ({ signal }): Promise<BidComparison[]> =>
      ok(client.GET('/api/projects/{id}/bids/', { params: { path: { id: projectId } }, signal })),
  });

/** With `project`: added to that project owner's roster (a partner may; a viewer gets 403). */
export const createContractor = (input: ContractorWrite): Promise<Contractor> =>
  ok(client.POST('/api/contractors/', { body: input }));
export const updateContractor = (id: number, input: ContractorWrite): Promise<Contractor> =>
  ok(client.PATCH('/api/contractors/{id}/', { params: { path: { id } }, body: input }));
/** 409 `conflict` while the contractor has bids (the message says so). */
export const deleteContractor = (id: number): Promise<void> =>
  ok(client.DELETE('/api/contractors/{id}/', { params: { path: { id } } }));

export const createBid = (input: BidWrite & Required<Pick<BidWrite, 'task' | 'contractor' | 'amount'>>): Promise<Bid> =>
  ok(client.POST('/api/bids/', { body: input }));
/** Any subset but `task`; `status` only pending or declined. */
export const updateBid = (id: number, input: Omit<BidWrite, 'task'>): Promise<Bid> =>
  ok(client.PATCH('/api/bids/{id}/', { params: { path: { id } }, body: input }));
export const deleteBid = (id: number): Promise<void> =>
  ok(client.DELETE('/api/bids/{id}/', { params: { path: { id } } }));
/** The bid is awarded, the task's other bids declined, and its committed cost becomes the amount. */
export const awardBid = (id: number): Promise<Bid> =>
  ok(client.POST('/api/bids/{id}/award/', { params: { path: { id } } }));
/** The task has no committed cost again; its bids are pending again. */
export const withdrawAward = (id: number): Promise<Bid> =>
  ok(client.DELETE('/api/bids/{id}/award/', { params: { path: { id } } }));
