import { describe, expect, it } from 'vitest';
import { act, render, renderHook } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LOAD_FAILED, useBoardBanner, useLoadFailureBanner } from './use-board-banner';

/** Renders the hook on a board route entered with `state`, as the projects page sends it. */
function renderAt(state: unknown, hook: () => ReturnType<typeof useBoardBanner>) {
  const result: { current: ReturnType<typeof useBoardBanner> | null } = { current: null };
  function Probe() {
    result.current = hook();
    return null;
  }
  const router = createMemoryRouter([{ path: '/kanban/:projectId', element: <Probe /> }], {
    initialEntries: [{ pathname: '/kanban/1', state }],
  });
  return { result, router, element: <RouterProvider router={router} /> };
}

describe('useBoardBanner', () => {
  it('opens with the notice the page before sent, once: the history entry forgets it', async () => {
    const { result, router, element } = renderAt({ notice: 'Project created without its task list.' }, useBoardBanner);
    render(element);
    expect(result.current?.message).toBe('Project created without its task list.');
    await act(async () => {});
    expect(router.state.location.state).toBeNull();
    act(() => result.current?.dismiss());
    expect(result.current?.message).toBe('');
    act(() => result.current?.show('Failed to delete task.'));
    expect(result.current?.message).toBe('Failed to delete task.');
  });

  it('withdraws a message only while the banner still says it', () => {
    const { result, element } = renderAt(null, useBoardBanner);
    render(element);
    act(() => result.current?.show('Failed to update budget.'));
    act(() => result.current?.withdraw('Failed to delete task.'));
    expect(result.current?.message).toBe('Failed to update budget.');
    act(() => result.current?.withdraw('Failed to update budget.'));
    expect(result.current?.message).toBe('');
  });

  it('opens empty without a notice', () => {
    const { result, element } = renderAt(null, useBoardBanner);
    render(element);
    expect(result.current?.message).toBe('');
  });
});

describe('useLoadFailureBanner', () => {
  it('says the load failed each time it starts failing', () => {
    const shown: string[] = [];
    const show = (m: string) => shown.push(m);
    const { rerender } = renderHook(({ failed }) => useLoadFailureBanner(failed, show), {
      initialProps: { failed: false },
    });
    expect(shown).toEqual([]);
    rerender({ failed: true });
    rerender({ failed: true });
    expect(shown).toEqual([LOAD_FAILED]);
    rerender({ failed: false });
    rerender({ failed: true });
    expect(shown).toEqual([LOAD_FAILED, LOAD_FAILED]);
  });
});
