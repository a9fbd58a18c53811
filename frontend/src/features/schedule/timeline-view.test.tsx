import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tokens } from '../../lib/auth-store';
import { EditAccess } from '../../lib/edit-access';
import { renderWithProviders } from '../../testing/render';
import { linksFixture, scheduleFixture, tasksFixture, TODAY } from './timeline-fixtures';
import { TimelineView } from './timeline-view';
import type { Schedule } from './types';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** The schedule's API: the fixture's schedule and links; writes answered by `write` (default 200). */
function serve(write: (req: Sent) => Response = () => json(200, {}), schedule: Schedule = scheduleFixture) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET') {
        if (url.endsWith('/api/projects/1/schedule/')) return Promise.resolve(json(200, schedule));
        if (url.endsWith('/api/projects/1/dependencies/')) return Promise.resolve(json(200, linksFixture));
        return Promise.resolve(json(404, { error: 'not_found', message: 'Not found.' }));
      }
      const req = { method, url, body: init?.body ? (JSON.parse(init.body as string) as unknown) : null };
      sent.push(req);
      return Promise.resolve(write(req));
    }),
  );
  return sent;
}

function renderTimeline(narrow = false) {
  tokens.set('A', 'R');
  const onOpen = vi.fn();
  const onChanged = vi.fn();
  renderWithProviders(
    <TimelineView
      projectId={1}
      tasks={tasksFixture}
      narrow={narrow}
      onOpen={onOpen}
      onChanged={onChanged}
      today={TODAY}
    />,
  );
  return { onOpen, onChanged };
}

const bar = (title: string) => screen.getByRole('button', { name: new RegExp(`^${title}:`) });

describe('TimelineView', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws a bar per scheduled task with its dates, marks and links, and lists the unscheduled', async () => {
    serve();
    renderTimeline();
    await screen.findByTestId('timeline-bar-2');
    await waitFor(() => expect(document.querySelectorAll('.tl-arrow')).toHaveLength(4));
    expect(bar('Framing').getAttribute('aria-label')).toBe(
      'Framing: Nov 25 – Dec 1, 5 working days, after Demo, critical, delayed 2 working days',
    );
    expect(bar('Electrical').getAttribute('aria-label')).toBe(
      'Electrical: Nov 25 – Nov 26, 2 working days, after Demo, held by inspection',
    );
    // Critical in words (not colour alone): three tasks on the path.
    expect(screen.getAllByText('Critical', { selector: '.tl-critical-tag' })).toHaveLength(3);
    expect(screen.getByTestId('timeline-bar-2').closest('.tl-bar-wrap')?.className).toContain('is-critical');
    expect(screen.getByTestId('timeline-bar-3').closest('.tl-bar-wrap')?.className).not.toContain('is-critical');
    expect(screen.getByRole('img', { name: 'Delayed 2 working days' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Held by inspection' })).toBeTruthy();
    // On the day scale from Monday Nov 23 (the project's start): Framing from Wednesday, 7 days long.
    const framing = screen.getByTestId('timeline-bar-2').closest<HTMLElement>('.tl-bar-wrap')!;
    expect(framing.style.left).toBe(`${2 * 24}px`);
    expect(framing.style.width).toBe(`${7 * 24}px`);
    // Four links, one arrow each; the baseline under Framing; the finish and its slip.
    await waitFor(() => expect(document.querySelectorAll('.tl-arrow')).toHaveLength(4));
    expect(document.querySelectorAll('.tl-baseline')).toHaveLength(1);
    // The finish in the app's date words (formatIsoDay), as the summary card and the share page.
    expect(screen.getByTestId('timeline-finish').textContent).toBe(
      `Finish ${new Date(2026, 11, 4).toLocaleDateString()} · baseline ${new Date(2026, 11, 2).toLocaleDateString()} (2 working days late)`,
    );
    const unscheduled = screen.getByRole('region', { name: 'Not on the timeline yet' });
    expect(within(unscheduled).getByText('Paint')).toBeTruthy();
  });

  it('moves a start with the arrow keys and a duration with Shift, then asks the schedule again', async () => {
    const sent = serve();
    const { onChanged } = renderTimeline();
    await screen.findByTestId('timeline-bar-2');
    fireEvent.keyDown(bar('Framing'), { key: 'ArrowRight' });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'PATCH', url: '/api/tasks/2/', body: { planned_start: '2026-11-26' } });
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    fireEvent.keyDown(bar('Drywall'), { key: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ method: 'PATCH', url: '/api/tasks/4/', body: { duration_days: 4 } });
  });

  it('draws a task of no working days as a milestone', async () => {
    const milestone = { ...scheduleFixture.tasks[3], start: '2026-12-02', finish: '2026-12-02' };
    serve(undefined, { ...scheduleFixture, tasks: [...scheduleFixture.tasks.slice(0, 3), milestone] });
    tokens.set('A', 'R');
    const tasks = tasksFixture.map((t) => (t.id === 4 ? { ...t, duration_days: 0 } : t));
    renderWithProviders(<TimelineView projectId={1} tasks={tasks} narrow={false} onOpen={() => {}} today={TODAY} />);
    const drywall = await screen.findByTestId('timeline-bar-4');
    await waitFor(() =>
      expect(drywall.getAttribute('aria-label')).toBe(
        'Drywall: Dec 2, milestone, after Framing and Electrical, critical',
      ),
    );
    expect(drywall.closest('.tl-bar-wrap')?.className).toContain('is-milestone');
  });

  it('opens a task on Enter and on a click', async () => {
    serve();
    const { onOpen } = renderTimeline();
    await screen.findByTestId('timeline-bar-2');
    fireEvent.click(bar('Drywall'));
    expect(onOpen).toHaveBeenCalledWith(4);
  });

  it('links two tasks with the keyboard and shows the server refusing a cycle', async () => {
    const sent = serve(() =>
      json(409, { error: 'conflict', message: 'This link would make a loop: Drywall already waits for Framing.' }),
    );
    renderTimeline();
    await screen.findByTestId('timeline-bar-2');
    fireEvent.keyDown(bar('Drywall'), { key: 'l' });
    expect(screen.getByText(/^Linking from Drywall/)).toBeTruthy();
    fireEvent.keyDown(bar('Framing'), { key: 'l' });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/dependencies/',
      body: { predecessor: 4, successor: 2, type: 'FS', lag_days: 0 },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link would make a loop: Drywall already waits for Framing.',
    );
  });

  it('drags a bar by whole days with a pointer', async () => {
    const sent = serve();
    renderTimeline();
    await screen.findByTestId('timeline-bar-2');
    const framing = screen.getByTestId('timeline-bar-2');
    fireEvent.pointerDown(framing, { pointerId: 1, button: 0, clientX: 100, clientY: 10 });
    fireEvent.pointerMove(framing, { pointerId: 1, clientX: 150, clientY: 10 });
    fireEvent.pointerUp(framing, { pointerId: 1, clientX: 150, clientY: 10 });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({ planned_start: '2026-11-27' });
  });

  it('gives an unscheduled task a duration', async () => {
    const sent = serve();
    renderTimeline();
    const unscheduled = await screen.findByRole('region', { name: 'Not on the timeline yet' });
    fireEvent.change(within(unscheduled).getByLabelText('Working days'), { target: { value: '4' } });
    fireEvent.click(within(unscheduled).getByRole('button', { name: /Set duration/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'PATCH', url: '/api/tasks/5/', body: { duration_days: 4 } });
  });

  it('shows the agenda on a narrow screen', async () => {
    serve();
    renderTimeline(true);
    const agenda = await screen.findByTestId('schedule-agenda');
    const thisWeek = within(agenda).getByRole('region', { name: /This week/ });
    expect(
      within(thisWeek)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Electrical', 'Framing']);
    expect(within(thisWeek).getByRole('img', { name: 'Held by inspection' })).toBeTruthy();
    const next = within(agenda).getByRole('region', { name: /Next two weeks/ });
    expect(within(next).getByText('Dec 2 – Dec 4')).toBeTruthy();
    expect(within(next).getByText('Critical')).toBeTruthy();
    expect(screen.queryByTestId('timeline-bar-2')).toBeNull();
    // The planned finish above the agenda, as above the chart; nothing starts later, so no fold.
    expect(screen.getByTestId('timeline-finish').textContent).toContain(new Date(2026, 11, 4).toLocaleDateString());
    expect(screen.queryByTestId('agenda-later')).toBeNull();
  });

  it('lets a viewer (issue 35) open a task from its bar, and move, resize or link none', async () => {
    const sent = serve();
    tokens.set('A', 'R');
    const onOpen = vi.fn();
    renderWithProviders(
      <EditAccess value={false}>
        <TimelineView projectId={1} tasks={tasksFixture} narrow={false} onOpen={onOpen} today={TODAY} />
      </EditAccess>,
    );
    await screen.findByTestId('timeline-bar-2');
    expect(screen.queryByTestId('timeline-resize-2')).toBeNull();
    expect(screen.queryByTestId('timeline-link-2')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Not on the timeline yet' })).toBeNull();
    fireEvent.keyDown(bar('Framing'), { key: 'ArrowRight' });
    fireEvent.keyDown(bar('Framing'), { key: 'l' });
    fireEvent.pointerDown(bar('Framing'), { pointerId: 1, clientX: 60, clientY: 10 });
    fireEvent.click(bar('Framing'));
    expect(onOpen).toHaveBeenCalledWith(2);
    expect(sent).toEqual([]);
  });
});
