import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { tokens } from '../../../lib/auth-store';
import { ProjectsPage } from './projects-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('ProjectsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the conditional inputs, the units message, and posts the shaped payload', async () => {
    tokens.set('A', 'R');
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          const body = JSON.parse(init.body as string) as Record<string, unknown>;
          posted.push(body);
          return Promise.resolve(json(201, { ...body, id: 9, project_type_display: 'New Home Build' }));
        }
        return Promise.resolve(json(200, []));
      }),
    );
    renderWithProviders(<ProjectsPage />, { path: '/projects' });
    await screen.findByText('No projects yet');
    fireEvent.click(screen.getByRole('button', { name: 'Create New Project' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.queryByLabelText('Property Type')).toBeNull();
    fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: 'Duplex' } });
    fireEvent.change(screen.getByLabelText('Zip Code'), { target: { value: '78701' } });
    fireEvent.change(screen.getByLabelText('Project Type'), { target: { value: 'new_home_build' } });
    fireEvent.change(screen.getByLabelText('Property Type'), { target: { value: 'multifamily' } });
    fireEvent.change(screen.getByLabelText('Square Footage'), { target: { value: '1800' } });
    fireEvent.change(screen.getByLabelText('Budget ($)'), { target: { value: '300000.25' } });
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-04-01' } });
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByLabelText("No, I'm hiring a general contractor"));
    fireEvent.submit(screen.getByRole('button', { name: 'Create Project' }).closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please specify the number of units for a multifamily building.',
    );
    expect(posted).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Number of Units'), { target: { value: '2' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Create Project' }).closest('form')!);
    await screen.findByText('Duplex');
    expect(posted[0]).toMatchObject({
      units: 2,
      property_type: 'multifamily',
      budget: 300000.25,
      square_footage: 1800,
      renovation_options: null,
      addition_options: null,
      conversion_option: null,
      owner_builder: 'no_general_contractor',
    });
    // The form closes and the toggle reads Create New Project again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create New Project' })).toBeTruthy());
    expect(screen.getByText('Type: New Home Build')).toBeTruthy();
  });

  it('asks before deleting and shows the failure message', async () => {
    tokens.set('A', 'R');
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) =>
        Promise.resolve(
          init?.method === 'DELETE'
            ? json(500, { error: 'internal', message: 'x' })
            : json(200, [
                {
                  id: 1,
                  name: 'Cabin',
                  project_type: 'adu',
                  project_type_display: 'ADU',
                  zip_code: null,
                  budget: 1,
                  square_footage: 1,
                },
              ]),
        ),
      ),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithProviders(<ProjectsPage />, { path: '/projects' });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Cabin' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this project?');
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred while deleting the project.');
  });
});
