import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import type { BoardProject, Task } from '../types';

const api = vi.hoisted(() => ({
  updateProjectCalibration: vi.fn(),
  updateProjectMoney: vi.fn(),
  createTasksFromTemplate: vi.fn(),
}));
vi.mock('../api', async (original) => ({ ...(await original<typeof import('../api')>()), ...api }));

const { boardKeys } = await import('../api');
const { BUDGET_FAILED, UNREACHABLE, useBudgetSave, useCalibrationSwitch, useTemplateStart } =
  await import('./use-board-writes');

const project = { id: 1, name: 'House', budget: 1000, use_calibration: true } as unknown as BoardProject;

function setup() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, enabled: false }, mutations: { retry: false } },
  });
  client.setQueryData(boardKeys.project(1), project);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper, onBanner: vi.fn() };
}

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.clearAllMocks();
  onlineManager.setOnline(true);
});

describe('useCalibrationSwitch', () => {
  it('switches the board at once, is pending until the server answers, then keeps its project', async () => {
    const { client, wrapper, onBanner } = setup();
    const answer = deferred<BoardProject>();
    api.updateProjectCalibration.mockReturnValue(answer.promise);
    const { result } = renderHook(() => useCalibrationSwitch(1, onBanner), { wrapper });
    act(() => result.current.mutate(false));
    await waitFor(() => expect(result.current.isPending).toBe(true));
    expect(client.getQueryData<BoardProject>(boardKeys.project(1))?.use_calibration).toBe(false);
    expect(api.updateProjectCalibration).toHaveBeenCalledWith(1, false);
    const saved = { ...project, use_calibration: false, name: 'Saved' };
    await act(async () => {
      answer.resolve(saved);
      await answer.promise;
    });
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(client.getQueryData(boardKeys.project(1))).toEqual(saved);
    expect(onBanner).not.toHaveBeenCalled();
  });

  it("puts the setting back on failure and says why: the server's reason, or that it was not reached", async () => {
    const { client, wrapper, onBanner } = setup();
    const { result } = renderHook(() => useCalibrationSwitch(1, onBanner), { wrapper });
    api.updateProjectCalibration.mockRejectedValueOnce(new ApiError(400, 'validation_error', 'Not allowed.'));
    act(() => result.current.mutate(false));
    await waitFor(() => expect(onBanner).toHaveBeenCalledWith('Failed to change the predictions: Not allowed.'));
    expect(client.getQueryData<BoardProject>(boardKeys.project(1))?.use_calibration).toBe(true);

    api.updateProjectCalibration.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    act(() => result.current.mutate(false));
    await waitFor(() => expect(onBanner).toHaveBeenLastCalledWith(`Failed to change the predictions. ${UNREACHABLE}`));
    expect(client.getQueryData<BoardProject>(boardKeys.project(1))?.use_calibration).toBe(true);
  });

  it('is sent while offline (not paused until the connection returns), so the failure is said at once', async () => {
    const { wrapper, onBanner } = setup();
    onlineManager.setOnline(false);
    api.updateProjectCalibration.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useCalibrationSwitch(1, onBanner), { wrapper });
    act(() => result.current.mutate(false));
    await waitFor(() => expect(onBanner).toHaveBeenCalledWith(`Failed to change the predictions. ${UNREACHABLE}`));
    expect(result.current.isPaused).toBe(false);
  });
});

describe('useBudgetSave', () => {
  it('keeps the saved project, and rethrows a refusal to the dialog after the banner', async () => {
    const { client, wrapper, onBanner } = setup();
    const saved = { ...project, budget: 2000 };
    api.updateProjectMoney.mockResolvedValueOnce(saved);
    const { result } = renderHook(() => useBudgetSave(1, onBanner), { wrapper });
    await act(() => result.current.mutateAsync({ budget: 2000 }));
    expect(api.updateProjectMoney).toHaveBeenCalledWith(1, { budget: 2000 });
    expect(client.getQueryData(boardKeys.project(1))).toEqual(saved);

    const refusal = new ApiError(400, 'validation_error', 'x', { budget: ['Enter a budget.'] });
    api.updateProjectMoney.mockRejectedValueOnce(refusal);
    await act(() => expect(result.current.mutateAsync({ budget: null })).rejects.toBe(refusal));
    expect(onBanner).toHaveBeenCalledWith(BUDGET_FAILED);
    expect(client.getQueryData(boardKeys.project(1))).toEqual(saved);
  });

  it('takes its failure banner down once a save goes through', async () => {
    const { wrapper, onBanner } = setup();
    const onResolved = vi.fn();
    api.updateProjectMoney.mockRejectedValueOnce(new ApiError(400, 'validation_error', 'x', { budget: ['x'] }));
    const { result } = renderHook(() => useBudgetSave(1, onBanner, onResolved), { wrapper });
    await act(() => expect(result.current.mutateAsync({ budget: null })).rejects.toBeInstanceOf(ApiError));
    expect(onResolved).not.toHaveBeenCalled();
    api.updateProjectMoney.mockResolvedValueOnce({ ...project, budget: 3000 });
    await act(() => result.current.mutateAsync({ budget: 3000 }));
    expect(onResolved).toHaveBeenCalledWith(BUDGET_FAILED);
  });
});

describe('useTemplateStart', () => {
  it('shows the created tasks, pending until then', async () => {
    const { client, wrapper, onBanner } = setup();
    const created = [{ id: 7, title: 'Foundation' }] as Task[];
    const answer = deferred<Task[]>();
    api.createTasksFromTemplate.mockReturnValueOnce(answer.promise);
    const { result } = renderHook(() => useTemplateStart(1, onBanner), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isPending).toBe(true));
    await act(async () => {
      answer.resolve(created);
      await answer.promise;
    });
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(client.getQueryData(boardKeys.tasks(1))).toBe(created);
    expect(onBanner).not.toHaveBeenCalled();
  });

  it("says the server's message on a refusal, else that it was not reached", async () => {
    const { wrapper, onBanner } = setup();
    const { result } = renderHook(() => useTemplateStart(1, onBanner), { wrapper });
    api.createTasksFromTemplate.mockRejectedValueOnce(new ApiError(409, 'conflict', 'This board already has tasks.'));
    act(() => result.current.mutate());
    await waitFor(() => expect(onBanner).toHaveBeenCalledWith('This board already has tasks.'));
    api.createTasksFromTemplate.mockRejectedValueOnce(new ApiError(503, 'unavailable', 'Down.'));
    act(() => result.current.mutate());
    await waitFor(() => expect(onBanner).toHaveBeenLastCalledWith(UNREACHABLE));
  });
});
