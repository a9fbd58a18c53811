import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import type { ProjectSummary, Task, TaskPatch } from '../types';

vi.mock('canvas-confetti', () => ({ default: Object.assign(vi.fn(), { create: () => vi.fn() }) }));
const api = vi.hoisted(() => ({ patchTask: vi.fn(), recordTaskPayment: vi.fn() }));
vi.mock('../api', async (original) => ({ ...(await original<typeof import('../api')>()), ...api }));

const { boardKeys } = await import('../api');
const { useBoardMoves } = await import('./use-board-moves');

const t = (id: number, status: Task['status'], extra: Partial<Task> = {}): Task =>
  ({ id, project: 1, title: `T${id}`, status, position: id, actual_cost: null, ...extra }) as Task;
const summary = { use_calibration: true } as unknown as ProjectSummary;

function setup() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, enabled: false }, mutations: { retry: false } },
  });
  client.setQueryData(boardKeys.tasks(1), [t(1, 'To Do', { actual_cost: 120 }), t(2, 'In Progress')]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const onBanner = vi.fn();
  const { result } = renderHook(() => useBoardMoves(1, summary, onBanner), { wrapper });
  return { client, result, onBanner };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const costRefusal = new ApiError(400, 'validation_error', 'x', { actual_cost: ['Ensure this value is at most 1e9.'] });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.clearAllMocks());

describe('useBoardMoves: the Paid dialog', () => {
  it('opens with the cost filled in, is busy while the move is out, and closes with the card restored once saved', async () => {
    const { client, result } = setup();
    const restore = vi.fn();
    act(() => result.current.askPaid(1, 0, restore));
    expect(result.current.paid?.drop.taskId).toBe(1);
    expect(result.current.paid?.drop.prefill).toMatchObject({ value: '120', source: 'actual' });
    expect(result.current.paid?.saving).toBe(false);

    const answer = deferred<Task>();
    api.patchTask.mockReturnValueOnce(answer.promise);
    act(() => result.current.paid?.save(150, null));
    await waitFor(() => expect(result.current.paid?.saving).toBe(true));
    expect(api.patchTask).toHaveBeenCalledWith(1, { status: 'Paid', actual_cost: 150, project: 1, position: 0 });
    // Optimistic: the board shows it at Paid meanwhile.
    expect(client.getQueryData<Task[]>(boardKeys.tasks(1))?.find((x) => x.id === 1)?.status).toBe('Paid');
    // A second press while it is out sends nothing more.
    act(() => result.current.paid?.save(150, null));
    expect(api.patchTask).toHaveBeenCalledTimes(1);

    await act(async () => {
      answer.resolve(t(1, 'Paid', { actual_cost: 150 }));
      await answer.promise;
    });
    await waitFor(() => expect(result.current.paid).toBeNull());
    expect(restore).toHaveBeenCalledTimes(1);
  });

  it("keeps the dialog open with the server's reason for a refused cost, without the banner; an edit clears it", async () => {
    const { client, result, onBanner } = setup();
    const restore = vi.fn();
    act(() => result.current.askPaid(2, 0, restore));
    api.patchTask.mockRejectedValueOnce(costRefusal);
    act(() => result.current.paid?.save(2e12, null));
    await waitFor(() => expect(result.current.paid?.error).toBe('Ensure this value is at most 1e9.'));
    expect(result.current.paid?.saving).toBe(false);
    expect(onBanner).not.toHaveBeenCalled();
    expect(restore).not.toHaveBeenCalled();
    // Rolled back on the board.
    expect(client.getQueryData<Task[]>(boardKeys.tasks(1))?.find((x) => x.id === 2)?.status).toBe('In Progress');
    act(() => result.current.paid?.edited());
    await waitFor(() => expect(result.current.paid?.error).toBeNull());
    expect(result.current.paid?.drop.taskId).toBe(2);
  });

  it('closes with the banner when the move fails otherwise', async () => {
    const { result, onBanner } = setup();
    const restore = vi.fn();
    act(() => result.current.askPaid(2, 0, restore));
    api.patchTask.mockRejectedValueOnce(new ApiError(500, 'server_error', 'x'));
    act(() => result.current.paid?.save(10, null));
    await waitFor(() => expect(result.current.paid).toBeNull());
    expect(onBanner).toHaveBeenCalledWith('Failed to update task with actual cost.');
    expect(restore).toHaveBeenCalledTimes(1);
  });

  it('cancel restores the card and sends nothing', () => {
    const { result } = setup();
    const restore = vi.fn();
    act(() => result.current.askPaid(1, 0, restore));
    act(() => result.current.paid?.cancel());
    expect(result.current.paid).toBeNull();
    expect(restore).toHaveBeenCalledTimes(1);
    expect(api.patchTask).not.toHaveBeenCalled();
  });

  it('saves offline through the queue as online (patchTask answers from the offline writer)', async () => {
    const { result } = setup();
    // patchTask is the seam where api.ts queues a write offline: it resolves with the queued task.
    api.patchTask.mockImplementationOnce((id: number, patch: TaskPatch) =>
      Promise.resolve({ ...t(id, 'Paid'), ...patch }),
    );
    act(() => result.current.askPaid(2, 0, vi.fn()));
    act(() => result.current.paid?.save(80, null));
    await waitFor(() => expect(result.current.paid).toBeNull());
  });
});

describe('useBoardMoves: moves', () => {
  it('moveTo sends a move to the end of another column, and to Paid asks for the cost first', async () => {
    const { result } = setup();
    api.patchTask.mockResolvedValue(t(1, 'In Progress'));
    act(() => result.current.moveTo(t(1, 'To Do'), 'In Progress'));
    await waitFor(() =>
      expect(api.patchTask).toHaveBeenCalledWith(1, { status: 'In Progress', project: 1, position: 1 }),
    );
    act(() => result.current.moveTo(t(2, 'In Progress'), 'Paid'));
    expect(result.current.paid?.drop).toMatchObject({ taskId: 2, index: 0 });
    expect(api.patchTask).toHaveBeenCalledTimes(1);
  });

  it("the sheet's status to Paid resolves once the dialog is closed; other edits go inline", async () => {
    const { result } = setup();
    let done = false;
    act(() => {
      void (result.current.sheetUpdate(t(1, 'To Do'), { status: 'Paid' }) as Promise<void>).then(() => {
        done = true;
      });
    });
    expect(result.current.paid?.drop.taskId).toBe(1);
    act(() => result.current.paid?.cancel());
    await waitFor(() => expect(done).toBe(true));

    api.patchTask.mockResolvedValueOnce(t(1, 'To Do', { title: 'New' }));
    act(() => void result.current.sheetUpdate(t(1, 'To Do'), { title: 'New' }));
    await waitFor(() =>
      expect(api.patchTask).toHaveBeenCalledWith(1, { title: 'New', actual_cost: null, status: 'To Do' }),
    );
  });
});
