import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation, useParams } from 'react-router';
import { renderWithProviders } from '../../../testing/render';
import { tokens } from '../../../lib/auth-store';
import { ProjectsPage } from './projects-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The board's route: which project opened, and the notice it was sent with. */
function BoardStub() {
  const { projectId } = useParams();
  const state = useLocation().state as { notice?: string } | null;
  return (
    <main>
      <h1>Board of project {projectId}</h1>
      {state?.notice && <p role="alert">{state.notice}</p>}
    </main>
  );
}
const boardRoute = [{ path: '/kanban/:projectId', element: <BoardStub /> }];

describe('ProjectsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the conditional inputs, the units message, and posts the shaped payload', async () => {
    tokens.set('A', 'R');
    const posted: unknown[] = [];
    const templated: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (url.endsWith('/tasks/template/')) {
          templated.push(url);
          return Promise.resolve(json(201, []));
        }
        if (init?.method === 'POST') {
          const body = JSON.parse(init.body as string) as Record<string, unknown>;
          posted.push(body);
          return Promise.resolve(json(201, { ...body, id: 9, project_type_display: 'New Home Build' }));
        }
        return Promise.resolve(json(200, []));
      }),
    );
    const { router, client } = renderWithProviders(<ProjectsPage />, { path: '/projects', routes: boardRoute });
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
    // Beside the units field, which takes focus (issue 30), not at the top of the form.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Number of Units')));
    expect(document.getElementById('pf-units-error')?.textContent).toBe(
      'Please specify the number of units for a multifamily building.',
    );
    expect(posted).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Number of Units'), { target: { value: '2' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Create Project' }).closest('form')!);
    // The new project's board opens (issue 30), once its standard task list is in.
    await screen.findByRole('heading', { name: 'Board of project 9' });
    expect(router.state.location.pathname).toBe('/kanban/9');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(posted[0]).toMatchObject({
      units: 2,
      property_type: 'multifamily',
      budget: 300000.25,
      square_footage: 1800,
      renovation_options: null,
      addition_options: null,
      conversion_option: null,
      owner_builder: 'no_general_contractor',
      // Issue 19's settings: the default contingency, no loan.
      contingency_percent: 10,
      loan_amount: null,
    });
    // The project is in the list for the way back.
    expect(client.getQueryData<{ name: string }[]>(['projects', 'list'])?.map((p) => p.name)).toEqual(['Duplex']);
    // The standard task list is on by default: the new board gets it.
    expect(templated).toEqual(['/api/projects/9/tasks/template/']);
    expect(posted[0]).not.toHaveProperty('use_template');
  });

  it("shows the server's field messages beside the fields, under the spec's banner", async () => {
    tokens.set('A', 'R');
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) =>
        Promise.resolve(
          init?.method === 'POST'
            ? json(400, {
                error: 'validation_error',
                message: 'budget: Ensure this value is greater than or equal to 0.',
                fields: {
                  budget: ['Ensure this value is greater than or equal to 0.'],
                  zip_code: ['Enter a 5-digit US zip code.'],
                  contingency_percent: ['Ensure this value is less than or equal to 50.'],
                  description: ['Too long.'],
                },
              })
            : json(200, []),
        ),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<ProjectsPage />, { path: '/projects' });
    await screen.findByText('No projects yet');
    fireEvent.click(screen.getByRole('button', { name: 'Create New Project' }));
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-04-01' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Create Project' }).closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An error occurred while creating the project. Description: Too long.',
    );
    const budget = screen.getByLabelText('Budget ($)');
    expect(budget.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(budget.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Ensure this value is greater than or equal to 0.',
    );
    expect(screen.getByLabelText('Zip Code').getAttribute('aria-invalid')).toBe('true');
    // The contingency's message beside it, before its hint.
    const contingency = screen.getByLabelText('Contingency (%)');
    expect(contingency.getAttribute('aria-invalid')).toBe('true');
    expect(contingency.getAttribute('aria-describedby')).toBe('pf-contingency_percent-error pf-contingency-hint');
    expect(document.getElementById('pf-contingency_percent-error')?.textContent).toBe(
      'Ensure this value is less than or equal to 50.',
    );
    expect(screen.getByLabelText('Construction Loan ($)').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Project Name').getAttribute('aria-invalid')).toBeNull();
    // Focus goes to the first field the server named.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Zip Code')));
  });

  it('says the date range beside Start Date and End Date for five-digit years, without asking the server', async () => {
    tokens.set('A', 'R');
    const posted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (init?.method === 'POST') posted.push(url);
        return Promise.resolve(json(200, []));
      }),
    );
    renderWithProviders(<ProjectsPage />, { path: '/projects' });
    await screen.findByText('No projects yet');
    fireEvent.click(screen.getByRole('button', { name: 'Create New Project' }));
    // What date inputs hold once 01/01/10000 and 12/31/10000 are typed into them.
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '10000-01-01' } });
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '10000-12-31' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Create Project' }).closest('form')!);
    for (const label of ['Start Date', 'End Date']) {
      const input = screen.getByLabelText(label);
      await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
      expect(document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0])?.textContent).toBe(
        'Enter a date between 1900-01-01 and 2200-12-31.',
      );
    }
    expect(posted).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Start Date')));
  });

  it('creates no task list when the box is unticked, and says so when the list could not be added', async () => {
    tokens.set('A', 'R');
    const templated: string[] = [];
    const templateAnswer = json(400, {
      error: 'validation_error',
      message: 'x',
      fields: { project: ['There is no standard task list for this project.'] },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (url.endsWith('/tasks/template/')) {
          templated.push(url);
          return Promise.resolve(templateAnswer);
        }
        if (init?.method === 'POST') {
          const body = JSON.parse(init.body as string) as Record<string, unknown>;
          return Promise.resolve(json(201, { ...body, id: templated.length + 20, project_type_display: 'ADU' }));
        }
        return Promise.resolve(json(200, []));
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderWithProviders(<ProjectsPage />, { path: '/projects', routes: boardRoute });
    await screen.findByText('No projects yet');
    const fill = (name: string) => {
      fireEvent.click(screen.getByRole('button', { name: 'Create New Project' }));
      fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: name } });
      fireEvent.change(screen.getByLabelText('Project Type'), { target: { value: 'adu' } });
      fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-04-01' } });
    };
    fill('Studio');
    const box = screen.getByLabelText('Start from the standard task list');
    expect((box as HTMLInputElement).checked).toBe(true);
    fireEvent.click(box);
    fireEvent.submit(screen.getByRole('button', { name: 'Create Project' }).closest('form')!);
    await screen.findByRole('heading', { name: 'Board of project 20' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(templated).toEqual([]);

    await router.navigate('/projects');
    await screen.findByRole('button', { name: 'Create New Project' });
    fill('Garden Suite');
    fireEvent.submit(screen.getByRole('button', { name: 'Create Project' }).closest('form')!);
    // The board opens all the same, and says why it has no tasks.
    await screen.findByRole('heading', { name: 'Board of project 20' });
    expect(screen.getByRole('alert').textContent).toBe(
      'Your project was created without the standard task list: There is no standard task list for this project.',
    );
    expect(templated).toEqual(['/api/projects/20/tasks/template/']);
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

  it("offers each project's share links from its menu", async () => {
    tokens.set('A', 'R');
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          json(200, [
            { id: 4, name: 'Cabin', project_type: 'adu', project_type_display: 'ADU', zip_code: null, budget: 1 },
          ]),
        ),
      ),
    );
    const { router } = renderWithProviders(<ProjectsPage />, {
      path: '/projects',
      routes: [{ path: '/kanban/:projectId/share', element: <p>share page</p> }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Cabin' }));
    const share = screen.getByRole('menuitem', { name: 'Share…' });
    expect(share.getAttribute('href')).toBe('/kanban/4/share');
    // The first item takes the focus when the menu opens.
    await waitFor(() => expect(document.activeElement).toBe(share));
    fireEvent.click(share);
    await screen.findByText('share page');
    expect(router.state.location.pathname).toBe('/kanban/4/share');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
