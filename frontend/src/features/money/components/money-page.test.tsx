import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { tokens } from '../../../lib/auth-store';
import {
  drawFixture,
  lineFixture,
  paymentsFixture,
  registerFixture,
  summaryFixture,
  tasksFixture,
} from '../test-fixtures';
import type { Draw } from '../types';
import { MoneyPage } from './money-page';

// Chart.js needs a real canvas: a stand-in records what each chart was asked to draw.
const charts = vi.hoisted(() => ({ configs: [] as { type: string; data: unknown }[], destroyed: 0 }));
vi.mock('chart.js', () => {
  class Chart {
    static register() {}
    static defaults = { font: { family: 'sans-serif' } };
    constructor(_canvas: unknown, config: { type: string; data: unknown }) {
      charts.configs.push(config);
    }
    destroy() {
      charts.destroyed += 1;
    }
  }
  const part = {};
  return {
    Chart,
    BarController: part,
    BarElement: part,
    CategoryScale: part,
    Legend: part,
    LinearScale: part,
    LineController: part,
    LineElement: part,
    PointElement: part,
    Tooltip: part,
  };
});

const saved = vi.hoisted(() => ({ files: [] as { name: string; blob: Blob }[] }));
vi.mock('../../../lib/save-blob', () => ({
  saveBlob: (blob: Blob, name: string) => saved.files.push({ name, blob }),
}));

const pdf = vi.hoisted(() => ({ calls: [] as unknown[] }));
vi.mock('../export-draw-pdf', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../export-draw-pdf')>()),
  downloadDrawPdf: (input: unknown) => {
    pdf.calls.push(input);
    return Promise.resolve();
  },
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Handler = (body: unknown) => Response;

/** fetch answered by "METHOD path" (the body parsed), and a record of the calls. */
function stubServer(routes: Record<string, Handler | Response>) {
  const calls: { key: string; body: unknown }[] = [];
  const fetch = vi.fn((url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ key, body });
    const route = routes[key];
    if (!route) return Promise.resolve(json(500, { error: 'unexpected', message: key }));
    return Promise.resolve(typeof route === 'function' ? route(body) : route.clone());
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const project = { id: 3, name: 'Willow Creek House', zip_code: '78701', budget: 400000, square_footage: 2400 };

function baseRoutes(draws: () => Draw[]): Record<string, Handler | Response> {
  return {
    'GET /api/projects/3/summary/': json(200, summaryFixture),
    'GET /api/projects/3/payments/': json(200, paymentsFixture),
    'GET /api/projects/3/change-orders/': json(200, registerFixture),
    'GET /api/projects/3/draws/': () => json(200, draws()),
  };
}

function render(onMoneyChanged = vi.fn()) {
  tokens.set('A1', 'R1');
  const result = renderWithProviders(
    <MoneyPage projectId={3} project={project} tasks={tasksFixture} onMoneyChanged={onMoneyChanged} />,
    { path: '/kanban/:projectId/money', url: '/kanban/3/money' },
  );
  return { ...result, onMoneyChanged };
}

describe('MoneyPage', () => {
  beforeEach(() => {
    charts.configs = [];
    charts.destroyed = 0;
    saved.files = [];
    pdf.calls = [];
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the summary, both charts with their tables, the register and its warning, and the draws', async () => {
    stubServer(baseRoutes(() => [drawFixture({ status: 'funded', funded_amount: 12500, funded_on: '2026-03-30' })]));
    render();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Money — Willow Creek House');
    await waitFor(() => expect(document.title).toBe('Money — Willow Creek House – BuildLedger'));
    expect(screen.getByRole('link', { name: 'Back to the board' }).getAttribute('href')).toBe('/kanban/3');

    expect((await screen.findByTestId('money-budget')).textContent).toContain('$400,000.00');
    // In the words of docs/money.md, as the server summed it.
    const predicted = screen.getByTestId('money-predicted');
    expect(predicted.textContent).toContain('Predicted total (calibrated)$375,000.00');
    expect(predicted.textContent).toContain('with regional ones $380,000.00');
    expect(screen.getByTestId('money-committed').textContent).toContain('$46,100.00');
    expect(screen.getByTestId('money-change-orders').textContent).toContain('Change orders$4,600.00');
    expect(screen.getByTestId('money-paid').textContent).toContain('Paid$22,500.00');
    // Payments recorded is its own figure only when it differs from Paid.
    expect(screen.queryByTestId('money-payments-recorded')).toBeNull();
    expect(screen.getByTestId('money-remaining').textContent).toContain('Remaining$23,600.00');
    expect(screen.getByTestId('money-uncommitted').textContent).toContain('Not yet awarded$333,900.00');
    // The contingency: reserve, used, left, working budget, headroom, coloured by the status.
    const group = screen.getByTestId('money-contingency-group');
    expect(group.textContent).toContain('Contingency (10%)');
    expect(group.className).toContain('tone-warning');
    expect(screen.getByTestId('money-contingency-status').textContent).toBe('Using the contingency');
    expect(group.textContent).toContain('The predicted total has used $15,000.00 of the $40,000.00 reserve.');
    expect(screen.getByTestId('money-contingency-reserve').textContent).toContain('$40,000.00');
    expect(screen.getByTestId('money-contingency-used').textContent).toContain('$15,000.00');
    const left = screen.getByTestId('money-contingency');
    expect(left.className).toContain('tone-warning');
    expect(left.textContent).toContain('Contingency left$25,000.00');
    expect(screen.getByTestId('money-working-budget').textContent).toContain('$360,000.00');
    expect(screen.getByTestId('money-headroom').textContent).toContain('$25,000.00');
    // Budget - predicted total is the headroom, never called contingency.
    expect(screen.getByTestId('money-headroom').textContent).toContain('Headroom');
    expect(screen.getByTestId('money-loan-left').textContent).toContain('$290,000.00');

    // Both charts drawn (Chart.js loads with them), each with a table of the same figures.
    await waitFor(() => expect(charts.configs.map((c) => c.type).sort()).toEqual(['bar', 'line']));
    const taskTable = screen.getByRole('region', { name: 'Task figures table' });
    const framing = within(taskTable).getByRole('rowheader', { name: 'Framing' }).closest('tr');
    expect(framing?.textContent).toBe('Framing$39,696$46,100.00$20,000.00$46,100.00');
    // The totals row gives the summary's figures.
    expect(within(taskTable).getByTestId('task-table-total').textContent).toBe(
      'Total$61,800sum of predictions$46,100.00$22,500.00$375,000.00',
    );
    const paidTable = screen.getByRole('region', { name: 'Payments by date table' });
    expect(within(paidTable).getAllByRole('row').at(-2)?.textContent).toContain('$22,500.00');
    expect(screen.getAllByRole('img').map((c) => c.getAttribute('aria-label'))).toEqual([
      expect.stringContaining('Bar chart of predicted, committed, paid and counted in the total per task'),
      expect.stringContaining('$22,500.00 paid of $46,100.00 committed'),
    ]);

    // The change-order register, its running total and the warning.
    const register = await screen.findByTestId('change-order-table');
    const rows = within(register).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[2].textContent).toContain('Fewer windows (credit)');
    expect(rows[2].textContent).toContain('-$400.00');
    expect(rows[2].textContent).toContain('$4,600.00');
    // Each change order says the contingency left after it.
    expect(within(register).getAllByRole('columnheader').at(-1)?.textContent).toBe('Contingency left after');
    expect(
      within(register)
        .getAllByTestId('co-contingency-left')
        .map((c) => c.textContent),
    ).toEqual(['$24,600.00', '$25,000.00', '$25,000.00']);
    expect(screen.getByTestId('change-order-warning').textContent).toBe(
      'Warning: Approved change orders are 11.1% of the committed total — more than 10%.',
    );
    expect(screen.getByTestId('change-orders-approved').textContent).toBe('$4,600.00');

    // Draws and the loan.
    const draws = await screen.findByTestId('draws-table');
    expect(within(draws).getByTestId('draw-status').textContent).toBe('Funded');
    expect(within(draws).getByTestId('draw-funded').textContent).toContain('$12,500.00');
    expect(screen.getByTestId('loan-balance').textContent).toBe(
      'Loan $300,000.00 · drawn $10,000.00 · loan left $290,000.00',
    );
  });

  it('shows the payments recorded beside Paid when a task in Paid has no payment for all its final cost', async () => {
    stubServer({
      ...baseRoutes(() => []),
      'GET /api/projects/3/summary/': json(200, { ...summaryFixture, paid_to_date: 29300, payments_recorded: 22500 }),
    });
    render();
    expect((await screen.findByTestId('money-paid')).textContent).toContain('Paid$29,300.00');
    expect(screen.getByTestId('money-payments-recorded').textContent).toContain('Payments recorded$22,500.00');
  });

  it('redraws the charts in the other theme', async () => {
    stubServer(baseRoutes(() => []));
    render();
    await waitFor(() => expect(charts.configs).toHaveLength(2));
    document.documentElement.dataset.theme = 'dark';
    await waitFor(() => expect(charts.configs).toHaveLength(4));
    expect(charts.destroyed).toBe(2);
    delete document.documentElement.dataset.theme;
  });

  it('creates a draw request pre-filled from the work, then refreshes the draws and the board', async () => {
    let list: Draw[] = [];
    const calls = stubServer({
      ...baseRoutes(() => list),
      'GET /api/projects/3/draws/next/': json(200, {
        items: [
          { task: 7, title: 'Framing', amount: 20000 },
          { task: 8, title: 'Building Permits', amount: 2500 },
        ],
        total: 22500,
      }),
      'POST /api/draws/': (body) => {
        list = [drawFixture({ number: 1, tasks: [7], items: [lineFixture(7, 'Framing', 20000)], total: 20000 })];
        return json(201, { ...list[0], ...(body as object) });
      },
    });
    const { onMoneyChanged } = render();
    await screen.findByText(/No draws yet/);
    fireEvent.click(screen.getByRole('button', { name: 'New draw request' }));
    const dialog = await screen.findByRole('dialog', { name: 'New draw request' });
    const framing = await within(dialog).findByRole('checkbox', { name: /Framing/ });
    const permits = within(dialog).getByRole('checkbox', { name: /Building Permits/ });
    expect((framing as HTMLInputElement).checked).toBe(true);
    expect((permits as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByTestId('new-draw-total').textContent).toBe('Draw total: $22,500.00 (2 tasks)');
    fireEvent.click(permits);
    expect(within(dialog).getByTestId('new-draw-total').textContent).toBe('Draw total: $20,000.00 (1 task)');
    fireEvent.change(within(dialog).getByLabelText('Requested on'), { target: { value: '2026-03-25' } });
    fireEvent.change(within(dialog).getByLabelText(/Note for the lender/), { target: { value: ' Framing draw ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create draw request' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.key === 'POST /api/draws/')?.body).toEqual({
      project: 3,
      tasks: [7],
      requested_on: '2026-03-25',
      note: 'Framing draw',
    });
    expect(onMoneyChanged).toHaveBeenCalled();
    const table = await screen.findByTestId('draws-table');
    expect(within(table).getByTestId('draw-total').textContent).toBe('$20,000.00');
    // The summary was asked again (drawn, loan left).
    expect(calls.filter((c) => c.key === 'GET /api/projects/3/summary/').length).toBeGreaterThan(1);
  });

  it('refuses a draw with no task ticked', async () => {
    const calls = stubServer({
      ...baseRoutes(() => []),
      'GET /api/projects/3/draws/next/': json(200, {
        items: [lineFixture(7, 'Framing', 20000)],
        total: 20000,
      }),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'New draw request' }));
    const dialog = await screen.findByRole('dialog', { name: 'New draw request' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /Framing/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create draw request' }));
    expect(within(dialog).getByText('Choose at least one task.')).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST /api/draws/')).toBe(false);
    // The group is marked in error, described by its message, and its first box takes focus.
    const group = within(dialog).getByRole('group', { name: 'Work to include' });
    expect(group.getAttribute('data-invalid')).toBe('true');
    expect(group.getAttribute('aria-describedby')).toBe('draw-tasks-error draw-tasks-hint');
    expect(document.getElementById('draw-tasks-error')?.textContent).toBe('Choose at least one task.');
    expect(within(group).getByText('Work to include').className).toBe('label required');
    const framing = within(dialog).getByRole('checkbox', { name: /Framing/ });
    await waitFor(() => expect(document.activeElement).toBe(framing));
    fireEvent.click(framing);
    await waitFor(() => expect(group.getAttribute('data-invalid')).toBeNull());
  });

  it("puts the server's messages about a new draw beside its fields", async () => {
    stubServer({
      ...baseRoutes(() => []),
      'GET /api/projects/3/draws/next/': json(200, {
        items: [lineFixture(7, 'Framing', 20000)],
        total: 20000,
      }),
      'POST /api/draws/': json(400, {
        error: 'invalid',
        message: 'Check the draw.',
        fields: { note: ['Keep the note under 2000 characters.'] },
      }),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'New draw request' }));
    const dialog = await screen.findByRole('dialog', { name: 'New draw request' });
    await within(dialog).findByRole('checkbox', { name: /Framing/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create draw request' }));
    const note = within(dialog).getByLabelText(/Note for the lender/);
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(note.getAttribute('aria-describedby')).toBe('draw-note-error');
    expect(document.getElementById('draw-note-error')?.textContent).toBe('Keep the note under 2000 characters.');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('says that nothing has been paid yet when a new draw has no work to cover and Paid is 0', async () => {
    stubServer({
      ...baseRoutes(() => []),
      'GET /api/projects/3/summary/': json(200, { ...summaryFixture, paid_to_date: 0, payments_recorded: 0 }),
      'GET /api/projects/3/draws/next/': json(200, { items: [], total: 0 }),
    });
    render();
    await screen.findByTestId('money-paid');
    fireEvent.click(await screen.findByRole('button', { name: 'New draw request' }));
    const dialog = await screen.findByRole('dialog', { name: 'New draw request' });
    const empty = await within(dialog).findByTestId('no-draw-items');
    expect(empty.textContent).toContain('Nothing has been paid yet');
    expect(empty.textContent).not.toContain('already covered by a draw');
  });

  it('says every payment is covered when there is no new work to draw for', async () => {
    stubServer({
      ...baseRoutes(() => [drawFixture({ status: 'funded', funded_amount: 12500, funded_on: '2026-03-30' })]),
      'GET /api/projects/3/draws/next/': json(200, { items: [], total: 0 }),
    });
    render();
    await screen.findByTestId('money-paid');
    fireEvent.click(await screen.findByRole('button', { name: 'New draw request' }));
    const dialog = await screen.findByRole('dialog', { name: 'New draw request' });
    expect((await within(dialog).findByTestId('no-draw-items')).textContent).toContain(
      'Every payment so far is already covered by a draw',
    );
  });

  it("labels each cell of the change-order and draw tables with its column, for the phone's stacked rows", async () => {
    stubServer(baseRoutes(() => [drawFixture()]));
    render();
    for (const id of ['change-order-table', 'draws-table']) {
      const table = await screen.findByTestId(id);
      // The stacked layout (money.css, under 640 px) applies to these tables only.
      expect(table.classList.contains('money-cards')).toBe(true);
      const headers = Array.from(table.querySelectorAll('thead th')).map((th) => th.textContent?.trim());
      const rows = table.querySelectorAll('tbody tr');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of Array.from(rows)) {
        const labels = Array.from(row.children).map((cell) => cell.getAttribute('data-label'));
        expect(labels).toEqual(headers);
      }
    }
    // The draw's actions sit in its row's own cell (a line of the stacked row on a phone).
    const actions = screen.getByTestId('draws-table').querySelector('tbody td[data-label="Actions"]');
    expect(
      within(actions as HTMLElement)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Submit', 'Edit', 'Download PDF', 'Download draw package', 'Delete']);
  });

  it('submits a draft, marks a submitted draw funded, and shows the 409 of a refused delete', async () => {
    let draw = drawFixture();
    const calls = stubServer({
      ...baseRoutes(() => [draw]),
      'PATCH /api/draws/50/': (body) => {
        draw = { ...draw, ...(body as Partial<Draw>) };
        return json(200, draw);
      },
      'DELETE /api/draws/50/': json(409, {
        error: 'conflict',
        message: 'A funded draw cannot be deleted: set it back to submitted first.',
      }),
    });
    const { onMoneyChanged } = render();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit draw 2 to the lender' }));
    const submit = await screen.findByRole('dialog', { name: 'Submit draw 2' });
    fireEvent.click(within(submit).getByRole('button', { name: 'Submit draw' }));
    await waitFor(() => expect(screen.getByTestId('draw-status').textContent).toBe('Submitted'));
    expect(calls.find((c) => c.key === 'PATCH /api/draws/50/')?.body).toEqual({ status: 'submitted' });

    fireEvent.click(screen.getByRole('button', { name: 'Mark draw 2 funded' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark draw 2 funded' });
    const amount = within(dialog).getByLabelText<HTMLInputElement>('Funded amount ($)');
    expect(amount.value).toBe('11875'); // the net: $12,500 less 5% retainage
    expect(amount.getAttribute('aria-required')).toBe('true');
    expect(within(dialog).getByText('Funded amount ($)').className).toBe('required');
    expect(dialog.querySelector('.required-note')?.textContent).toBe('* required');
    // Its own checks, in its words, beside the fields; the first field in error takes focus.
    fireEvent.change(amount, { target: { value: 'lots' } });
    fireEvent.change(within(dialog).getByLabelText('Funded on'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark funded' }));
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(amount.getAttribute('aria-describedby')).toBe('fund-amount-error fund-amount-hint');
    expect(document.getElementById('fund-amount-error')?.textContent).toBe('Enter the amount as a number, e.g. 12000.');
    expect(document.getElementById('fund-date-error')?.textContent).toBe('Enter the date the money was released.');
    expect(calls.filter((c) => c.key === 'PATCH /api/draws/50/')).toHaveLength(1);
    fireEvent.change(amount, { target: { value: '12,000' } });
    fireEvent.change(within(dialog).getByLabelText('Funded on'), { target: { value: '2026-04-02' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark funded' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.key === 'PATCH /api/draws/50/').at(-1)?.body).toEqual({
      status: 'funded',
      funded_amount: 12000,
      funded_on: '2026-04-02',
    });
    await waitFor(() => expect(screen.getByTestId('draw-status').textContent).toBe('Funded'));
    expect(onMoneyChanged).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByRole('button', { name: 'Delete draw 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete draw 2?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete draw' }));
    expect((await screen.findByTestId('draws-error')).textContent).toBe(
      'A funded draw cannot be deleted: set it back to submitted first.',
    );
    expect(screen.getByTestId('draws-table')).toBeTruthy();
  });

  it("puts the server's messages about a funding beside its fields, the rest above", async () => {
    stubServer({
      ...baseRoutes(() => [drawFixture({ status: 'submitted' })]),
      'PATCH /api/draws/50/': json(400, {
        error: 'invalid',
        message: 'Check the funding.',
        fields: { funded_on: ['The funded date cannot be before the request.'], other: ['x'] },
      }),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark draw 2 funded' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark draw 2 funded' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark funded' }));
    const date = within(dialog).getByLabelText('Funded on');
    await waitFor(() => expect(document.activeElement).toBe(date));
    expect(date.getAttribute('aria-describedby')).toBe('fund-date-error');
    expect(document.getElementById('fund-date-error')?.textContent).toBe(
      'The funded date cannot be before the request.',
    );
    expect(within(dialog).getByRole('alert').textContent).toBe('Check the funding.');
    expect(within(dialog).getByRole('button', { name: 'Mark funded' })).toBeTruthy();
  });

  it('exports every payment as CSV with the receipt names', async () => {
    const calls = stubServer({
      ...baseRoutes(() => []),
      'GET /api/documents/?task=8': json(200, [
        { id: 31, task: 8, name: 'permit-receipt.pdf', file: '', content_type: 'application/pdf', size: 1 },
      ]),
      'GET /api/documents/?task=7': json(200, [
        { id: 44, task: 7, name: 'invoice 2.pdf', file: '', content_type: 'application/pdf', size: 1 },
      ]),
    });
    render();
    const button = await screen.findByRole('button', { name: 'Export payments (CSV)' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(saved.files).toHaveLength(1));
    expect(saved.files[0].name).toBe('payments_willow_creek_house.csv');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
      reader.readAsText(saved.files[0].blob);
    });
    expect(text).toContain('2026-02-01,Building Permits,City of Austin,Card,2500.00,Permit fee,permit-receipt.pdf');
    expect(text).toContain('Loan draw,8000.00,,invoice 2.pdf');
    expect(text).toContain('Total (3 payments),,,,22500.00,,');
    // One documents request per task with a receipt.
    expect(
      calls
        .filter((c) => c.key.startsWith('GET /api/documents/'))
        .map((c) => c.key)
        .sort(),
    ).toEqual(['GET /api/documents/?task=7', 'GET /api/documents/?task=8']);
  });

  it("downloads a draw's PDF with the draw, the tasks, their payments and the project summary", async () => {
    stubServer({
      ...baseRoutes(() => [drawFixture()]),
      'GET /api/documents/?task=8': json(200, [
        { id: 31, task: 8, name: 'permit-receipt.pdf', file: '', content_type: 'application/pdf', size: 1 },
      ]),
      'GET /api/documents/?task=7': json(200, []),
    });
    render();
    const button = await screen.findByRole('button', { name: 'Download draw 2 as PDF' });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(button);
    await waitFor(() => expect(pdf.calls).toHaveLength(1));
    const input = pdf.calls[0] as { draw: Draw; receipts: Map<number, string>; summary: unknown; project: unknown };
    expect(input.draw.number).toBe(2);
    expect(input.project).toMatchObject({ name: 'Willow Creek House', zip_code: '78701' });
    expect(input.receipts.get(31)).toBe('permit-receipt.pdf');
    expect(input.summary).toMatchObject({
      predicted_total: 375000,
      paid_to_date: 22500,
      loan_amount: 300000,
      loan_left: 290000,
    });
  });

  it('says when the project does not exist', async () => {
    stubServer({
      'GET /api/projects/3/summary/': json(404, { error: 'not_found', message: 'Project not found.' }),
      'GET /api/projects/3/payments/': json(404, { error: 'not_found', message: 'Project not found.' }),
      'GET /api/projects/3/change-orders/': json(404, { error: 'not_found', message: 'Project not found.' }),
      'GET /api/projects/3/draws/': json(404, { error: 'not_found', message: 'Project not found.' }),
    });
    tokens.set('A1', 'R1');
    renderWithProviders(<MoneyPage projectId={3} project={null} tasks={undefined} />, {
      path: '/kanban/:projectId/money',
      url: '/kanban/3/money',
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Project not found.'));
    expect(screen.queryByRole('heading', { name: 'Lender draws' })).toBeNull();
  });
});
