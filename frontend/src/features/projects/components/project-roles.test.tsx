import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { tokens } from '../../../lib/auth-store';
import { renderWithProviders } from '../../../testing/render';
import { ProjectsPage } from './projects-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const project = (id: number, name: string, extra: object) => ({
  id,
  name,
  project_type_display: 'New Home Build',
  zip_code: '78701',
  square_footage: null,
  budget: 300000,
  address: '',
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

function menuOf(name: string): string[] {
  fireEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  const items = within(screen.getByRole('menu', { name: `Actions for ${name}` }))
    .getAllByRole('menuitem')
    .map((i) => i.textContent ?? '');
  fireEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  return items;
}

describe('shared projects in the list (issue 35)', () => {
  it("badge the user's role, and their menus leave out what the role cannot do", async () => {
    tokens.set('A', 'R');
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          json(200, [
            project(1, 'Home', { role: 'owner', owner: 'olga' }),
            project(2, 'Cabin', { role: 'partner', owner: 'sam' }),
            project(3, 'Duplex', { role: 'viewer', owner: 'sam' }),
            project(4, 'Old', {}),
          ]),
        ),
      ),
    );
    const opened: string[] = [];
    renderWithProviders(
      <ProjectsPage
        renderMembers={(p, close) => (
          <button type="button" onClick={close}>
            {`Members of ${p.name}`}
          </button>
        )}
      />,
      { path: '/projects' },
    );
    await screen.findByText('Cabin');
    expect(screen.getAllByText(/^Shared · /).map((b) => b.textContent)).toEqual([
      'Shared · Partner',
      'Shared · Viewer',
    ]);
    expect(screen.getByText('Home').querySelector('.project-badge')).toBeNull();

    expect(menuOf('Home')).toEqual(['Share…', 'Property and loan…', 'Members…', 'Delete']);
    expect(menuOf('Old')).toEqual(['Share…', 'Property and loan…', 'Members…', 'Delete']);
    expect(menuOf('Cabin')).toEqual(['Share…', 'Property and loan…', 'Members…']);
    expect(menuOf('Duplex')).toEqual(['Members…']);

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Duplex' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Members…' }));
    const dialog = screen.getByRole('button', { name: 'Members of Duplex' });
    opened.push(dialog.textContent ?? '');
    fireEvent.click(dialog);
    expect(screen.queryByRole('button', { name: 'Members of Duplex' })).toBeNull();
    expect(opened).toEqual(['Members of Duplex']);
  });

  it('offers a member without a subscription the plan instead of a new-project form', async () => {
    tokens.set('A', 'R');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(200, [project(2, 'Cabin', { role: 'partner', owner: 'sam' })]))),
    );
    renderWithProviders(<ProjectsPage canCreate={false} />, { path: '/projects' });
    await screen.findByText('Cabin');
    expect(screen.queryByRole('button', { name: 'Create New Project' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Subscribe to start your own project' }).getAttribute('href')).toBe(
      '/choose-plan',
    );
  });
});
