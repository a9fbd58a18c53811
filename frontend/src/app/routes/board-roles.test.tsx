import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { tokens } from '../../lib/auth-store';
import type { Task } from '../../features/board/types';
import BoardRoute from './board';

// Issue 35: the board hides what the project's role cannot do. A viewer reads the board, the task
// form and its money sections and changes nothing; an owner and a partner edit as before.

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const framing: Task = {
  id: 5,
  project: 1,
  title: 'Framing',
  description: '',
  status: 'In Progress',
  material_quality: 'basic',
  actual_cost: null,
  due_date: null,
  position: 0,
  actual_cost_per_sqft: null,
  regional_average_cost_per_sqft: null,
  committed_cost: 38000,
  bid_count: 1,
  lowest_bid: 38000,
  paid_to_date: 12000,
  payment_count: 1,
  change_order_total: 0,
  fixed_fee: false,
  payments_total: 12000,
  remaining_to_pay: 26000,
};

const acme = { id: 1, name: 'Acme Framing' };

/** The server of a project shared with the signed-in user as `role` (none: an older server, the owner's). */
function serve(role?: 'owner' | 'partner' | 'viewer') {
  const writes: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method !== 'GET') writes.push(`${method} ${url}`);
      if (url === '/api/projects/1/')
        return Promise.resolve(json({ id: 1, name: 'Cabin', budget: 100000, zip_code: '78701', role }));
      if (url === '/api/projects/1/tasks/') return Promise.resolve(json([framing]));
      if (url === '/api/tasks/5/bids/')
        return Promise.resolve(
          json([
            {
              id: 3,
              task: 5,
              contractor: acme,
              amount: 38000,
              notes: '',
              received_on: null,
              valid_until: null,
              document: null,
              status: 'awarded',
            },
          ]),
        );
      if (url === '/api/tasks/5/payments/')
        return Promise.resolve(
          json([
            {
              id: 9,
              task: 5,
              amount: 12000,
              paid_on: '2026-04-01',
              payee: 'Acme Framing',
              contractor: acme,
              method: 'check',
              note: '',
              receipt: null,
            },
          ]),
        );
      if (url.startsWith('/api/documents/'))
        return Promise.resolve(
          json([
            {
              id: 40,
              name: 'quote.pdf',
              file: 'https://files.example/quote.pdf',
              size: 1200,
              content_type: 'application/pdf',
              task: 5,
            },
          ]),
        );
      if (url.startsWith('/api/projects/1/activity/')) return Promise.resolve(json({ entries: [], next: null }));
      if (url.endsWith('/summary/'))
        return Promise.resolve(
          json({
            budget: 100000,
            predicted_total: 38000,
            cost_per_sqft: null,
            over_budget: false,
            column_totals: { 'To Do': 0, 'In Progress': 38000, Paid: 0 },
          }),
        );
      if (url === '/api/contractors/?project=1') return Promise.resolve(json([acme]));
      return Promise.resolve(json([]));
    }),
  );
  tokens.set('A', 'R');
  renderWithProviders(<BoardRoute />, { path: '/kanban/:projectId', url: '/kanban/1' });
  return writes;
}

const draggable = () => document.querySelectorAll('[aria-roledescription="draggable task"]');

describe('the board by role (issue 35)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows a viewer the board, marked View only, with no control that changes it', async () => {
    const writes = serve('viewer');
    expect(await screen.findByText('View only')).toBeTruthy();

    // The spreadsheet (the wide screen's first view) shows its cells and edits none.
    const title = await screen.findByLabelText<HTMLInputElement>('Task title: Framing');
    expect(title.readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Your cost for Framing').readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Status of Framing').disabled).toBe(true);
    fireEvent.focus(title);
    fireEvent.change(title, { target: { value: 'Walls' } });
    fireEvent.blur(title);

    fireEvent.change(screen.getByRole('combobox', { name: 'View' }), { target: { value: 'kanban' } });
    expect(await screen.findByRole('region', { name: 'In Progress column' })).toBeTruthy();
    // No Add Task, no Update Budget; the exports stay.
    expect(screen.queryByRole('button', { name: 'Add Task' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update Budget' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    // The cards neither move (no drag handle, pointer or keyboard) nor offer Move to… or Delete.
    expect(draggable()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Actions for Framing' })).toBeNull();

    // The task form: the task's fields shown and disabled; no Save, Delete, upload or money actions.
    fireEvent.click(screen.getByRole('button', { name: 'Open task Framing' }));
    const form = await screen.findByRole('dialog', { name: 'Task' });
    expect(within(form).getByLabelText(/Title/).matches(':disabled')).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Add photo' })).toBeNull();
    expect(within(form).queryByLabelText('Documents')).toBeNull();
    expect(await within(form).findByText('quote.pdf')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Download/View' })).toBeTruthy();
    expect(within(form).queryByRole('button', { name: 'Rename quote.pdf' })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Delete quote.pdf' })).toBeNull();
    // The bids, change orders and payments are read, and none is added, awarded, edited or deleted.
    const payments = await within(form).findByTestId('payments-section');
    expect(await within(payments).findByText('Acme Framing')).toBeTruthy();
    expect(await within(form).findByRole('heading', { name: /^Change orders/ })).toBeTruthy();
    await waitFor(() => expect(form.querySelector('[data-bid-id="3"]')).not.toBeNull());
    for (const name of [
      'Add bid',
      'Add change order',
      'Add payment',
      'Add a task it starts after',
      'Withdraw the award to Acme Framing',
      /^Edit the payment/,
      /^Delete the payment/,
    ]) {
      expect(within(form).queryByRole('button', { name })).toBeNull();
    }
    fireEvent.click(within(form).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([]);
  });

  it.each([['owner'], ['partner'], ['owner (no role: an older server)']] as const)(
    'gives the %s every edit control of the board and the task form',
    async (who) => {
      serve(who === 'partner' ? 'partner' : who === 'owner' ? 'owner' : undefined);
      expect(await screen.findByRole('button', { name: 'Add Task' })).toBeTruthy();
      expect(screen.queryByText('View only')).toBeNull();
      expect(screen.getByRole('button', { name: 'Update Budget' })).toBeTruthy();
      expect((await screen.findByLabelText<HTMLInputElement>('Task title: Framing')).readOnly).toBe(false);
      expect(screen.getByLabelText<HTMLSelectElement>('Status of Framing').disabled).toBe(false);
      fireEvent.change(screen.getByRole('combobox', { name: 'View' }), { target: { value: 'kanban' } });
      await waitFor(() => expect(draggable()).toHaveLength(1));
      expect(screen.getByRole('button', { name: 'Actions for Framing' })).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Open task Framing' }));
      const form = await screen.findByRole('dialog', { name: 'Edit Task' });
      expect(within(form).getByLabelText(/Title/).matches(':disabled')).toBe(false);
      expect(within(form).getByRole('button', { name: 'Save' })).toBeTruthy();
      expect(within(form).getByRole('button', { name: 'Delete' })).toBeTruthy();
      expect(await within(form).findByRole('button', { name: 'Add bid' })).toBeTruthy();
      expect(within(form).getByRole('button', { name: 'Add payment' })).toBeTruthy();
      expect(await within(form).findByRole('button', { name: 'Withdraw the award to Acme Framing' })).toBeTruthy();
    },
  );
});
