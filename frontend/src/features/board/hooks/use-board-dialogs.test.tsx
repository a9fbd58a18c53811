import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { Task } from '../types';
import { useBoardDialogs, useIdlePreload } from './use-board-dialogs';

const task = { id: 3, title: 'Roof' } as Task;

describe('useBoardDialogs', () => {
  it('opens the task form for a task or a new one, and closes it', () => {
    const { result } = renderHook(() => useBoardDialogs());
    expect(result.current.editing).toBeUndefined();
    act(() => result.current.openTask(task));
    expect(result.current.editing).toBe(task);
    act(() => result.current.closeTask());
    expect(result.current.editing).toBeUndefined();
    act(() => result.current.newTask());
    expect(result.current.editing).toBeNull();
  });

  it('opens and closes Update Budget', () => {
    const { result } = renderHook(() => useBoardDialogs());
    act(() => result.current.openBudget());
    expect(result.current.budgetOpen).toBe(true);
    act(() => result.current.closeBudget());
    expect(result.current.budgetOpen).toBe(false);
  });

  it('asks before deleting; confirmed, the question and the task form close and the task is handed back', () => {
    const { result } = renderHook(() => useBoardDialogs());
    act(() => result.current.openTask(task));
    act(() => result.current.askDelete(task));
    expect(result.current.confirmDelete).toBe(task);
    let confirmed: Task | null = null;
    act(() => {
      confirmed = result.current.confirmDeleteNow();
    });
    expect(confirmed).toBe(task);
    expect(result.current.confirmDelete).toBeNull();
    expect(result.current.editing).toBeUndefined();
  });

  it('cancelling the question keeps the task form open', () => {
    const { result } = renderHook(() => useBoardDialogs());
    act(() => result.current.openTask(task));
    act(() => result.current.askDelete(task));
    act(() => result.current.cancelDelete());
    expect(result.current.confirmDelete).toBeNull();
    expect(result.current.editing).toBe(task);
    let confirmed: Task | null = task;
    act(() => {
      confirmed = result.current.confirmDeleteNow();
    });
    expect(confirmed).toBeNull();
    expect(result.current.editing).toBe(task);
  });
});

describe('useIdlePreload', () => {
  it('loads once the browser is idle, and not after unmount', () => {
    vi.useFakeTimers();
    try {
      const preload = vi.fn();
      const { unmount } = renderHook(() => useIdlePreload(preload));
      expect(preload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(2000);
      expect(preload).toHaveBeenCalledTimes(1);
      const later = vi.fn();
      const second = renderHook(() => useIdlePreload(later));
      second.unmount();
      unmount();
      vi.advanceTimersByTime(2000);
      expect(later).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
