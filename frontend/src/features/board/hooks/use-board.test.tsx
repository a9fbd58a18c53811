import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { tokens } from '../../../lib/auth-store';
import { boardKeys } from '../api';
import type { Task } from '../types';
import { useInlineUpdate, useMoveTask } from './use-board';

const fire = vi.hoisted(() => vi.fn());
const create = vi.hoisted(() => vi.fn(() => fire));
vi.mock('canvas-confetti', () => ({ default: Object.assign(vi.fn(), { create }) }));

const t = (id: number, status: Task['status'], position: number): Task => ({
  id,
  project: 1,
  title: `T${id}`,
  description: '',
  status,
  material_quality: 'basic',
  actual_cost: null,
  due_date: null,
  position,
  actual_cost_per_sqft: null,
  regional_average_cost_per_sqft: null,
  committed_cost: null,
  bid_count: 0,
  lowest_bid: null,
  paid_to_date: 0,
  payment_count: 0,
  change_order_total: 0,
  fixed_fee: false,
  payments_total: 0,
  remaining_to_pay: null,
});

function setup(status: number) {
  tokens.set('A', 'R');
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') bodies.push(JSON.parse(init.body as string));
      await new Promise((r) => setTimeout(r, 5));
      return new Response(JSON.stringify(status === 200 ? {} : { error: 'x', message: 'x' }), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, enabled: false } },
  });
  const initial = [t(1, 'To Do', 0), t(2, 'To Do', 1), t(3, 'Paid', 0)];
  client.setQueryData(boardKeys.tasks(1), initial);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, bodies, initial, wrapper };
}

describe('board mutations', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('moves optimistically with one PATCH carrying position, and rolls back with the banner message', async () => {
    const { client, bodies, initial, wrapper } = setup(500);
    const onError = vi.fn();
    const { result } = renderHook(() => useMoveTask(1, onError), { wrapper });
    act(() => result.current(1, 'In Progress', 0));
    // Written synchronously, before the request returns.
    expect(client.getQueryData<Task[]>(boardKeys.tasks(1))?.find((x) => x.id === 1)?.status).toBe('In Progress');
    await waitFor(() => expect(onError).toHaveBeenCalledWith('Failed to update task status.'));
    expect(bodies).toEqual([{ status: 'In Progress', project: 1, position: 0 }]);
    expect(client.getQueryData(boardKeys.tasks(1))).toEqual(initial);
  });

  it('sends status Paid with the actual cost and uses its own failure message', async () => {
    const { bodies, wrapper } = setup(500);
    const onError = vi.fn();
    const { result } = renderHook(() => useMoveTask(1, onError), { wrapper });
    act(() => result.current(2, 'Paid', 1, 0));
    await waitFor(() => expect(onError).toHaveBeenCalledWith('Failed to update task with actual cost.'));
    expect(bodies).toEqual([{ status: 'Paid', actual_cost: 0, project: 1, position: 1 }]);
  });

  it('fires confetti after a successful save at Paid, drawn without a worker (the CSP refuses blob: workers)', async () => {
    fire.mockClear();
    const { wrapper } = setup(200);
    const { result } = renderHook(() => useMoveTask(1, vi.fn()), { wrapper });
    act(() => result.current(2, 'Paid', 0, 125.5));
    await waitFor(() => expect(fire).toHaveBeenCalledWith({ particleCount: 100, spread: 70, origin: { y: 0.6 } }));
    expect(create).toHaveBeenCalledWith(undefined, expect.objectContaining({ useWorker: false, resize: true }));
  });

  it('refreshes the money summary once the server answered a move or an inline edit', async () => {
    for (const status of [200, 500]) {
      const { client, initial, wrapper } = setup(status);
      vi.spyOn(console, 'error').mockImplementation(() => {});
      client.setQueryData(boardKeys.summary(1), { predicted_total: 0 });
      const summaryState = () => client.getQueryState(boardKeys.summary(1));
      const move = renderHook(() => useMoveTask(1, vi.fn()), { wrapper }).result;
      act(() => move.current(1, 'In Progress', 0));
      expect(summaryState()?.isInvalidated).toBe(false); // not before the answer
      await waitFor(() => expect(summaryState()?.isInvalidated).toBe(true));

      client.setQueryData(boardKeys.summary(1), { predicted_total: 0 });
      const edit = renderHook(() => useInlineUpdate(1), { wrapper }).result;
      act(() => edit.current(initial[1], { actual_cost: 12.5 }));
      expect(summaryState()?.isInvalidated).toBe(false);
      await waitFor(() => expect(summaryState()?.isInvalidated).toBe(true));
    }
  });

  it('inline edits send title, actual_cost and status and roll back on failure', async () => {
    const { client, bodies, initial, wrapper } = setup(500);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => useInlineUpdate(1), { wrapper });
    act(() => result.current(initial[0], { actual_cost: 99.5 }));
    expect(client.getQueryData<Task[]>(boardKeys.tasks(1))?.[0].actual_cost).toBe(99.5);
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(bodies).toEqual([{ title: 'T1', actual_cost: 99.5, status: 'To Do' }]);
    expect(client.getQueryData(boardKeys.tasks(1))).toEqual(initial);
  });
});
