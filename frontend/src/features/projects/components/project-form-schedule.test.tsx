import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ProjectForm } from './project-form';

// Issue 33: the project's work week, non-working days and monthly carrying cost.

const fill = () => {
  fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: 'Lake house' } });
  fireEvent.change(screen.getByLabelText('Zip Code'), { target: { value: '78701' } });
  fireEvent.change(screen.getByLabelText('Project Type'), { target: { value: 'adu' } });
  fireEvent.change(screen.getByLabelText('Square Footage'), { target: { value: '600' } });
  fireEvent.change(screen.getByLabelText('Budget ($)'), { target: { value: '90000' } });
  fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-03-01' } });
  fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2026-12-01' } });
  fireEvent.click(screen.getByLabelText("No, I'm hiring a general contractor"));
};

describe('ProjectForm, schedule settings', () => {
  it('starts with Monday to Friday and sends the days off and carrying cost', async () => {
    const onSubmit = vi.fn(() => Promise.resolve(true));
    render(<ProjectForm onSubmit={onSubmit} error="" busy={false} />);
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) {
      expect(screen.getByLabelText<HTMLInputElement>(day).checked).toBe(true);
    }
    expect(screen.getByLabelText<HTMLInputElement>('Sat').checked).toBe(false);
    fill();
    fireEvent.change(screen.getByLabelText('Add a day off'), { target: { value: '2026-07-03' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.change(screen.getByLabelText('Monthly carrying cost'), { target: { value: '4500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Project' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        work_week: ['mon', 'tue', 'wed', 'thu', 'fri'],
        non_working_days: ['2026-07-03'],
        monthly_carrying_cost: '4500',
      }),
    );
  });

  it('refuses an empty work week, beside the boxes', async () => {
    const onSubmit = vi.fn(() => Promise.resolve(true));
    render(<ProjectForm onSubmit={onSubmit} error="" busy={false} />);
    fill();
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) fireEvent.click(screen.getByLabelText(day));
    fireEvent.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Choose at least one working day.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Mon')));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
