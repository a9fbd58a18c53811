import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tokens } from '../lib/auth-store';
import { renderWithProviders } from '../testing/render';
import BoardRoute from './routes/board';

// Issue 35: the board's Members button opens the members dialog with the board's project: the
// owner manages (invites, changes roles), a viewer reads the list and may leave.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const bank = {
  id: 4,
  user: 'lena',
  email: 'loans@bank.example',
  role: 'viewer',
  invited_at: '2026-11-20T10:00:00Z',
  joined_at: '2026-11-21T09:00:00Z',
};

function serve(role: 'owner' | 'viewer') {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      asked.push(path);
      if (path === '/api/projects/1/')
        return Promise.resolve(
          json(200, { id: 1, name: 'Cabin', budget: 100000, role, owner: role === 'owner' ? null : 'olga' }),
        );
      if (path === '/api/projects/1/members/') return Promise.resolve(json(200, [bank]));
      if (path === '/api/me/') return Promise.resolve(json(200, { username: 'lena', email: 'loans@bank.example' }));
      if (path.endsWith('/summary/'))
        return Promise.resolve(
          json(200, {
            budget: 100000,
            predicted_total: 0,
            cost_per_sqft: null,
            over_budget: false,
            column_totals: { 'To Do': 0, 'In Progress': 0, Paid: 0 },
          }),
        );
      return Promise.resolve(json(200, []));
    }),
  );
  tokens.set('A', 'R');
  renderWithProviders(<BoardRoute />, { path: '/kanban/:projectId', url: '/kanban/1' });
  return asked;
}

async function openMembers() {
  const toolbar = await screen.findByRole('toolbar', { name: 'Board actions' });
  fireEvent.click(within(toolbar).getByRole('button', { name: 'Members' }));
  return screen.findByRole('dialog', { name: 'Members – Cabin' });
}

describe("the board's members dialog", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lets the owner manage the members', async () => {
    const asked = serve('owner');
    await screen.findByRole('toolbar', { name: 'Board actions' });
    // Nothing of the members is asked for before the button is pressed.
    expect(asked).not.toContain('/api/projects/1/members/');
    const dialog = await openMembers();
    expect(await within(dialog).findByLabelText('Role of loans@bank.example')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Send invitation' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Leave project' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a viewer the list, the owner first, and the way to leave', async () => {
    serve('viewer');
    const dialog = await openMembers();
    const table = await within(dialog).findByRole('table', { name: 'Members' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('olga'), expect.stringContaining('lena')]);
    expect(rows[0].textContent).toContain('Owner');
    expect(within(dialog).queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    const leave = within(dialog).getByRole('button', { name: 'Leave project' });
    await waitFor(() => expect(leave.hasAttribute('disabled')).toBe(false));
  });
});
