import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tokens } from '../../../lib/auth-store';
import { formatDate } from '../../../lib/format';
import { renderWithProviders } from '../../../testing/render';
import { json, stubFetch } from '../test-fetch';
import type { Member } from '../types';
import { MembersDialog } from './members-dialog';

afterEach(() => vi.unstubAllGlobals());

const ana: Member = {
  id: 1,
  user: 'ana',
  email: 'ana@example.com',
  role: 'partner',
  invited_at: '2026-11-20T10:00:00Z',
  joined_at: '2026-11-21T09:00:00Z',
};
const bank: Member = {
  id: 2,
  user: null,
  email: 'loans@bank.example',
  role: 'viewer',
  invited_at: '2026-11-22T10:00:00Z',
  joined_at: null,
};

describe('the members dialog, for the owner', () => {
  it('lists members and open invitations, and invites by email with a role', async () => {
    tokens.set('A', 'R');
    const asked = stubFetch((method, path, body) => {
      if (method === 'GET' && path === '/api/projects/5/members/') return json(200, [ana, bank]);
      if (method === 'POST' && path === '/api/projects/5/members/') {
        const { email, role } = body as { email: string; role: 'viewer' };
        return json(201, { ...bank, id: 3, email, role });
      }
    });
    renderWithProviders(<MembersDialog projectId={5} projectName="Cabin" userRole="owner" onClose={() => undefined} />);
    const table = await screen.findByRole('table', { name: 'Members' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0].textContent).toContain('ana');
    expect(rows[0].textContent).toContain('ana@example.com');
    expect(rows[1].textContent).toContain('Invited');
    expect(rows[1].textContent).toContain('loans@bank.example');
    expect(screen.getByLabelText<HTMLSelectElement>('Role of loans@bank.example').value).toBe('viewer');

    expect(screen.getByText('Can edit everything except deleting the project and managing members')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' lender@bank.example ' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'viewer' } });
    expect(screen.getByText('Can see everything, change nothing')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('An invitation was sent to lender@bank.example.')).toBeTruthy();
    expect(asked.find((a) => a.method === 'POST')?.body).toEqual({ email: 'lender@bank.example', role: 'viewer' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });

  it("shows the server's refusal beside the field", async () => {
    tokens.set('A', 'R');
    stubFetch((method) => {
      if (method === 'GET') return json(200, []);
      return json(400, {
        error: 'validation_error',
        message: 'Invalid input.',
        fields: { email: ['This person is already a member of the project.'] },
      });
    });
    renderWithProviders(<MembersDialog projectId={5} projectName="Cabin" userRole="owner" onClose={() => undefined} />);
    expect(await screen.findByText('Nobody else is on this project yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('This person is already a member of the project.')).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('says beside the email that the person is already on the project (409)', async () => {
    tokens.set('A', 'R');
    stubFetch((method) =>
      method === 'GET'
        ? json(200, [ana])
        : json(409, { error: 'conflict', message: 'ana@example.com is already a member of this project.' }),
    );
    renderWithProviders(<MembersDialog projectId={5} projectName="Cabin" userRole="owner" onClose={() => undefined} />);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('ana@example.com is already a member of this project.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('changes a role and revokes an invitation after asking', async () => {
    tokens.set('A', 'R');
    const asked = stubFetch((method, path, body) => {
      if (method === 'GET') return json(200, [ana, bank]);
      if (method === 'PATCH' && path === '/api/projects/5/members/1/')
        return json(200, { ...ana, ...(body as object) });
      if (method === 'DELETE' && path === '/api/projects/5/members/2/') return json(204, null);
    });
    renderWithProviders(<MembersDialog projectId={5} projectName="Cabin" userRole="owner" onClose={() => undefined} />);
    const role = await screen.findByLabelText<HTMLSelectElement>('Role of ana@example.com');
    fireEvent.change(role, { target: { value: 'viewer' } });
    await waitFor(() => expect(asked.some((a) => a.method === 'PATCH')).toBe(true));
    expect(asked.find((a) => a.method === 'PATCH')?.body).toEqual({ role: 'viewer' });
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLSelectElement>('Role of ana@example.com').value).toBe('viewer'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the invitation of loans@bank.example' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke invitation' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByText('loans@bank.example')).toBeNull());
    expect(asked.filter((a) => a.method === 'DELETE').map((a) => a.path)).toEqual(['/api/projects/5/members/2/']);
  });

  it('says why a change was refused', async () => {
    tokens.set('A', 'R');
    stubFetch((method) => {
      if (method === 'GET') return json(200, [ana]);
      return json(403, { error: 'forbidden', message: 'Only the project owner can manage members.' });
    });
    renderWithProviders(<MembersDialog projectId={5} projectName="Cabin" userRole="owner" onClose={() => undefined} />);
    fireEvent.change(await screen.findByLabelText('Role of ana@example.com'), { target: { value: 'viewer' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Only the project owner can manage members.');
  });
});

describe('the members dialog, for a member', () => {
  it('lists the members without managing them, and leaves the project', async () => {
    tokens.set('A', 'R');
    const onLeft = vi.fn();
    const asked = stubFetch((method, path) => {
      if (path === '/api/me/') return json(200, { username: 'ana', email: 'ana@example.com' });
      if (method === 'GET') return json(200, [ana, bank]);
      if (method === 'DELETE' && path === '/api/projects/5/members/1/') return json(204, null);
    });
    renderWithProviders(
      <MembersDialog
        projectId={5}
        projectName="Cabin"
        userRole="partner"
        owner="olga"
        onClose={() => undefined}
        onLeft={onLeft}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Members' });
    const rows = within(table).getAllByRole('row');
    // The owner's row: no join date (nor a dash) in the Joined column.
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['olga', 'Owner', '']);
    expect(
      within(rows[2])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['anaana@example.com', 'Partner', formatDate(ana.joined_at ?? '')]);
    expect(within(rows[3]).getAllByRole('cell')[2].textContent).toBe(`Invited ${formatDate(bank.invited_at)}`);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove|Revoke/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();

    const leave = screen.getByRole('button', { name: 'Leave project' });
    await waitFor(() => expect(leave.hasAttribute('disabled')).toBe(false));
    fireEvent.click(leave);
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Leave project' })).getByRole('button', { name: 'Leave' }),
    );
    await waitFor(() => expect(onLeft).toHaveBeenCalled());
    expect(asked.filter((a) => a.method === 'DELETE').map((a) => a.path)).toEqual(['/api/projects/5/members/1/']);
  });
});

describe('the members table on a phone', () => {
  // members.css turns each row of `.members-table` into a block under 560 px: the first cell (name
  // over email) across, then the other cells side by side; empty cells are hidden. (Vitest loads no
  // CSS: this checks the structure those rules select.)
  it('has the rows and cells the stacked layout selects', async () => {
    tokens.set('A', 'R');
    stubFetch((method) => (method === 'GET' ? json(200, [ana, bank]) : undefined));
    renderWithProviders(<MembersDialog projectId={5} projectName="Cabin" userRole="owner" onClose={() => undefined} />);
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(table.classList.contains('members-table')).toBe(true);
    expect(table.parentElement?.classList.contains('table-wrap')).toBe(true);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    for (const [row, person] of [
      [rows[0], ana],
      [rows[1], bank],
    ] as const) {
      const cells = row.querySelectorAll(':scope > td');
      expect(cells).toHaveLength(4);
      expect(cells[0].querySelector('.member-name')?.textContent).toBe(person.user ?? 'Invited');
      expect(cells[0].querySelector('.member-email')?.textContent).toBe(person.email);
    }
    expect(rows[1].querySelectorAll(':scope > td')[2].textContent).toBe(`Invited ${formatDate(bank.invited_at)}`);
  });
});
