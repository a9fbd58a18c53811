import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/api-client';
import type { Bid, BidComparison, BidWrite, Contractor, ContractorWrite } from './types';

// Contractors are the user's (reused across projects); bids belong to a task and follow its
// project (DECISIONS.md, "Money of a build"). Every call needs a login and a subscription.

export const bidKeys = {
  all: ['bids'] as const,
  task: (taskId: number) => [...bidKeys.all, 'task', taskId] as const,
  project: (projectId: number) => [...bidKeys.all, 'project', projectId] as const,
};

export const contractorKeys = {
  all: ['contractors'] as const,
};

export const contractorsQuery = () =>
  queryOptions({
    queryKey: contractorKeys.all,
    queryFn: ({ signal }) => http.get<Contractor[]>('/api/contractors/', signal),
  });

/** A task's bids, oldest first. */
export const taskBidsQuery = (taskId: number) =>
  queryOptions({
    queryKey: bidKeys.task(taskId),
    queryFn: ({ signal }) => http.get<Bid[]>(`/api/tasks/${taskId}/bids/`, signal),
  });

/** Every task of the project with bids, its bids side by side with the prediction. */
export const projectBidsQuery = (projectId: number) =>
  queryOptions({
    queryKey: bidKeys.project(projectId),
    queryFn: ({ signal }) => http.get<BidComparison[]>(`/api/projects/${projectId}/bids/`, signal),
  });

export const createContractor = (input: ContractorWrite) => http.post<Contractor>('/api/contractors/', input);
export const updateContractor = (id: number, input: ContractorWrite) =>
  http.patch<Contractor>(`/api/contractors/${id}/`, input);
/** 409 `conflict` while the contractor has bids (the message says so). */
export const deleteContractor = (id: number) => http.del(`/api/contractors/${id}/`);

export const createBid = (input: BidWrite & Required<Pick<BidWrite, 'task' | 'contractor' | 'amount'>>) =>
  http.post<Bid>('/api/bids/', input);
/** Any subset but `task`; `status` only pending or declined. */
export const updateBid = (id: number, input: Omit<BidWrite, 'task'>) => http.patch<Bid>(`/api/bids/${id}/`, input);
export const deleteBid = (id: number) => http.del(`/api/bids/${id}/`);
/** The bid is awarded, the task's other bids declined, and its committed cost becomes the amount. */
export const awardBid = (id: number) => http.post<Bid>(`/api/bids/${id}/award/`);
/** The task has no committed cost again; its bids are pending again. */
export const withdrawAward = (id: number) => http.del<Bid>(`/api/bids/${id}/award/`);
