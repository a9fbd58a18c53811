import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CostEstimateForm } from './cost-estimate-form';

// The lines link to /cost-sources: the form renders inside a router, as on the landing page.
const renderForm = () =>
  render(
    <MemoryRouter>
      <CostEstimateForm />
    </MemoryRouter>,
  );

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const answer = {
  state: 'TX',
  state_name: 'Texas',
  factor: 0.88,
  predicted_total: 341616,
  cost_per_sqft: 142.34,
  breakdown: [{ task: 'Framing', component: 'Framing > Framing', cost_per_sqft: 20, cost: 48000 }],
  sources: [
    {
      id: 'S4',
      title: 'GitHub repository WickboldtCapital/btr-engine, file config.py: a transcription',
      url: null,
    },
    { id: 'S22', title: 'Silver Elm Studio (architects), "How much will my project cost?"', url: 'https://silverelmstudio.com/x' },
  ],
};

describe('CostEstimateForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('flags a blank square footage beside the field and keeps the last estimate on screen', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(json(200, answer)));
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    fireEvent.change(screen.getByLabelText('Zip code'), { target: { value: '78701' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get my free estimate' }));
    expect((await screen.findByTestId('estimate-total')).textContent).toBe('$341,616');

    // Sources: publisher and title, never the repository.
    const result = screen.getByTestId('estimate-result');
    expect(result.textContent).not.toMatch(/GitHub|config\.py/);
    expect(screen.getByRole('link', { name: /How much will my project cost\?/ }).getAttribute('href')).toBe(
      'https://silverelmstudio.com/x',
    );
    expect(result.textContent).toContain('Silver Elm Studio (architects)');

    fireEvent.change(screen.getByLabelText('Square footage'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get my free estimate' }));
    // The form's checks load with its first use (the landing page's budget): the message follows.
    expect((await screen.findByTestId('estimate-sqft-error')).textContent).toBe('Enter the square footage.');
    const sqft = screen.getByLabelText('Square footage');
    expect(sqft.getAttribute('aria-invalid')).toBe('true');
    expect(sqft.getAttribute('aria-describedby')).toContain('est-sqft-error');
    expect(document.activeElement).toBe(sqft);
    expect(fetchMock).toHaveBeenCalledTimes(1); // nothing sent for a blank field
    expect(screen.getByTestId('estimate-total').textContent).toBe('$341,616');
    expect(screen.getByTestId('estimate-previous').textContent).toContain('2,400 sq ft');

    // Typing in the field clears its message.
    fireEvent.change(sqft, { target: { value: '2000' } });
    expect(screen.queryByTestId('estimate-sqft-error')).toBeNull();
  });

  it("turns the server's field messages into human ones beside the fields", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          json(400, {
            error: 'validation_error',
            message: 'zip_code: must be a 5-digit US ZIP code',
            fields: { zip_code: ['must be a 5-digit US ZIP code'] },
          }),
        ),
      ),
    );
    renderForm();
    fireEvent.change(screen.getByLabelText('Zip code'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get my free estimate' }));
    expect((await screen.findByTestId('estimate-zip-error')).textContent).toBe('Enter a 5-digit zip code, like 78701.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Zip code')));
    expect(screen.queryByTestId('estimate-error')).toBeNull();
    expect(document.body.textContent).not.toContain('zip_code');
  });

  it('shows the total and every line with its range, per job or per sq ft, the basis and links to its sources', async () => {
    const renovation = {
      state: 'TX',
      state_name: 'Texas',
      factor: 0.88,
      predicted_total: 86585.84,
      predicted_total_low: 66787.38,
      predicted_total_high: 123418.68,
      cost_per_sqft: 36.08,
      factor_level: 'state',
      factor_note:
        'Location factor: state level (USACE CWCCIS 2026). No current public source of metro or city construction cost factors was found, so every zip code of a state gets the same factor.',
      breakdown: [
        {
          task: 'Kitchen Remodel - Major',
          component: 'Interior finishes > Cabinets, countertops',
          pricing: 'per_job',
          national_cost_per_sqft: 34.5,
          national_job_price: 82793,
          cost_per_sqft: 30.36,
          cost: 72857.84,
          low: 54643.38,
          high: 108634.68,
          range_basis: 'Halfway to the basic figure ($41,396.50 per job) and to the premium figure ($164,104 per job).',
          sources: ['S1', 'S10'],
        },
        {
          task: 'Flooring Replacement',
          component: 'Interior finishes > Flooring',
          pricing: 'per_sqft',
          national_cost_per_sqft: 6.5,
          national_job_price: null,
          cost_per_sqft: 5.72,
          cost: 13728,
          low: 12144,
          high: 14784,
          range_basis: 'Halfway to the basic figure ($5/sq ft) and to the premium figure ($7.50/sq ft).',
          sources: ['S18'],
        },
      ],
      sources: [
        {
          id: 'S1',
          title: 'National Association of Home Builders (NAHB), Cost of Constructing a Home – 2024.',
          url: 'https://www.nahb.org/x.pdf',
          publisher: 'National Association of Home Builders (NAHB)',
          work: 'Cost of Constructing a Home – 2024',
          year: 2025,
          role: 'primary',
        },
        {
          id: 'S10',
          title: 'Zonda / JLC (Remodeling magazine), Cost vs. Value Report 2025 – National',
          url: 'https://www.jlconline.com/cost-vs-value/2025/national/',
          publisher: 'Zonda / JLC (Remodeling magazine)',
          work: 'Cost vs. Value Report 2025 – National',
          year: 2025,
          role: 'primary',
        },
        {
          id: 'S18',
          title: 'Consumer Reports, "Flooring Buying Guide"',
          url: 'https://www.consumerreports.org/cro/flooring/buying-guide/index.htm',
          publisher: 'Consumer Reports',
          work: 'Flooring Buying Guide',
          year: 2024,
          role: 'primary',
        },
      ],
    };
    const fetchMock = vi.fn((url: string) => {
      void url;
      return Promise.resolve(json(200, renovation));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    fireEvent.change(screen.getByLabelText('Zip code'), { target: { value: '78701' } });
    fireEvent.change(screen.getByLabelText('Square footage'), { target: { value: '1200' } });
    fireEvent.change(screen.getByLabelText('Project type'), { target: { value: 'renovation' } });
    fireEvent.click(screen.getByLabelText('Kitchen'));
    fireEvent.click(screen.getByLabelText('Flooring'));
    fireEvent.click(screen.getByRole('button', { name: 'Get my free estimate' }));

    expect((await screen.findByTestId('estimate-total')).textContent).toBe('$86,586');
    const url = new URL(fetchMock.mock.calls[0][0], 'http://x');
    expect(url.searchParams.get('project_type')).toBe('renovation');
    expect(url.searchParams.get('options')).toBe('Kitchen,Flooring');

    // The total: "$86,586 (66,787–123,419)", and what the parentheses are.
    expect(screen.getByTestId('estimate-total-range').textContent).toBe(' (66,787–123,419)');
    expect(screen.getByTestId('estimate-total').parentElement?.textContent).toBe(
      '$86,586 (66,787–123,419)Likely range in parentheses',
    );
    // The state factor says it is state level.
    expect(screen.getByTestId('estimate-factor-note').textContent).toMatch(/state level \(USACE CWCCIS 2026\)/);

    const lines = screen.getAllByTestId('estimate-line');
    expect(lines.map((l) => l.getAttribute('data-task'))).toEqual(['Kitchen Remodel - Major', 'Flooring Replacement']);
    const kitchen = within(lines[0]);
    expect(kitchen.getByTestId('estimate-line-cost').textContent).toBe('$72,858');
    expect(lines[0].textContent).toContain('$72,858 (54,643–108,635)');
    expect(kitchen.getByTestId('estimate-line-pricing').textContent).toBe('per job');
    expect(lines[0].textContent).toContain('Priced per job, the same whatever the size of the house: $82,793 national × 0.88 for Texas.');
    expect(kitchen.getByTestId('estimate-line-basis').textContent).toBe(
      'Range: Halfway to the basic figure ($41,396.50 per job) and to the premium figure ($164,104 per job).',
    );
    // Its sources, named by publisher (with the work for screen readers), each linked to its entry on /cost-sources.
    const links = kitchen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/cost-sources#S1', '/cost-sources#S10']);
    expect(links[1].textContent).toBe('Zonda / JLC (Remodeling magazine), 2025: Cost vs. Value Report 2025 – National');
    expect(links[0].textContent).toContain('National Association of Home Builders (NAHB), January 2025');

    const flooring = within(lines[1]);
    expect(flooring.getByTestId('estimate-line-pricing').textContent).toBe('per sq ft');
    expect(lines[1].textContent).toContain('$6.50/sq ft national × 0.88 for Texas × 1,200 sq ft.');
    expect(flooring.getByRole('link').getAttribute('href')).toBe('/cost-sources#S18');

    // The stage sums the two lines, with its range.
    const stage = screen.getByRole('rowheader', { name: 'Interior finishes' }).closest('tr');
    expect(stage?.textContent).toContain('$86,586(66,787–123,419)');
  });

  it('asks for an option before estimating a renovation', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(json(200, answer)));
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    fireEvent.change(screen.getByLabelText('Zip code'), { target: { value: '78701' } });
    fireEvent.change(screen.getByLabelText('Project type'), { target: { value: 'renovation' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get my free estimate' }));
    expect((await screen.findByTestId('estimate-options-error')).textContent).toBe('Choose at least one option.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Kitchen'));
    fireEvent.click(screen.getByLabelText('Kitchen'));
    expect(screen.queryByTestId('estimate-options-error')).toBeNull();
  });
});
