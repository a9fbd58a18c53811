import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ProjectForm } from './project-form';

const fill = () => {
  fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: 'Lake house' } });
  fireEvent.change(screen.getByLabelText('Zip Code'), { target: { value: '78701' } });
  fireEvent.change(screen.getByLabelText('Project Type'), { target: { value: 'adu' } });
  fireEvent.change(screen.getByLabelText('Square Footage'), { target: { value: '600' } });
  fireEvent.change(screen.getByLabelText('Budget ($)'), { target: { value: '90000' } });
  fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2026-12-01' } });
  fireEvent.click(screen.getByLabelText("No, I'm hiring a general contractor"));
};

describe('ProjectForm', () => {
  it('marks every required field, both dates included', () => {
    render(<ProjectForm onSubmit={vi.fn()} error="" busy={false} />);
    expect(screen.getByText('required').closest('.required-note')).not.toBeNull();
    for (const label of ['Project Name', 'Zip Code', 'Project Type', 'Square Footage', 'Budget ($)']) {
      expect(screen.getByLabelText(label).hasAttribute('required')).toBe(true);
      expect(screen.getByText(label).classList.contains('required')).toBe(true);
    }
    for (const label of ['Start Date', 'End Date']) {
      expect(screen.getByLabelText(label).hasAttribute('required')).toBe(true);
      expect(screen.getByText(label).classList.contains('required')).toBe(true);
    }
    expect(screen.getByLabelText('Construction Loan ($)').hasAttribute('required')).toBe(false);
  });

  it('without a start date: the spec message beside the start date, which takes focus; nothing is sent', async () => {
    const onSubmit = vi.fn(() => Promise.resolve(true));
    render(<ProjectForm onSubmit={onSubmit} error="" busy={false} />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Create Project' }));
    const start = screen.getByLabelText('Start Date');
    await waitFor(() => expect(document.activeElement).toBe(start));
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(start.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please provide a project start date.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("puts the page's field-less messages beside their field and the server's per field, focusing the first", async () => {
    const { rerender } = render(
      <ProjectForm onSubmit={vi.fn()} error="Please provide a project start date." busy={false} />,
    );
    expect(document.getElementById('pf-start_date-error')?.textContent).toBe('Please provide a project start date.');
    expect(screen.queryByRole('alert')).toBeNull();

    const onSubmit = vi.fn(() => Promise.resolve(false));
    rerender(
      <ProjectForm
        onSubmit={onSubmit}
        error=""
        fieldErrors={{ budget: ['Ensure this value is greater than or equal to 0.'], zip_code: ['Enter a zip code.'] }}
        busy={false}
      />,
    );
    fill();
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-04-01' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Create Project' }).closest('form')!);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Zip Code')));
    expect(document.getElementById('pf-zip_code-error')?.textContent).toBe('Enter a zip code.');
    expect(screen.getByLabelText('Budget ($)').getAttribute('aria-describedby')).toBe('pf-budget-error');
  });
});
