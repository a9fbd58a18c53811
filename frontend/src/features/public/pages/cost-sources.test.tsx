import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import CostSources from './cost-sources';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const FACTOR_NOTE =
  'Location factor: state level (USACE CWCCIS 2026). No current public source of metro or city construction cost factors was found, so every zip code of a state gets the same factor.';

const answer = {
  factor_level: 'state',
  factor_note: FACTOR_NOTE,
  sources: [
    {
      id: 'S1',
      title: 'National Association of Home Builders (NAHB), Cost of Constructing a Home – 2024.',
      url: 'https://www.nahb.org/-/media/x.pdf',
      publisher: 'National Association of Home Builders (NAHB)',
      work: 'Cost of Constructing a Home – 2024',
      year: 2025,
      role: 'primary',
      citation: `National Association of Home Builders (NAHB), Economics and Housing Policy Group. Cost of Constructing a Home – 2024. ${'Used: average construction cost $428,215. '.repeat(10)}`,
      tasks: Array.from({ length: 12 }, (_, i) => `Task ${i + 1}`),
    },
    {
      id: 'S10',
      title: 'Zonda / JLC (Remodeling magazine), Cost vs. Value Report 2025 – National',
      url: 'https://www.jlconline.com/cost-vs-value/2025/national/',
      publisher: 'Zonda / JLC (Remodeling magazine)',
      work: 'Cost vs. Value Report 2025 – National',
      year: 2025,
      role: 'primary',
      citation: 'Zonda / JLC (Remodeling magazine), Cost vs. Value Report 2025 – National. Used (national job cost): asphalt roof $31,871.',
      tasks: ['Roof Replacement', 'Kitchen Remodel - Major'],
    },
    {
      id: 'S23',
      title: 'Emerald City Build',
      url: null,
      publisher: 'Emerald City Build',
      work: 'The Ultimate Cost Guide – 2024 Custom Home Construction',
      year: null,
      role: 'cross-check',
      citation: '(cross-check) Emerald City Build, "The Ultimate Cost Guide".',
      tasks: [],
    },
  ],
  durations: {
    note: 'No official per-phase figure exists: the U.S. Census Bureau publishes only whole-house building times.',
    sources: [
      {
        id: 'D2',
        title: 'NAHB Eye on Housing, "Single-Family Homes Are Built Faster in 2024"',
        url: 'https://eyeonhousing.org/?wt=gqjwe',
        citation: 'NAHB Eye on Housing, "Single-Family Homes Are Built Faster in 2024". Used: 7.6 months from start to completion.',
        tasks: ['Other / Miscellaneous'],
      },
      {
        id: 'D1',
        title: 'U.S. Census Bureau, Survey of Construction, Length of Time tables',
        url: 'javascript:alert(1)',
        citation: '',
        tasks: [],
      },
      { title: 'no id: dropped' },
    ],
    estimated_tasks: ['Framing', 'Drywall'],
  },
};

describe('the /cost-sources page', () => {
  const scrollIntoView = vi.fn();
  beforeEach(() => {
    scrollIntoView.mockClear();
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('explains how predictions are made and lists every source with its id, date, role, citation, link and tasks', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(json(200, answer)));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CostSources />, { path: '/cost-sources' });

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cost data sources');
    const intro = screen.getByRole('region', { name: 'How predictions are made' }).textContent ?? '';
    for (const s of ['construction cost factor of the state', 'priced per job', 'per square foot', 'halfway', 'Once 3 tasks']) {
      expect(intro).toContain(s);
    }
    await waitFor(() => expect(screen.getAllByTestId('cost-source')).toHaveLength(3));
    expect(fetchMock).toHaveBeenCalledWith('/api/cost-sources/', expect.anything());
    expect(screen.getByTestId('factor-note').textContent).toBe(FACTOR_NOTE);
    expect(document.title).toMatch(/Cost data sources/);

    // Each source is an anchor: /cost-sources#S10 lands on it.
    const s10 = document.getElementById('S10')!;
    const item = within(s10);
    expect(s10.textContent).toContain('Source S10');
    expect(s10.textContent).toContain('Primary source');
    expect(item.getByTestId('cost-source-date').textContent).toBe('2025');
    expect(s10.textContent).toContain('Zonda / JLC (Remodeling magazine)');
    expect(s10.textContent).toContain('Used (national job cost): asphalt roof $31,871.');
    const link = item.getByRole('link', { name: /Cost vs\. Value Report 2025 – National/ });
    expect(link.getAttribute('href')).toBe('https://www.jlconline.com/cost-vs-value/2025/national/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // A short task list is shown; a long one is folded.
    expect(item.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Roof Replacement', 'Kitchen Remodel - Major']);
    const s1 = document.getElementById('S1')!;
    expect(s1.querySelector('details.src-tasks summary')?.textContent).toBe(
      'Used for 12 tasks from National Association of Home Builders (NAHB)',
    );
    expect(s1.querySelector<HTMLDetailsElement>('details.src-tasks')?.open).toBe(false);
    // A long citation is folded under its label; a short one is shown.
    expect(s1.querySelector('details.src-citation summary')?.textContent).toBe(
      'Full citation of Cost of Constructing a Home – 2024',
    );
    expect(s10.querySelector('details.src-citation')).toBeNull();
    // The known card's full date (the year agrees).
    expect(within(s1).getByTestId('cost-source-date').textContent).toBe('January 2025');

    const s23 = document.getElementById('S23')!;
    expect(s23.textContent).toContain('Cross-check only');
    expect(within(s23).getByTestId('cost-source-date').textContent).toBe('Not dated');
    expect(within(s23).queryByRole('link')).toBeNull();
    expect(s23.textContent).toContain('Used only to check other figures');
  });

  it('lists the sources of the default durations and says no official per-phase figure exists', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json(200, answer))));
    renderWithProviders(<CostSources />, { path: '/cost-sources', url: '/cost-sources#D2' });
    const section = screen.getByRole('region', { name: 'Durations' });
    // The statement is there before the list arrives.
    expect(within(section).getByTestId('durations-note').textContent).toMatch(/^No official per-phase figure exists/);
    await waitFor(() => expect(screen.getAllByTestId('duration-source')).toHaveLength(2));
    expect(within(section).getByTestId('durations-note').textContent).toBe(answer.durations.note);

    const d2 = document.getElementById('D2')!;
    expect(d2.textContent).toContain('Source D2');
    expect(d2.textContent).toContain('Used: 7.6 months from start to completion.');
    expect(within(d2).getByRole('link', { name: /Built Faster in 2024/ }).getAttribute('href')).toBe(
      'https://eyeonhousing.org/?wt=gqjwe',
    );
    expect(within(d2).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Other / Miscellaneous']);
    // The address in the URL lands on a duration source too.
    await waitFor(() => expect(d2.className).toContain('src-item--target'));

    // An address that is not a public page is not linked.
    const d1 = document.getElementById('D1')!;
    expect(within(d1).queryByRole('link')).toBeNull();
    expect(d1.textContent).toContain('No task’s duration cites it directly');

    const estimated = within(section).getByTestId('estimated-durations');
    expect(estimated.querySelector('summary')?.textContent).toBe('Estimated, with no published figure: 2 tasks');
    expect(within(estimated).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Framing', 'Drywall']);
  });

  it('scrolls to the source in the address and marks it', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json(200, answer))));
    renderWithProviders(<CostSources />, { path: '/cost-sources', url: '/cost-sources#S10' });
    await waitFor(() => expect(document.getElementById('S10')?.className).toContain('src-item--target'));
    expect(scrollIntoView).toHaveBeenCalled();
    expect(document.activeElement).toBe(document.getElementById('S10'));
    expect(document.getElementById('S1')?.className).not.toContain('src-item--target');
  });

  it('says so when the list cannot be loaded, and tries again', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(503, { error: 'unavailable', message: 'down' }))
      .mockResolvedValueOnce(json(200, answer));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CostSources />, { path: '/cost-sources' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('could not be loaded');
    // The state-level statement stays on the page without the list.
    expect(screen.getByTestId('factor-note').textContent).toMatch(/state level/);
    within(alert).getByRole('button', { name: 'Try again' }).click();
    await waitFor(() => expect(screen.getAllByTestId('cost-source')).toHaveLength(3));
  });
});
