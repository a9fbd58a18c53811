import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../lib/api-client';
import { AppForm, DateList, useAppForm } from '.';

interface Values {
  days: string[];
}

function DaysForm({ save, initial = [] }: { save: (v: Values) => unknown; initial?: string[] }) {
  const kit = useAppForm<Values>({ defaultValues: { days: initial }, fields: ['days'] });
  return (
    <AppForm kit={kit} onSubmit={async (v) => void (await save(v))}>
      <DateList id="d" name="days" legend="Non-working days" addLabel="Add a day off" empty="None yet." />
      <button type="submit">Save</button>
    </AppForm>
  );
}

describe('DateList', () => {
  it('adds days (button or Enter, which never submits), sorted and once each, and removes them', () => {
    const save = vi.fn();
    render(<DaysForm save={save} />);
    expect(screen.getByText('None yet.')).toBeTruthy();
    const box = screen.getByLabelText('Add a day off');
    fireEvent.change(box, { target: { value: '2026-12-25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.change(box, { target: { value: '2026-07-03' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(save).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: '2026-07-03' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const list = screen.getByRole('list', { name: 'Non-working days' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toMatch(/already listed/);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledWith({ days: ['2026-07-03', '2026-12-25'] });

    const removeButtons = within(list).getAllByRole('button', { name: /^Remove / });
    fireEvent.click(removeButtons[0]);
    expect(within(screen.getByRole('list', { name: 'Non-working days' })).getAllByRole('listitem')).toHaveLength(1);
    expect(document.activeElement).toBe(box);
  });

  it('says an empty box and a year the server refuses beside the box', () => {
    render(<DaysForm save={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('Choose a date to add.')).toBeTruthy();
    const box = screen.getByLabelText('Add a day off');
    fireEvent.change(box, { target: { value: '10000-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('Enter a date between 1900-01-01 and 2200-12-31.')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the server's messages for the list under it, the group marked in error", async () => {
    const save = vi.fn(() =>
      Promise.reject(new ApiError(400, 'validation_error', 'Invalid input', { days: ['Enter dates as YYYY-MM-DD.'] })),
    );
    render(<DaysForm save={save} initial={['2026-01-01']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter dates as YYYY-MM-DD.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('group').getAttribute('data-invalid')).toBe('true'));
  });
});
