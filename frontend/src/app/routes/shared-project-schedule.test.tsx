import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { formatIsoDay } from '../../lib/format';
import { scheduledSharedFixture, sharedFixture, TOKEN } from '../../features/shares/test-fixtures';
import SharedProjectRoute from './shared-project';

// The share page's Schedule section (issue 33) as the app composes it: the schedule feature's
// read-only view, from the link's own answer, in its own chunk.

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function open(body: unknown) {
  const fetch = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(() => Promise.resolve(json(body)));
  vi.stubGlobal('fetch', fetch);
  renderWithProviders(<SharedProjectRoute />, { path: '/share/:token', url: `/share/${TOKEN}` });
  return fetch;
}

/** The screen is `narrow` wide or not (NARROW_QUERY, max-width: 600px). */
function screenIs(narrow: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: narrow && query.includes('max-width: 600px'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

const section = () => screen.getByRole('region', { name: 'Schedule' });

describe('the share page’s Schedule section', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 25, 10));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('draws the timeline read only: the finish in the summary’s words, bars with their dates and marks, no handles', async () => {
    screenIs(false);
    const fetch = open(scheduledSharedFixture);
    const bar = await screen.findByRole('img', { name: /^Framing:/ });
    const schedule = section();

    // The board's schedule summary's words, without its actions or its prompts to the owner.
    expect(within(schedule).getByTestId('shared-schedule-summary').textContent).toBe(
      `Planned finish: ${formatIsoDay('2026-12-04')}` +
        `2 working days late against the baseline (${formatIsoDay('2026-12-02')}).` +
        'The slip costs $666.67 (2 calendar days).',
    );
    expect(within(schedule).queryByRole('button')).toBeNull();

    // A bar per scheduled task, named with its dates, duration, predecessors and marks.
    expect(bar.getAttribute('aria-label')).toBe(
      'Framing: Nov 19 – Dec 1, 9 working days, after Building Permits, critical, delayed 2 working days',
    );
    expect(within(schedule).getByRole('img', { name: /^Roofing: Dec 2 – Dec 4, 3 working days/ })).toBeTruthy();
    expect(
      within(schedule)
        .getByRole('img', { name: /^Building Permits:/ })
        .closest('.is-done'),
    ).not.toBeNull();
    expect(within(schedule).getAllByText('Critical')).toHaveLength(3);
    expect(schedule.querySelectorAll('.tl-arrow')).toHaveLength(2);
    expect(schedule.querySelectorAll('.tl-baseline')).toHaveLength(3);
    expect(within(schedule).getByRole('list', { name: 'Legend' })).toBeTruthy();
    expect(within(schedule).getByTestId('shared-schedule-unscheduled').textContent).toBe(
      '1 task is not on the schedule yet (no duration).',
    );

    // Nothing to act on: no handles, no button, nothing to focus but the scroller; a click opens nothing.
    expect(schedule.querySelector('.tl-resize, .tl-link-handle, button, input, [draggable="true"]')).toBeNull();
    expect(bar.tagName).toBe('SPAN');
    expect(bar.hasAttribute('tabindex')).toBe(false);
    const focusable = schedule.querySelectorAll('[tabindex]');
    expect([...focusable].map((el) => el.getAttribute('aria-label'))).toEqual(['Timeline, by day']);
    fireEvent.pointerDown(bar, { button: 0, pointerId: 1, clientX: 100 });
    fireEvent.pointerMove(bar, { pointerId: 1, clientX: 300 });
    fireEvent.pointerUp(bar, { pointerId: 1, clientX: 300 });
    fireEvent.click(bar);
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bar.getAttribute('aria-label')).toMatch(/^Framing: Nov 19 – Dec 1,/);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Print']);

    // The link's own answer only: never the owner's /api/projects/... (no login here).
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([expect.stringContaining(`/api/share/${TOKEN}/`)]);
  });

  it('shows the agenda below 600 px, its titles as text', async () => {
    screenIs(true);
    open(scheduledSharedFixture);
    const agenda = await screen.findByTestId('schedule-agenda');
    expect(within(section()).queryByRole('img', { name: /^Framing:/ })).toBeNull();
    expect(within(section()).queryByRole('list', { name: 'Legend' })).toBeNull();
    const thisWeek = within(agenda).getByRole('region', { name: 'This week (1)' });
    expect(within(thisWeek).getByRole('heading', { level: 3 }).textContent).toBe('This week (1)');
    expect(within(thisWeek).getByText('Framing').tagName).toBe('SPAN');
    expect(within(thisWeek).getByText('Critical')).toBeTruthy();
    const next = within(agenda).getByRole('region', { name: 'Next two weeks (1)' });
    expect(within(next).getByText('Roofing')).toBeTruthy();
    expect(within(next).getByText('Dec 2 – Dec 4')).toBeTruthy();
    expect(within(agenda).getByRole('region', { name: 'Late (0)' }).textContent).toContain('Nothing is late.');
    expect(within(section()).queryByRole('button')).toBeNull();
    expect(within(section()).getByTestId('shared-schedule-finish').textContent).toBe(formatIsoDay('2026-12-04'));
  });

  it('says so in one sentence when no task is scheduled: no chart, no agenda', async () => {
    screenIs(false);
    open(sharedFixture);
    await screen.findByRole('heading', { name: 'Willow Creek House', level: 1 });
    const schedule = section();
    expect(within(schedule).getByTestId('shared-schedule-empty').textContent).toBe('No task is on the schedule yet.');
    expect(within(schedule).getByTestId('shared-schedule-empty').className).toBe('muted');
    expect(schedule.querySelector('.tl-chart, .agenda')).toBeNull();
    expect(within(schedule).queryByRole('status')).toBeNull();
  });

  it('leaves out the variance and the slip without a baseline, and the slip’s cost without a carrying cost', async () => {
    screenIs(false);
    open({
      ...scheduledSharedFixture,
      schedule: {
        ...scheduledSharedFixture.schedule,
        baseline_finish: null,
        variance_days: null,
        slip_calendar_days: null,
        carrying_cost_of_slip: null,
      },
    });
    await screen.findByRole('img', { name: /^Framing:/ });
    expect(screen.getByTestId('shared-schedule-summary').textContent).toBe(
      `Planned finish: ${formatIsoDay('2026-12-04')}`,
    );
  });
});
