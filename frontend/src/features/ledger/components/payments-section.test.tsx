import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { renderWithProviders } from '../../../testing/render';
import { tokens } from '../../../lib/auth-store';
import type { ContractorList, LedgerDocument, LedgerTaskFigures, Payment } from '../types';
import { PaymentsSection } from './payments-section';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const receipt: LedgerDocument = {
  id: 77,
  name: 'invoice-1.pdf',
  file: '/api/documents/77/download/?expires=1&signature=x',
};

const contractors: ContractorList = {
  data: [
    { id: 1, name: 'Acme Framing', trade: 'Framing' },
    { id: 2, name: 'Birch Builders', trade: '' },
  ],
  isPending: false,
  isError: false,
};

const payment = (over: Partial<Payment>): Payment => ({
  id: 30,
  task: 5,
  amount: 12000,
  paid_on: '2026-03-02',
  payee: 'Acme Framing',
  contractor: { id: 1, name: 'Acme Framing' },
  method: 'check',
  note: '',
  receipt: null,
  waiver_status: 'not_needed',
  ...over,
});

type Handler = (body: unknown) => Response;

/** fetch answered by "METHOD path" (the body parsed), and a record of the calls. */
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

function render(
  figures: LedgerTaskFigures | null = {
    committed_cost: 41800,
    actual_cost: null,
    paid_to_date: 12000,
    payment_count: 1,
  },
  defaultContractorId: number | null = 1,
) {
  tokens.set('A1', 'R1');
  const onChanged = vi.fn();
  const onTaskSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
  // Inside a form, as in the task modal: nothing here may submit it.
  const view = renderWithProviders(
    <form onSubmit={onTaskSubmit} aria-label="Edit Task">
      <PaymentsSection
        taskId={5}
        documents={[receipt]}
        contractors={contractors}
        figures={figures}
        defaultContractorId={defaultContractorId}
        onChanged={onChanged}
      />
    </form>,
  );
  return { onChanged, onTaskSubmit, container: view.container };
}

describe('PaymentsSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the task's payments with date, payee, method, amount, note and receipt, and what remains to pay", async () => {
    stubServer({
      'GET /api/tasks/5/payments/': json(200, [
        payment({ receipt: 77, note: 'Deposit' }),
        payment({ id: 31, amount: 350, payee: 'City permit office', contractor: null, method: 'card' }),
      ]),
    });
    const { container } = render();
    const list = await screen.findByRole('list', { name: 'Payments' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('Acme Framing');
    expect(rows[0].textContent).toContain('Check');
    expect(rows[0].textContent).toContain('$12,000.00');
    expect(rows[0].textContent).toContain('Deposit');
    expect(
      within(rows[0])
        .getByRole('link', { name: /Receipt: invoice-1\.pdf/ })
        .getAttribute('href'),
    ).toBe(receipt.file);
    expect(rows[1].textContent).toContain('City permit office');
    expect(rows[1].textContent).toContain('Card');
    expect(screen.getByRole('heading', { name: /^Payments ?\(2 payments\)$/ })).toBeTruthy();
    expect(screen.getByTestId('payments-total').textContent).toBe(
      'Paid $12,000.00 of $41,800.00 committed · $29,800.00 remaining',
    );
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it("says the task's Paid and Remaining as the board does: a task in Paid is paid its final cost", async () => {
    stubServer({ 'GET /api/tasks/5/payments/': json(200, []) });
    render({
      committed_cost: null,
      actual_cost: 6800,
      paid_to_date: 6800,
      payments_total: 0,
      remaining_to_pay: 0,
      payment_count: 0,
    });
    await screen.findByText(/No payments yet/);
    expect(screen.getByTestId('payments-total').textContent).toBe(
      'Paid $6,800.00 of $6,800.00 actual cost · $0.00 remaining ($0.00 in payments recorded; the task is in Paid at its actual cost)',
    );
  });

  it('adds a payment to the awarded contractor with a receipt, without submitting the task form', async () => {
    const calls = stubServer({
      'GET /api/tasks/5/payments/': json(200, []),
      'POST /api/task-payments/': (body) => json(201, payment({ ...(body as Partial<Payment>), id: 32 })),
    });
    const { onChanged, onTaskSubmit } = render({ committed_cost: 41800, actual_cost: null, paid_to_date: 0 });
    await screen.findByText(/No payments yet/);
    expect(screen.getByTestId('payments-total').textContent).toBe(
      'Paid $0.00 of $41,800.00 committed · $41,800.00 remaining',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a payment' });
    // The awarded contractor is the payee unless changed; the date is today.
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Payee').value).toBe('1');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/Paid on/).value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '$20,900' } });
    fireEvent.change(within(dialog).getByLabelText(/Paid on/), { target: { value: '2026-04-01' } });
    fireEvent.change(within(dialog).getByLabelText('Method'), { target: { value: 'transfer' } });
    fireEvent.change(within(dialog).getByLabelText('Receipt'), { target: { value: '77' } });
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: ' First half ' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Add payment' }));

    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(onTaskSubmit).not.toHaveBeenCalled();
    const post = calls.find((c) => c.key === 'POST /api/task-payments/');
    expect(post?.body).toEqual({
      task: 5,
      amount: 20900,
      paid_on: '2026-04-01',
      contractor: 1,
      method: 'transfer',
      note: 'First half',
      receipt: 77,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Payment to Acme Framing added.');
    // The list is asked again after the write.
    expect(calls.filter((c) => c.key === 'GET /api/tasks/5/payments/').length).toBeGreaterThanOrEqual(2);
  });

  it('offers to move a task in To Do to In Progress after its first payment, and moves it when asked', async () => {
    stubServer({
      'GET /api/tasks/5/payments/': json(200, []),
      'POST /api/task-payments/': (body) => json(201, payment({ ...(body as Partial<Payment>), id: 33 })),
    });
    tokens.set('A1', 'R1');
    const onMove = vi.fn();
    const view = (status: string) => (
      <PaymentsSection
        taskId={5}
        documents={[receipt]}
        contractors={contractors}
        figures={{ committed_cost: null, actual_cost: null, paid_to_date: 0 }}
        status={status}
        onMoveToInProgress={onMove}
      />
    );
    renderWithProviders(view('To Do'));
    await screen.findByText(/No payments yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Add payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a payment' });
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '2500' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Add payment' }));

    const offer = await screen.findByRole('dialog', { name: 'Move the task to In Progress?' });
    expect(offer.textContent).toContain('first payment');
    // "Keep in To Do" has the focus: Enter never moves the task by accident.
    expect(document.activeElement).toBe(within(offer).getByRole('button', { name: 'Keep in To Do' }));
    fireEvent.click(within(offer).getByRole('button', { name: 'Move to In Progress' }));
    expect(onMove).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Payment added. The task moved to In Progress.');
  });

  it('"Keep in To Do" keeps the task where it is', async () => {
    stubServer({
      'GET /api/tasks/5/payments/': json(200, []),
      'POST /api/task-payments/': (body) => json(201, payment({ ...(body as Partial<Payment>), id: 34 })),
    });
    tokens.set('A1', 'R1');
    const onMove = vi.fn();
    renderWithProviders(
      <PaymentsSection
        taskId={5}
        documents={[]}
        contractors={contractors}
        status="To Do"
        onMoveToInProgress={onMove}
      />,
    );
    await screen.findByText(/No payments yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Add payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a payment' });
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '100' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Add payment' }));
    const offer = await screen.findByRole('dialog', { name: 'Move the task to In Progress?' });
    fireEvent.click(within(offer).getByRole('button', { name: 'Keep in To Do' }));
    expect(onMove).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks nothing when the task already has payments', async () => {
    stubServer({
      'GET /api/tasks/5/payments/': json(200, [payment({ id: 34, amount: 100 })]),
      'POST /api/task-payments/': (body) => json(201, payment({ ...(body as Partial<Payment>), id: 35 })),
    });
    tokens.set('A1', 'R1');
    const onMove = vi.fn();
    renderWithProviders(
      <PaymentsSection
        taskId={5}
        documents={[]}
        contractors={contractors}
        status="To Do"
        onMoveToInProgress={onMove}
      />,
    );
    await screen.findByRole('list', { name: 'Payments' });
    fireEvent.click(screen.getByRole('button', { name: 'Add payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a payment' });
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '200' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Add payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toMatch(/added/);
    expect(onMove).not.toHaveBeenCalled();
  });

  it('takes a payee typed as text', async () => {
    const calls = stubServer({
      'GET /api/tasks/5/payments/': json(200, []),
      'POST /api/task-payments/': (body) =>
        json(201, payment({ ...(body as Partial<Payment>), contractor: null, payee: 'City of Austin' })),
    });
    render(null, null);
    await screen.findByText(/No payments yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Add payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a payment' });
    fireEvent.change(within(dialog).getByLabelText('Payee'), { target: { value: 'other' } });
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '350' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Add payment' }));
    // A name is needed for someone else.
    const name = within(dialog).getByLabelText(/Payee name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
    fireEvent.change(name, { target: { value: 'City of Austin' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Add payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.key === 'POST /api/task-payments/')?.body).toMatchObject({
      payee: 'City of Austin',
      contractor: null,
      method: 'other',
    });
  });

  it("shows the server's field messages beside the fields", async () => {
    stubServer({
      'GET /api/tasks/5/payments/': json(200, []),
      'POST /api/task-payments/': json(400, {
        error: 'validation_error',
        message: 'receipt: The document is not one of this task.',
        fields: {
          receipt: ['The document is not one of this task.'],
          amount: ['Must be at most 1000000000.'],
        },
      }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render();
    await screen.findByText(/No payments yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Add payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a payment' });
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Receipt'), { target: { value: '77' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Add payment' }));
    await waitFor(() =>
      expect(document.getElementById('pay-receipt-error')?.textContent).toBe('The document is not one of this task.'),
    );
    const receiptBox = within(dialog).getByLabelText('Receipt');
    expect(receiptBox.getAttribute('aria-invalid')).toBe('true');
    expect(receiptBox.getAttribute('aria-describedby')).toBe('pay-receipt-error pay-receipt-hint');
    expect(document.getElementById('pay-amount-error')?.textContent).toBe('Must be at most 1000000000.');
    expect(within(dialog).queryByRole('alert')).toBeNull(); // every problem sits beside its field
    // The first field in error (in reading order) has the focus.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/Amount/)));
  });

  it('edits a payment, and deletes one after a confirmation', async () => {
    let list = [payment({})];
    const calls = stubServer({
      'GET /api/tasks/5/payments/': () => json(200, list),
      'PATCH /api/task-payments/30/': (body) => {
        list = [payment({ ...(body as Partial<Payment>) })];
        return json(200, list[0]);
      },
      'DELETE /api/task-payments/30/': () => {
        list = [];
        return new Response(null, { status: 204 });
      },
    });
    const { onChanged } = render();
    fireEvent.click(await screen.findByRole('button', { name: /Edit the payment of \$12,000\.00/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit payment' });
    expect(within(dialog).getByLabelText<HTMLInputElement>(/Amount/).value).toBe('12000');
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '12500.5' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.key === 'PATCH /api/task-payments/30/')?.body).toMatchObject({
      amount: 12500.5,
      contractor: 1,
    });
    fireEvent.click(await screen.findByRole('button', { name: /Delete the payment of \$12,500\.50/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this payment?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete payment' }));
    await screen.findByText(/No payments yet/);
    expect(calls.map((c) => c.key)).toContain('DELETE /api/task-payments/30/');
    expect(onChanged).toHaveBeenCalledTimes(2);
  });

  it("shows each payment's lien waiver where the app gives one (issue 34)", async () => {
    stubServer({
      'GET /api/tasks/5/payments/': json(200, [payment({}), payment({ id: 31, contractor: null, payee: 'City' })]),
    });
    tokens.set('A1', 'R1');
    renderWithProviders(
      <PaymentsSection
        taskId={5}
        documents={[]}
        contractors={contractors}
        waiver={(p) => (p.contractor ? <span>Waiver of payment {p.id}</span> : null)}
      />,
    );
    const rows = within(await screen.findByRole('list', { name: 'Payments' })).getAllByRole('listitem');
    expect(rows[0].textContent).toContain('Waiver of payment 30');
    expect(rows[1].textContent).not.toContain('Waiver of payment');
  });
});
