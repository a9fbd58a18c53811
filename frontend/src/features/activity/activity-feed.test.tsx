import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { ActivityFeed, TaskActivitySection } from './activity-feed';
import { ActivityPage } from './activity-page';
import { actionSubject, actorName, type ActivityEntry } from './api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const entry = (id: number, summary: string, extra: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id,
  at: '2026-11-27T14:05:00Z',
  actor: 'ana',
  action: 'task.moved',
  task: 12,
  summary,
  ...extra,
});

/** fetch answered by the URL's path and query; returns the URLs asked. */
function stub(answer: (url: URL) => Response): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | Request) => {
      const raw = typeof input === 'string' ? input : input.url;
      const url = new URL(raw, 'http://localhost');
      asked.push(url.pathname + url.search);
      return Promise.resolve(answer(url));
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('the activity feed', () => {
  it('lists the changes newest first with who and when, and reads the next page on Show more', async () => {
    const asked = stub((url) =>
      url.searchParams.get('cursor') === '8'
        ? json(200, { entries: [entry(5, 'Added Framing to To Do.', { action: 'task.created' })], next: null })
        : json(200, {
            entries: [
              entry(9, "Framing's actual cost changed from $40,000.00 to $41,500.00.", { action: 'task.cost_changed' }),
              entry(8, 'Recorded a payment of $2,000.00 to Acme for Framing.', {
                action: 'payment.created',
                actor: null,
              }),
            ],
            next: '8',
          }),
    );
    renderWithProviders(
      <ActivityFeed projectId={3} task={12} limit={2} empty="Nothing yet." label="Changes to Framing" />,
    );
    const list = await screen.findByRole('list', { name: 'Changes to Framing' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining("Framing's actual cost changed from $40,000.00 to $41,500.00."),
      expect.stringContaining('Recorded a payment of $2,000.00 to Acme for Framing.'),
    ]);
    expect(items[0].textContent).toContain('ana');
    expect(items[1].textContent).toContain('A deleted account');
    expect(items[1].textContent).toContain('Payment');
    expect(asked[0]).toBe('/api/projects/3/activity/?limit=2&task=12');

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Added Framing to To Do.')).toBeTruthy();
    expect(asked[1]).toBe('/api/projects/3/activity/?limit=2&task=12&cursor=8');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says when there is nothing yet, and when the trail cannot be read', async () => {
    stub(() => json(200, { entries: [], next: null }));
    renderWithProviders(<ActivityFeed projectId={3} task={null} limit={50} empty="Nothing yet." label="All" />);
    expect(await screen.findByText('Nothing yet.')).toBeTruthy();
    vi.unstubAllGlobals();
    stub(() => json(404, { error: 'not_found', message: 'Project not found.' }));
    renderWithProviders(<ActivityFeed projectId={4} task={null} limit={50} empty="Nothing yet." label="All" />);
    expect((await screen.findByRole('alert')).textContent).toContain('The activity could not be loaded.');
  });

  it("shows a task's last five changes in its dialog's section", async () => {
    const asked = stub(() =>
      json(200, { entries: [entry(2, 'Moved Framing from To Do to In Progress.')], next: null }),
    );
    renderWithProviders(<TaskActivitySection projectId={3} task={{ id: 12, title: 'Framing' }} />);
    expect((await screen.findByRole('list', { name: 'Changes to Framing, newest first' })).textContent).toContain(
      'Moved Framing from To Do to In Progress.',
    );
    expect(screen.getByRole('heading', { name: 'Activity' })).toBeTruthy();
    expect(asked[0]).toBe('/api/projects/3/activity/?limit=5&task=12');
  });

  it('is a page of its own with the way back to the board', async () => {
    stub(() => json(200, { entries: [entry(1, 'Budget changed from $300,000.00 to $325,000.00.')], next: null }));
    renderWithProviders(<ActivityPage projectId={3} projectName="Willow Creek House" />, {
      path: '/kanban/:projectId/activity',
      url: '/kanban/3/activity',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Activity — Willow Creek House' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to the board/ }).getAttribute('href')).toBe('/kanban/3');
    expect(await screen.findByText('Budget changed from $300,000.00 to $325,000.00.')).toBeTruthy();
  });
});

describe('the words of an entry', () => {
  it.each([
    ['task.moved', 'Task'],
    ['change_order.approved', 'Change order'],
    ['waiver.received', 'Lien waiver'],
    ['member.joined', 'Change'],
  ])('%s is about a %s', (action, subject) => expect(actionSubject(action)).toBe(subject));

  it('names a deleted account', () => {
    expect(actorName(null)).toBe('A deleted account');
    expect(actorName('ana')).toBe('ana');
  });
});
