import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { renderWithProviders } from '../../testing/render';
import { formatIsoDay } from '../../lib/format';
import { CONTRACTORS, draw, json, payment, stubServer, TASKS, waiver } from './test-fixtures';
import type { DrawNeeds, WaiverPayment } from './types';
import { validateWaiver, waiverPayload, type WaiverValues } from './waiver-form';
import { WaiversPage } from './waivers-page';

const WAIVERS = 'GET /api/projects/3/lien-waivers/';
const loaded = <T,>(data: T[]) => ({ data, isPending: false, isError: false });

const PAYMENTS = [
  payment(),
  payment({
    id: 31,
    amount: 6500,
    paid_on: '2026-11-02',
    task: 11,
    task_title: 'Foundation',
    contractor: { id: 2, name: 'Birch Concrete' },
  }),
];

function renderPage({
  draws = [draw()],
  payments = PAYMENTS,
}: { draws?: DrawNeeds[]; payments?: WaiverPayment[] } = {}) {
  const onChanged = vi.fn();
  const view = renderWithProviders(
    <WaiversPage
      projectId={3}
      projectName="Willow Creek House"
      tasks={TASKS}
      contractors={CONTRACTORS}
      payments={loaded(payments)}
      draws={loaded(draws)}
      onChanged={onChanged}
    />,
    { path: '/kanban/:projectId/waivers', url: '/kanban/3/waivers' },
  );
  return { onChanged, ...view };
}

afterEach(() => vi.unstubAllGlobals());

describe('the waiver form checks', () => {
  const values: WaiverValues = {
    contractor: '',
    payment: '',
    kind: '',
    amount: '',
    through_date: '',
    status: 'requested',
    received_on: '',
  };

  it('asks for the contractor, the kind and the amount', () => {
    expect(Object.keys(validateWaiver(values))).toEqual(['contractor', 'kind', 'amount']);
  });

  it('sends no day received with a requested waiver', () => {
    const filled = {
      ...values,
      contractor: '1',
      kind: 'conditional_final' as const,
      amount: '0',
      received_on: '2026-11-01',
    };
    expect(waiverPayload(filled)).toEqual({
      contractor: 1,
      payment: null,
      kind: 'conditional_final',
      amount: 0,
      through_date: null,
      status: 'requested',
    });
    expect(waiverPayload({ ...filled, status: 'received' })).toMatchObject({ received_on: '2026-11-01' });
  });
});

describe('WaiversPage', () => {
  it('lists the waivers: contractor, kind in words, amount, payment, through, status, received on and the signed waiver', async () => {
    stubServer({
      [WAIVERS]: json(200, [
        waiver(),
        waiver({
          id: 6,
          contractor: 2,
          contractor_name: 'Birch Concrete',
          payment: null,
          kind: 'conditional_final',
          amount: 6500,
          through_date: '2026-11-30',
          status: 'received',
          received_on: '2026-11-26',
          document: 41,
          document_name: 'birch-final.pdf',
        }),
      ]),
      'GET /api/documents/41/': json(200, { id: 41, task: 11, name: 'birch-final.pdf', file: '/f/birch-final.pdf' }),
    });
    const { container } = renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Lien waivers — Willow Creek House');
    const table = await screen.findByTestId('waivers-table');
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByRole('rowheader').textContent).toBe('Acme Framing');
    expect(first.textContent).toContain('Unconditional progress');
    expect(first.textContent).toContain(`Unconditional progressPayment of ${formatIsoDay('2026-11-20')}`);
    expect(within(first).getByText('Requested')).toBeTruthy();
    expect(within(first).getByRole('button', { name: /^Mark received/ })).toBeTruthy();
    expect(
      within(first).getByRole('button', { name: /^Attach PDF: the signed unconditional progress waiver/ }),
    ).toBeTruthy();
    expect(within(second).getByRole('rowheader').textContent).toBe('Birch Concrete');
    expect(second.textContent).toContain('Conditional final');
    expect(second.textContent).toContain('$6,500.00');
    expect(second.textContent).toContain(formatIsoDay('2026-11-26'));
    expect(within(second).getByText('Received')).toBeTruthy();
    expect(within(second).queryByRole('button', { name: /^Mark received/ })).toBeNull();
    const link = await within(second).findByRole('link', { name: /birch-final\.pdf/ });
    expect(link.getAttribute('href')).toBe('/f/birch-final.pdf');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('says so when there are no waivers yet', async () => {
    stubServer({ [WAIVERS]: json(200, []) });
    renderPage();
    expect(await screen.findByText(/No lien waivers yet/)).toBeTruthy();
  });

  it("adds a waiver for one of the contractor's payments, its amount and day filled in", async () => {
    const calls = stubServer({
      [WAIVERS]: json(200, []),
      'POST /api/lien-waivers/': (body) => json(201, waiver({ id: 7, ...(body as object) })),
    });
    const { onChanged } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a waiver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a lien waiver' });
    fireEvent.change(within(dialog).getByLabelText(/^Contractor/), { target: { value: '1' } });
    const pay = within(dialog).getByLabelText('Payment it covers');
    expect(
      within(pay)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None (through a date)', `${formatIsoDay('2026-11-20')} · $2,000.00 · Framing`]);
    fireEvent.change(pay, { target: { value: '30' } });
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Amount/).value).toBe('2000');
    fireEvent.change(within(dialog).getByLabelText(/^Kind/), { target: { value: 'conditional_progress' } });
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: 'received' } });
    fireEvent.change(within(dialog).getByLabelText('Received on'), { target: { value: '2026-11-26' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add waiver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.key === 'POST /api/lien-waivers/')?.body).toEqual({
      project: 3,
      contractor: 1,
      payment: 30,
      kind: 'conditional_progress',
      amount: 2000,
      through_date: '2026-11-20',
      status: 'received',
      received_on: '2026-11-26',
    });
    expect(onChanged).toHaveBeenCalled();
    expect(screen.getAllByRole('status')[0].textContent).toBe(
      'Conditional progress waiver from Acme Framing for $2,000.00 added.',
    );
  });

  it("shows the server's message beside its field", async () => {
    stubServer({
      [WAIVERS]: json(200, []),
      'POST /api/lien-waivers/': json(400, {
        error: 'validation_error',
        message: 'Invalid input',
        fields: { amount: ['Ensure this value is greater than or equal to 0.'] },
      }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a waiver' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Contractor/), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add waiver' }));
    expect(await within(dialog).findByText('Ensure this value is greater than or equal to 0.')).toBeTruthy();
  });

  it('marks a requested waiver received, edits one and deletes one', async () => {
    const calls = stubServer({
      [WAIVERS]: json(200, [waiver()]),
      'PATCH /api/lien-waivers/5/': (body) => json(200, waiver({ ...(body as object) })),
      'DELETE /api/lien-waivers/5/': new Response(null, { status: 204 }),
    });
    const { onChanged } = renderPage();
    const table = await screen.findByTestId('waivers-table');
    fireEvent.click(within(table).getByRole('button', { name: /^Mark received/ }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PATCH /api/lien-waivers/5/')).toBe(true));
    expect(calls.find((c) => c.key === 'PATCH /api/lien-waivers/5/')?.body).toEqual({ status: 'received' });
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));

    fireEvent.click(within(table).getByRole('button', { name: /^Edit the/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit lien waiver' });
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Amount/).value).toBe('2000');
    fireEvent.change(within(dialog).getByLabelText('Through'), { target: { value: '2026-11-30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save waiver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.key === 'PATCH /api/lien-waivers/5/')[1].body).toMatchObject({
      through_date: '2026-11-30',
      status: 'requested',
    });

    fireEvent.click(within(table).getByRole('button', { name: /^Delete the/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this lien waiver?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete waiver' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/lien-waivers/5/')).toBe(true));
  });

  it("attaches the signed PDF to a waiver, from its payment's task", async () => {
    const calls = stubServer({
      [WAIVERS]: json(200, [waiver()]),
      'GET /api/documents/?task=12': json(200, [{ id: 41, name: 'acme.pdf', file: '/f/acme.pdf' }]),
      'PATCH /api/lien-waivers/5/': (body) => json(200, waiver({ ...(body as object) })),
    });
    renderPage();
    const table = await screen.findByTestId('waivers-table');
    fireEvent.click(within(table).getByRole('button', { name: /^Attach PDF/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Attach the signed waiver' });
    expect(within(dialog).getByLabelText<HTMLSelectElement>(/^Keep it with the task/).value).toBe('12');
    const doc = within(dialog).getByLabelText(/^Signed waiver/);
    await waitFor(() => expect(within(doc).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(doc, { target: { value: '41' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attach and mark received' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.key === 'PATCH /api/lien-waivers/5/')?.body).toMatchObject({
      document: 41,
      status: 'received',
    });
  });

  it('shows what each open draw still needs, and requests a missing waiver', async () => {
    const calls = stubServer({
      [WAIVERS]: json(200, []),
      'POST /api/lien-waivers/': (body) => json(201, waiver({ id: 7, ...(body as object) })),
    });
    const missing = {
      payment: 30,
      task: 12,
      contractor: 1,
      contractor_name: 'Acme Framing',
      amount: 2000,
      paid_on: '2026-11-20',
    };
    const { onChanged } = renderPage({
      draws: [
        draw({ id: 1, number: 1, status: 'funded', waivers_missing: [missing] }),
        draw({ id: 8, number: 2, waivers_missing: [missing] }),
        draw({ id: 9, number: 3, status: 'submitted' }),
      ],
    });
    const needs = screen.getByTestId('draw-needs');
    expect(within(needs).queryByText(/^Draw 1/)).toBeNull();
    const second = within(needs).getByRole('list', { name: 'What Draw 2 still needs' });
    expect(second.textContent).toContain('Acme Framing');
    expect(second.textContent).toContain('$2,000.00');
    expect(second.textContent).toContain('Framing');
    expect(within(second).getByText('Waiver missing')).toBeTruthy();
    expect(within(needs).getByText('Nothing missing: every payment in it has its waiver.')).toBeTruthy();
    const request = within(second).getByRole('button', { name: /^Request waiver/ });
    await waitFor(() => expect(request.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(request);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls.find((c) => c.key === 'POST /api/lien-waivers/')?.body).toEqual({
      project: 3,
      contractor: 1,
      payment: 30,
      kind: 'unconditional_progress',
      amount: 2000,
      through_date: '2026-11-20',
      status: 'requested',
    });
    // Nothing is sent to the contractor: the words say it is only marked.
    expect(
      await screen.findByText(
        'Marked as requested from Acme Framing for $2,000.00. Send them your lien waiver form to sign.',
      ),
    ).toBeTruthy();
  });

  it('offers Mark received for a need already requested, and a final waiver for a final draw', async () => {
    const calls = stubServer({
      [WAIVERS]: json(200, [waiver({ id: 5 })]),
      'PATCH /api/lien-waivers/5/': json(200, waiver({ status: 'received' })),
      'POST /api/lien-waivers/': (body) => json(201, waiver({ id: 8, ...(body as object) })),
    });
    const missing = {
      payment: 30,
      task: 12,
      contractor: 1,
      contractor_name: 'Acme Framing',
      amount: 2000,
      paid_on: '2026-11-20',
    };
    renderPage({
      draws: [
        draw({
          final: true,
          waivers_missing: [missing],
          final_waivers_missing: [{ contractor: 2, contractor_name: 'Birch Concrete' }],
        }),
      ],
    });
    const list = await screen.findByRole('list', { name: 'What Draw 2 still needs' });
    await waitFor(() => expect(within(list).getByText('Waiver requested')).toBeTruthy());
    const items = within(list).getAllByRole('listitem');
    fireEvent.click(within(items[0]).getByRole('button', { name: /^Mark received/ }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PATCH /api/lien-waivers/5/')).toBe(true));
    expect(items[1].textContent).toContain('Birch Concrete');
    const final = within(items[1]).getByRole('button', { name: /^Request final waiver/ });
    await waitFor(() => expect(final.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(final);
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/lien-waivers/')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/lien-waivers/')?.body).toEqual({
      project: 3,
      contractor: 2,
      payment: null,
      kind: 'unconditional_final',
      amount: 6500,
      through_date: null,
      status: 'requested',
    });
  });

  it('counts a requested waiver through the payment’s day as asked for it', async () => {
    stubServer({ [WAIVERS]: json(200, [waiver({ payment: null, through_date: '2026-11-30' })]) });
    const missing = {
      payment: 30,
      task: 12,
      contractor: 1,
      contractor_name: 'Acme Framing',
      amount: 2000,
      paid_on: '2026-11-20',
    };
    renderPage({ draws: [draw({ waivers_missing: [missing] })] });
    const list = await screen.findByRole('list', { name: 'What Draw 2 still needs' });
    await waitFor(() => expect(within(list).getByText('Waiver requested')).toBeTruthy());
    expect(within(list).queryByRole('button', { name: /^Request waiver/ })).toBeNull();
  });

  it('says Project not found for a project that is not the user’s', async () => {
    stubServer({ [WAIVERS]: json(404, { error: 'not_found', message: 'Not found.' }) });
    renderPage();
    expect(await screen.findByText('Project not found.')).toBeTruthy();
  });
});
