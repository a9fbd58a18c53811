import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { tokens } from '../../../lib/auth-store';
import { ProjectForm } from './project-form';
import { ProjectsPage } from './projects-page';

// Issue 34: the property and the loan in the project form and in the "Property and loan" dialog.

const LABELS = ['Property address', 'Lender', 'Loan number', 'Retainage (%)', 'Lien waiver needed above ($)'];

const fill = () => {
  fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: 'Elm St' } });
  fireEvent.change(screen.getByLabelText('Zip Code'), { target: { value: '78701' } });
  fireEvent.change(screen.getByLabelText('Project Type'), { target: { value: 'adu' } });
  fireEvent.change(screen.getByLabelText('Square Footage'), { target: { value: '600' } });
  fireEvent.change(screen.getByLabelText('Budget ($)'), { target: { value: '90000' } });
  fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-04-01' } });
  fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2026-12-01' } });
  fireEvent.click(screen.getByLabelText("No, I'm hiring a general contractor"));
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const project = {
  id: 4,
  name: 'Elm St',
  zip_code: '78701',
  project_type: 'adu',
  project_type_display: 'ADU',
  square_footage: 600,
  budget: 90000,
  address: '12 Elm St, Austin, TX 78701',
  lender_name: 'First Community Bank',
  loan_number: 'CL-7',
  retainage_percent: 7.5,
  waiver_threshold: 1000.5,
};

describe('Project form: property and loan', () => {
  it('has the five fields, optional, each with a hint, and the defaults: no retainage, waivers above $500', () => {
    render(<ProjectForm onSubmit={vi.fn()} error="" busy={false} />);
    const group = within(screen.getByRole('group', { name: 'Property and loan' }));
    for (const label of LABELS) {
      const input = group.getByLabelText(label);
      expect(input.hasAttribute('required')).toBe(false);
      const hint = document.getElementById(input.getAttribute('aria-describedby')!);
      expect(hint?.textContent?.length, label).toBeGreaterThan(10);
    }
    expect(group.getByLabelText<HTMLInputElement>('Retainage (%)').value).toBe('0');
    expect(group.getByLabelText<HTMLInputElement>('Lien waiver needed above ($)').value).toBe('500');
    expect(group.getByLabelText('Property address').getAttribute('maxlength')).toBe('200');
  });

  it('sends them trimmed as numbers, and checks the percent and the amount first', async () => {
    const onSubmit = vi.fn(() => Promise.resolve(true));
    render(<ProjectForm onSubmit={onSubmit} error="" busy={false} />);
    fill();
    fireEvent.change(screen.getByLabelText('Property address'), { target: { value: ' 12 Elm St ' } });
    fireEvent.change(screen.getByLabelText('Retainage (%)'), { target: { value: '25' } });
    fireEvent.change(screen.getByLabelText('Lien waiver needed above ($)'), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Project' }));
    const retainage = screen.getByLabelText('Retainage (%)');
    await waitFor(() => expect(document.activeElement).toBe(retainage));
    expect(document.getElementById('pf-retainage_percent-error')?.textContent).toBe('Retainage can be at most 20%.');
    expect(document.getElementById('pf-waiver_threshold-error')?.textContent).toBe(
      'The amount cannot be negative. Use 0 for every payment.',
    );
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(retainage, { target: { value: '7.25' } });
    fireEvent.change(screen.getByLabelText('Lien waiver needed above ($)'), { target: { value: '$1,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Project' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toMatchObject([
      { address: ' 12 Elm St ', retainage_percent: '7.25', waiver_threshold: '$1,000' },
    ]);
  });

  it("shows the server's messages beside the five fields", () => {
    const server = {
      address: ['Ensure this field has no more than 200 characters.'],
      lender_name: ['Ensure this field has no more than 120 characters.'],
      loan_number: ['Ensure this field has no more than 60 characters.'],
      retainage_percent: ['Ensure this value is less than or equal to 20.'],
      waiver_threshold: ['Ensure that there are no more than 2 decimal places.'],
    };
    render(<ProjectForm onSubmit={vi.fn()} error="" fieldErrors={server} busy={false} />);
    for (const [field, [message]] of Object.entries(server)) {
      expect(document.getElementById(`pf-${field}-error`)?.textContent).toBe(message);
      expect(document.getElementById(`pf-${field}`)?.getAttribute('aria-invalid')).toBe('true');
    }
  });
});

describe('Property and loan dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("opens from the project's menu with its values, shows the server's refusal per field, then saves", async () => {
    tokens.set('A', 'R');
    const patches: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit = {}) => {
        if (init.method === 'PATCH') {
          const body = JSON.parse(init.body as string) as Record<string, unknown>;
          patches.push(body);
          if (patches.length === 1) {
            return Promise.resolve(
              json(400, {
                error: 'validation_error',
                message: 'loan_number: Ensure this field has no more than 60 characters.',
                fields: { loan_number: ['Ensure this field has no more than 60 characters.'] },
              }),
            );
          }
          return Promise.resolve(json(200, { ...project, ...body }));
        }
        return Promise.resolve(json(200, [project]));
      }),
    );
    renderWithProviders(<ProjectsPage />, { path: '/projects' });
    await screen.findByText('Elm St');
    expect(screen.getByText('12 Elm St, Austin, TX 78701')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Elm St' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Property and loan…' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByLabelText<HTMLInputElement>('Property address').value).toBe('12 Elm St, Austin, TX 78701');
    expect(dialog.getByLabelText<HTMLInputElement>('Lender').value).toBe('First Community Bank');
    expect(dialog.getByLabelText<HTMLInputElement>('Retainage (%)').value).toBe('7.5');
    expect(dialog.getByLabelText<HTMLInputElement>('Lien waiver needed above ($)').value).toBe('1000.50');

    fireEvent.change(dialog.getByLabelText('Property address'), { target: { value: '14 Elm St ' } });
    fireEvent.change(dialog.getByLabelText('Loan number'), { target: { value: 'x'.repeat(60) } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    const message = await dialog.findByText('Ensure this field has no more than 60 characters.');
    expect(message.id).toBe('pl-loan_number-error');
    expect(dialog.getByLabelText('Loan number').getAttribute('aria-invalid')).toBe('true');
    expect(patches[0]).toEqual({
      address: '14 Elm St',
      lender_name: 'First Community Bank',
      loan_number: 'x'.repeat(60),
      retainage_percent: 7.5,
      waiver_threshold: 1000.5,
    });

    fireEvent.change(dialog.getByLabelText('Loan number'), { target: { value: 'CL-8' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches[1]).toMatchObject({ address: '14 Elm St', loan_number: 'CL-8' });
    expect(await screen.findByText('14 Elm St')).toBeTruthy();
  });
});
