import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { tokens } from '../../../lib/auth-store';
import { drawFixture, paymentsFixture, summaryFixture, tasksFixture } from '../test-fixtures';
import type { Draw } from '../types';
import { DrawsSection } from './draws-section';

// Issue 34: the draw's paperwork before submit, the 409 and "Submit anyway", the draft's percent
// complete per line and the inspection, the continuation sheet, the package.

const pkg = vi.hoisted(() => ({ calls: [] as unknown[] }));
vi.mock('../download-draw-package', () => ({
  downloadDrawPackage: (input: unknown) => {
    pkg.calls.push(input);
    return Promise.resolve();
  },
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Handler = (body: unknown) => Response;

function stubServer(routes: Record<string, Handler | Response>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ key, body });
      const route = routes[key];
      if (!route) return Promise.resolve(json(500, { error: 'unexpected', message: key }));
      return Promise.resolve(typeof route === 'function' ? route(body) : route.clone());
    }),
  );
  return calls;
}

const project = {
  id: 3,
  name: 'Willow Creek House',
  zip_code: '78701',
  budget: 400000,
  square_footage: 2400,
  address: '12 Willow Creek Rd',
  lender_name: 'First Hill Bank',
  loan_number: 'CL-42',
};

const acme = {
  payment: 12,
  task: 7,
  contractor: 4,
  contractor_name: 'Acme Framing',
  amount: 2000,
  paid_on: '2026-11-20',
};

function render(draws: () => Draw[], routes: Record<string, Handler | Response> = {}) {
  const calls = stubServer({ 'GET /api/projects/3/draws/': () => json(200, draws()), ...routes });
  tokens.set('A1', 'R1');
  const onChanged = vi.fn(() => Promise.resolve());
  renderWithProviders(
    <DrawsSection
      projectId={3}
      project={project}
      tasks={tasksFixture}
      summary={summaryFixture}
      payments={paymentsFixture}
      onChanged={onChanged}
    />,
    { path: '/kanban/:projectId/money', url: '/kanban/3/money' },
  );
  return { calls, onChanged };
}

describe('DrawsSection (issue 34)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    pkg.calls = [];
  });

  it('shows the missing paperwork before submit and submits anyway with allow_missing_waivers', async () => {
    let draw = drawFixture({ waivers_missing: [acme] });
    const { calls } = render(() => [draw], {
      'PATCH /api/draws/50/': (body) => {
        draw = { ...draw, status: 'submitted' };
        return json(200, { ...draw, ...(body as object) });
      },
    });
    expect((await screen.findByTestId('draw-missing')).textContent).toBe('1 lien waiver missing');
    fireEvent.click(screen.getByRole('button', { name: 'Submit draw 2 to the lender' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit draw 2' });
    expect(within(dialog).getByTestId('waivers-missing').textContent).toBe(
      '$2,000.00 to Acme Framing, paid Nov 20, 2026 — no lien waiver received',
    );
    expect(within(dialog).getByRole('link', { name: 'Waivers page' }).getAttribute('href')).toBe('/kanban/3/waivers');
    expect(within(dialog).queryByRole('button', { name: 'Submit draw' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.key === 'PATCH /api/draws/50/').map((c) => c.body)).toEqual([
      { status: 'submitted', allow_missing_waivers: true },
    ]);
    expect(await screen.findByText('Draw 2 submitted without all its lien waivers.')).toBeTruthy();
  });

  it('says what a submitted or funded draw still lacks, as the Waivers page, the API and the PDF do', async () => {
    render(() => [
      drawFixture({ status: 'submitted', waivers_missing: [acme] }),
      drawFixture({ id: 51, number: 3, status: 'funded', funded_amount: 100, waivers_missing: [acme, acme] }),
      drawFixture({ id: 52, number: 4, status: 'submitted' }),
    ]);
    await screen.findAllByTestId('draw-missing');
    const badge = (n: number) =>
      document.querySelector(`[data-draw-number="${n}"] [data-testid="draw-missing"]`)?.textContent ?? null;
    expect(badge(2)).toBe('1 lien waiver missing');
    expect(badge(3)).toBe('2 lien waivers missing');
    expect(badge(4)).toBeNull();
  });

  it("lists the server's 409 (waivers and final waivers) and offers Submit anyway", async () => {
    // The list on screen is stale (nothing missing); the server knows better.
    const draw = drawFixture({ final: true });
    let refused = true;
    const { calls } = render(() => [draw], {
      'PATCH /api/draws/50/': (body) => {
        if (refused) {
          refused = false;
          return json(409, {
            error: 'conflict',
            message: 'This draw is missing lien waivers: mark them received, or submit with allow_missing_waivers.',
            fields: {
              waivers_missing: ['$2,000.00 to Acme Framing on 2026-11-20 (payment 12)'],
              final_waivers_missing: ['Acme Framing'],
            },
          });
        }
        return json(200, { ...draw, status: 'submitted', ...(body as object) });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit draw 2 to the lender' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit draw 2' });
    expect(within(dialog).queryByTestId('submit-draw-zero')).toBeNull();
    expect(within(dialog).getByTestId('draw-paperwork').textContent).toContain('final waivers included');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit draw' }));
    expect((await within(dialog).findByTestId('waivers-missing')).textContent).toBe(
      '$2,000.00 to Acme Framing on 2026-11-20 (payment 12)',
    );
    expect(within(dialog).getByTestId('final-waivers-missing').textContent).toBe('Acme Framing');
    expect(within(dialog).getByTestId('submit-draw-refused').textContent).toContain('was not submitted');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.key === 'PATCH /api/draws/50/').map((c) => c.body)).toEqual([
      { status: 'submitted' },
      { status: 'submitted', allow_missing_waivers: true },
    ]);
  });

  it('warns before submitting a draw that asks for $0.00 (still allowed)', async () => {
    const { calls } = render(() => [drawFixture({ total: 0 })], {
      'PATCH /api/draws/50/': json(200, drawFixture({ total: 0, status: 'submitted' })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit draw 2 to the lender' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit draw 2' });
    expect(within(dialog).getByTestId('submit-draw-zero').textContent).toBe('This draw asks for $0.00.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit draw' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.key === 'PATCH /api/draws/50/').map((c) => c.body)).toEqual([{ status: 'submitted' }]);
  });

  it('shows another refusal of a submit in the dialog', async () => {
    render(() => [drawFixture()], {
      'PATCH /api/draws/50/': json(409, { error: 'conflict', message: 'Only a draft can be submitted.' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit draw 2 to the lender' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit draw 2' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit draw' }));
    expect((await within(dialog).findByTestId('submit-draw-error')).textContent).toBe('Only a draft can be submitted.');
    expect(within(dialog).queryByRole('button', { name: 'Submit anyway' })).toBeNull();
  });

  it("edits a draft: each line's percent complete, the inspection and Final draw", async () => {
    const { calls } = render(() => [drawFixture({ waivers_missing: [acme] })], {
      'PATCH /api/draws/50/': (body) =>
        json(200, { ...drawFixture(), ...(body as object), items: drawFixture().items }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit draw 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit draw 2' });
    // The paperwork, before submit.
    expect(within(dialog).getByTestId('waivers-missing').textContent).toContain('Acme Framing');
    const framing = within(dialog).getByLabelText<HTMLInputElement>('Percent complete, Framing');
    const permits = within(dialog).getByLabelText<HTMLInputElement>('Percent complete, Building Permits');
    expect(framing.value).toBe('43.4');
    expect(permits.value).toBe('');
    fireEvent.change(framing, { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(document.activeElement).toBe(framing));
    expect(document.getElementById('draw-pct-7-error')?.textContent).toBe(
      'Enter a percent from 0 to 100, with at most one decimal.',
    );
    // A percent below what earlier draws cover ($10,000.00 of $46,100.00): a warning, and the
    // line's preview follows what is typed (the server's figure until then).
    const [framingLine] = within(dialog).getAllByTestId('draw-line');
    expect(within(framingLine).queryByTestId('draw-line-preview')).toBeNull();
    expect(framingLine.textContent).toContain('this period $10,000.00 (43.4% complete)');
    fireEvent.change(framing, { target: { value: '10' } });
    expect(within(framingLine).getByTestId('draw-line-warning').textContent).toBe(
      'Earlier draws already cover 21.7% of this line: this draw asks nothing for it.',
    );
    expect(within(framingLine).getByTestId('draw-line-preview').textContent).toBe('about $0.00 this period once saved');
    fireEvent.change(framing, { target: { value: '60' } });
    expect(within(framingLine).queryByTestId('draw-line-warning')).toBeNull();
    expect(within(framingLine).getByTestId('draw-line-preview').textContent).toBe(
      'about $17,660.00 this period once saved',
    );
    fireEvent.change(permits, { target: { value: '100' } });
    fireEvent.change(within(dialog).getByLabelText('Inspected on'), { target: { value: '2026-03-28' } });
    fireEvent.change(within(dialog).getByLabelText('Inspector'), { target: { value: ' Lee Park ' } });
    fireEvent.change(within(dialog).getByLabelText('Inspection note'), { target: { value: 'Roof sheathed.' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Final draw' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.key === 'PATCH /api/draws/50/').map((c) => c.body)).toEqual([
      {
        inspected_on: '2026-03-28',
        inspector: 'Lee Park',
        inspection_note: 'Roof sheathed.',
        note: '',
        final: true,
        items: [
          { task: 7, percent_complete: 60 },
          { task: 8, percent_complete: 100 },
        ],
      },
    ]);
  });

  it('leaves the lines out when no percent changed', async () => {
    const { calls } = render(() => [drawFixture()], {
      'PATCH /api/draws/50/': (body) => json(200, { ...drawFixture(), ...(body as object) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit draw 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit draw 2' });
    fireEvent.change(within(dialog).getByLabelText('Inspector'), { target: { value: 'Lee Park' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.key === 'PATCH /api/draws/50/')?.body).toEqual({
      inspected_on: '2026-03-24',
      inspector: 'Lee Park',
      inspection_note: 'Framing about 43% done.',
      note: '',
      final: false,
    });
    expect(await screen.findByText('Draw 2 saved.')).toBeTruthy();
  });

  it("puts the server's message about the lines beside them", async () => {
    render(() => [drawFixture()], {
      'PATCH /api/draws/50/': json(400, {
        error: 'validation_error',
        message: 'Check the draw.',
        fields: { items: ['Choose tasks of this draw.'], inspector: ['Keep it under 120 characters.'] },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit draw 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit draw 2' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect((await within(dialog).findByText('Choose tasks of this draw.')).id).toBe('draw-items-error');
    expect(document.getElementById('draw-inspector-error')?.textContent).toBe('Keep it under 120 characters.');
  });

  it("edits a funded draw's inspection and the reason it was funded less, without its lines", async () => {
    const funded = drawFixture({ status: 'funded', funded_amount: 12000, funded_on: '2026-04-02' });
    const { calls } = render(() => [funded], {
      'PATCH /api/draws/50/': (body) => json(200, { ...funded, ...(body as object) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: "Edit draw 2's inspection and note" }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit draw 2' });
    expect(within(dialog).queryByLabelText(/Percent complete/)).toBeNull();
    expect(within(dialog).queryByRole('checkbox', { name: 'Final draw' })).toBeNull();
    expect(within(dialog).getByText('Reason the lender funded less, when it did.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Note for the lender/), { target: { value: 'Held $500 back.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.key === 'PATCH /api/draws/50/')?.body).toEqual({
      inspected_on: '2026-03-24',
      inspector: 'Pat Inspector',
      inspection_note: 'Framing about 43% done.',
      note: 'Held $500 back.',
    });
  });

  it('keeps the reason a draw was funded less with its funding', async () => {
    const { calls } = render(() => [drawFixture({ status: 'submitted' })], {
      'PATCH /api/draws/50/': (body) => json(200, { ...drawFixture(), ...(body as object) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark draw 2 funded' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark draw 2 funded' });
    expect(within(dialog).getByText(/Reason the lender funded less/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Funded amount ($)'), { target: { value: '12000' } });
    fireEvent.change(within(dialog).getByLabelText('Funded on'), { target: { value: '2026-04-02' } });
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), {
      target: { value: 'Inspector cut framing to 40%.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark funded' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.key === 'PATCH /api/draws/50/')?.body).toEqual({
      status: 'funded',
      funded_amount: 12000,
      funded_on: '2026-04-02',
      note: 'Inspector cut framing to 40%.',
    });
  });

  it("shows each draw's continuation sheet with the server's figures, in a region that scrolls", async () => {
    render(() => [drawFixture()]);
    const region = await screen.findByRole('region', { name: 'Draw 2 continuation sheet' });
    expect(region.getAttribute('tabindex')).toBe('0');
    const table = within(region).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Task',
      'Scheduled value',
      'Previous',
      'This period',
      'Completed to date',
      '%',
      'Balance to finish',
      'Retainage',
      'Net',
    ]);
    const framing = within(table).getByRole('rowheader', { name: 'Framing' }).closest('tr');
    expect(framing?.textContent).toBe(
      'Framing$46,100.00$10,000.00$10,000.00$20,000.00' + '43.4%inspector' + '$26,100.00$500.00$9,500.00',
    );
    expect(screen.getByTestId('continuation-total').textContent).toBe(
      'Total$48,600.00$10,000.00$12,500.00$22,500.00$26,100.00$625.00$11,875.00',
    );
    expect(screen.getByTestId('draw-inspection').textContent).toBe(
      `Inspected ${new Date(2026, 2, 24).toLocaleDateString()} by Pat Inspector: Framing about 43% done.`,
    );
  });

  it('downloads the draw package with the PDF input, the owner and the lien waivers', async () => {
    const waivers = [{ id: 5, document: 60, contractor: 2, payment: 3 }];
    render(() => [drawFixture()], {
      'GET /api/projects/3/lien-waivers/': json(200, waivers),
      'GET /api/me/': json(200, { id: 1, username: 'dana', email: 'd@example.com', is_admin: false }),
      'GET /api/documents/?task=8': json(200, [
        { id: 31, task: 8, name: 'permit-receipt.pdf', file: '', content_type: 'application/pdf', size: 1 },
      ]),
      'GET /api/documents/?task=7': json(200, []),
    });
    const button = await screen.findByRole('button', {
      name: "Download draw 2's package (ZIP: PDF, receipts, lien waivers)",
    });
    fireEvent.click(button);
    await waitFor(() => expect(pkg.calls).toHaveLength(1));
    const input = pkg.calls[0] as { draw: Draw; owner: string; waivers: unknown; receipts: Map<number, string> };
    expect(input.draw.number).toBe(2);
    expect(input.owner).toBe('dana');
    expect(input.waivers).toEqual(waivers);
    expect(input.receipts.get(31)).toBe('permit-receipt.pdf');
    expect((await screen.findByText(/package downloaded/)).textContent).toBe(
      'Draw 2 package downloaded: the PDF, its receipts, its lien waivers and index.csv.',
    );
  });
});
