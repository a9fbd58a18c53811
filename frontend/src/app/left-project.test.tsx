import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tokens } from '../lib/auth-store';
import { renderWithProviders } from '../testing/render';
import { ProtectedRoute } from './guards';
import { setMemberProjects } from './member-access';
import BoardRoute from './routes/board';
import ChoosePlanRoute from './routes/choose-plan';
import ProjectsPageRoute from './routes/projects';

// Issue 35: a member who leaves a project (from the project list's menu or from the board's
// toolbar) lands on /projects reading "You left <name>."; one without a subscription of their own
// who left their last shared project reads it on the plan page the guard sends them to.

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const mine = { id: 3, name: 'Mine', project_type_display: 'New Home Build', budget: 100000, role: 'owner' };
const cabin = {
  id: 8,
  name: "Olga's cabin",
  project_type_display: 'Renovation',
  budget: 250000,
  zip_code: '78701',
  role: 'partner',
  owner: 'olga',
};
const me = {
  id: 21,
  user: 'sam',
  email: 'sam@example.com',
  role: 'partner',
  invited_at: '2026-11-20T10:00:00Z',
  joined_at: '2026-11-21T09:00:00Z',
};

/** The server: `subscribed`, the projects the user has (a DELETE of their membership removes one). */
function server(subscribed: boolean, projects: { id: number }[]) {
  const asked: string[] = [];
  let list = [...projects];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const path = url.pathname;
      const method = init.method ?? 'GET';
      asked.push(`${method} ${path}`);
      if (path === '/payments/check-subscription/') return Promise.resolve(json(200, { is_subscribed: subscribed }));
      if (path === '/api/config/')
        return Promise.resolve(
          json(200, {
            support_email: 'help@example.com',
            stripe_publishable_key: null,
            stripe_price_id: 'price_local',
            payments_mode: 'local',
          }),
        );
      if (path === '/api/projects/') {
        if (!subscribed && !list.some((p) => p.id !== 3))
          return Promise.resolve(json(402, { error: 'subscription_required', message: 'Subscribe.' }));
        return Promise.resolve(json(200, list));
      }
      if (path === '/api/me/') return Promise.resolve(json(200, { username: 'sam', email: 'sam@example.com' }));
      if (path === '/api/projects/8/members/') return Promise.resolve(json(200, [me]));
      if (method === 'DELETE' && path === '/api/projects/8/members/21/') {
        list = list.filter((p) => p.id !== 8);
        return Promise.resolve(json(204, null));
      }
      if (path === '/api/projects/8/') return Promise.resolve(json(200, cabin));
      if (path === '/api/projects/8/summary/')
        return Promise.resolve(
          json(200, {
            budget: 250000,
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
  return asked;
}

const routes = [
  {
    element: <ProtectedRoute />,
    children: [
      { path: '/projects', element: <ProjectsPageRoute /> },
      { path: '/kanban/:projectId', element: <BoardRoute /> },
      { path: '/choose-plan', element: <ChoosePlanRoute /> },
    ],
  },
];

const open = (url: string) => renderWithProviders(<p>start</p>, { path: '/start', url, routes });

/** Leave from the open members dialog: the button, then the confirmation. */
async function leave() {
  const dialog = await screen.findByRole('dialog', { name: "Members – Olga's cabin" });
  const button = within(dialog).getByRole('button', { name: 'Leave project' });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.click(button);
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Leave project' })).getByRole('button', { name: 'Leave' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  setMemberProjects([]);
});

describe('leaving a project (issue 35)', () => {
  it('from the project list: the notice names it and the project is gone', async () => {
    const asked = server(true, [mine, cabin]);
    const { router } = open('/projects');
    fireEvent.click(await screen.findByRole('button', { name: "Actions for Olga's cabin" }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Members…' }));
    await leave();
    expect((await screen.findByText("You left Olga's cabin.")).getAttribute('role')).toBe('status');
    expect(router.state.location.pathname).toBe('/projects');
    expect(screen.queryByRole('dialog')).toBeNull();
    const list = screen.getByRole('region', { name: 'Projects' });
    await waitFor(() => expect(within(list).queryByText("Olga's cabin")).toBeNull());
    expect(within(list).getByText('Mine')).toBeTruthy();
    expect(asked).toContain('DELETE /api/projects/8/members/21/');
  });

  it("from the board's Members button: back on /projects with the notice", async () => {
    server(true, [mine, cabin]);
    const { router, client } = open('/kanban/8');
    const toolbar = await screen.findByRole('toolbar', { name: 'Board actions' });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Members' }));
    await leave();
    expect((await screen.findByText("You left Olga's cabin.")).getAttribute('role')).toBe('status');
    expect(router.state.location.pathname).toBe('/projects');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Projects');
    // The board's cache of the project left goes with it.
    await waitFor(() => expect(client.getQueryData(['board', 8, 'project'])).toBeUndefined());
    // Back does not return to the board of a project no longer theirs.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('a member without a subscription who left their last shared project reads it on the plan page', async () => {
    server(false, [cabin]);
    const { router } = open('/kanban/8');
    const toolbar = await screen.findByRole('toolbar', { name: 'Board actions' });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Members' }));
    await leave();
    expect((await screen.findByRole('heading', { name: 'Choose a Subscription Plan' })).tagName).toBe('H1');
    expect(router.state.location.pathname).toBe('/choose-plan');
    expect(screen.getByText("You left Olga's cabin.").getAttribute('role')).toBe('status');
  });

  it('a member without a subscription who still has a shared project stays on /projects', async () => {
    server(false, [cabin, { ...cabin, id: 9, name: 'Beach house' }]);
    const { router } = open('/projects');
    fireEvent.click(await screen.findByRole('button', { name: "Actions for Olga's cabin" }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Members…' }));
    await leave();
    expect((await screen.findByText("You left Olga's cabin.")).getAttribute('role')).toBe('status');
    const list = screen.getByRole('region', { name: 'Projects' });
    await waitFor(() => expect(within(list).queryByText("Olga's cabin")).toBeNull());
    expect(within(list).getByText('Beach house')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects');
  });
});
