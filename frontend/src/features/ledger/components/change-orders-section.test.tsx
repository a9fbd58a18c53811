import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { renderWithProviders } from '../../../testing/render';
import { tokens } from '../../../lib/auth-store';
import type { ChangeOrder, ContractorList, LedgerDocument, LedgerTaskFigures } from '../types';
import { ChangeOrdersSection } from './change-orders-section';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const signed: LedgerDocument = { id: 78, name: 'co-1-signed.pdf', file: '/api/documents/78/download/?s=x' };

const contractors: ContractorList = {
  data: [{ id: 1, name: 'Acme Framing', trade: 'Framing' }],
  isPending: false,
  isError: false,
};

const co = (over: Partial<ChangeOrder>): ChangeOrder => ({
  id: 40,
  task: 5,
  description: 'Extra window in the loft',
  amount: 2500,
  status: 'proposed',
  date: '2026-03-05',
  contractor: { id: 1, name: 'Acme Framing' },
  document: null,
  ...over,
});

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

const axeClean = async (node: Element) => {
  const results = await axe.run(node, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
};

function render(
  figures: LedgerTaskFigures | null = { committed_cost: 38000, actual_cost: null, change_order_total: 0 },
) {
  tokens.set('A1', 'R1');
  const onChanged = vi.fn();
  const onTaskSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
  const view = renderWithProviders(
    <form onSubmit={onTaskSubmit} aria-label="Edit Task">
      <ChangeOrdersSection
        taskId={5}
        documents={[signed]}
        contractors={contractors}
        figures={figures}
        defaultContractorId={1}
        onChanged={onChanged}
      />
    </form>,
  );
  return { onChanged, onTaskSubmit, container: view.container };
}

describe('ChangeOrdersSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists change orders with their signed amount, status, date, contractor and document', async () => {
    stubServer({
      'GET /api/tasks/5/change-orders/': json(200, [
        co({ status: 'approved', document: 78 }),
        co({ id: 41, description: 'Cheaper siding', amount: -1200, status: 'proposed', contractor: null }),
        co({ id: 42, description: 'Skylight', amount: 900, status: 'rejected' }),
      ]),
    });
    const { container } = render({ committed_cost: 40500, actual_cost: null, change_order_total: 2500 });
    const list = await screen.findByRole('list', { name: 'Change orders' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0].textContent).toContain('+$2,500.00');
    expect(rows[0].textContent).toContain('Approved');
    expect(rows[0].textContent).toContain('Acme Framing');
    expect(
      within(rows[0])
        .getByRole('link', { name: /Document: co-1-signed\.pdf/ })
        .getAttribute('href'),
    ).toBe(signed.file);
    expect(rows[1].textContent).toContain('-$1,200.00');
    expect(rows[1].textContent).toContain('Proposed');
    expect(rows[2].textContent).toContain('Rejected');
    // Approved ones offer Reject only; proposed ones both; rejected ones Approve.
    expect(within(rows[0]).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(within(rows[0]).getByRole('button', { name: /^Reject/ })).toBeTruthy();
    expect(within(rows[1]).getByRole('button', { name: /^Approve the change order Cheaper siding, -\$1,200\.00/ }));
    expect(within(rows[2]).queryByRole('button', { name: /^Reject/ })).toBeNull();
    expect(screen.getByTestId('change-orders-total').textContent).toBe('Approved: +$2,500.00 · 1 proposal waiting');
    await axeClean(container);
  });

  it('approves a change order and tells the board to refresh', async () => {
    let status: ChangeOrder['status'] = 'proposed';
    const calls = stubServer({
      'GET /api/tasks/5/change-orders/': () => json(200, [co({ status })]),
      'PATCH /api/change-orders/40/': (body) => {
        status = (body as { status: ChangeOrder['status'] }).status;
        return json(200, co({ status }));
      },
    });
    const { onChanged } = render();
    fireEvent.click(await screen.findByRole('button', { name: /^Approve the change order Extra window/ }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.key === 'PATCH /api/change-orders/40/')?.body).toEqual({ status: 'approved' });
    await screen.findByText('Approved', { selector: '.ledger-co-status' });
    expect(screen.getByRole('status').textContent).toBe(
      "Change order approved: +$2,500.00 on the task's committed cost.",
    );
  });

  it("shows the server's 409 in the section when the task has no award", async () => {
    stubServer({
      'GET /api/tasks/5/change-orders/': json(200, [co({})]),
      'PATCH /api/change-orders/40/': json(409, {
        error: 'conflict',
        message: 'Award a bid on this task before approving a change order.',
      }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onChanged } = render({ committed_cost: null, actual_cost: null, change_order_total: 0 });
    expect(await screen.findByText(/Award a bid first/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /^Approve the change order/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Award a bid on this task before approving a change order.');
    expect(onChanged).toHaveBeenCalled(); // refreshed either way
  });

  it('adds a credit with its document, without submitting the task form', async () => {
    const calls = stubServer({
      'GET /api/tasks/5/change-orders/': json(200, []),
      'POST /api/change-orders/': (body) => json(201, co({ ...(body as Partial<ChangeOrder>), id: 43 })),
    });
    const { onChanged, onTaskSubmit } = render();
    await screen.findByText(/No change orders/);
    fireEvent.click(screen.getByRole('button', { name: 'Add change order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a change order' });
    await axeClean(dialog);
    // Nothing typed: each problem beside its field, nothing sent.
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Add change order' }));
    expect(document.getElementById('co-description-error')?.textContent).toBe('Describe the change.');
    expect(document.getElementById('co-amount-error')?.textContent).toBe('Enter the amount (negative for a credit).');
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/What changes/), { target: { value: ' Cheaper siding ' } });
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '-1,200' } });
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2026-03-09' } });
    fireEvent.change(within(dialog).getByLabelText('Document'), { target: { value: '78' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Add change order' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(onTaskSubmit).not.toHaveBeenCalled();
    expect(calls.find((c) => c.key === 'POST /api/change-orders/')?.body).toEqual({
      task: 5,
      description: 'Cheaper siding',
      amount: -1200,
      status: 'proposed',
      date: '2026-03-09',
      contractor: 1,
      document: 78,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("puts the server's field messages beside the fields and its 409 on top of the form", async () => {
    stubServer({
      'GET /api/tasks/5/change-orders/': json(200, []),
      'POST /api/change-orders/': (body) =>
        (body as { status: string }).status === 'approved'
          ? json(409, { error: 'conflict', message: 'Award a bid on this task before approving a change order.' })
          : json(400, {
              error: 'validation_error',
              message: 'document: Not a document of this task.',
              fields: { document: ['Not a document of this task.'] },
            }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render();
    await screen.findByText(/No change orders/);
    fireEvent.click(screen.getByRole('button', { name: 'Add change order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a change order' });
    fireEvent.change(within(dialog).getByLabelText(/What changes/), { target: { value: 'Skylight' } });
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '900' } });
    fireEvent.change(within(dialog).getByLabelText('Document'), { target: { value: '78' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Add change order' }));
    await waitFor(() =>
      expect(document.getElementById('co-document-error')?.textContent).toBe('Not a document of this task.'),
    );
    expect(within(dialog).getByLabelText('Document').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Document')));
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: 'approved' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Add change order' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The change order was not saved. Award a bid on this task before approving a change order.',
    );
  });

  it('deletes a change order after a confirmation', async () => {
    let gone = false;
    const calls = stubServer({
      'GET /api/tasks/5/change-orders/': () => json(200, gone ? [] : [co({ status: 'approved' })]),
      'DELETE /api/change-orders/40/': () => {
        gone = true;
        return new Response(null, { status: 204 });
      },
    });
    const { onChanged } = render();
    fireEvent.click(await screen.findByRole('button', { name: /^Delete the change order Extra window/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this change order?' });
    expect(confirm.textContent).toContain("It is approved: the task's committed cost changes back.");
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete change order' }));
    await screen.findByText(/No change orders/);
    expect(calls.map((c) => c.key)).toContain('DELETE /api/change-orders/40/');
    expect(onChanged).toHaveBeenCalled();
  });
});
