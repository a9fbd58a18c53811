import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import axe from 'axe-core';
import { renderWithProviders } from '../../../testing/render';
import { setOfflineTaskWriter, type OfflineTaskWriter } from '../api';
import { PaidModal } from './paid-modal';

const task = { id: 3, title: 'Roofing', payments_total: 1000, paid_to_date: 1000, payment_count: 0 };

function open(initialValue: string) {
  const onSave = vi.fn();
  const view = renderWithProviders(
    <PaidModal
      task={task}
      initialValue={initialValue}
      description="What did this task cost?"
      onSave={onSave}
      onCancel={() => {}}
    />,
  );
  return { ...view, onSave };
}

describe('the Paid dialog', () => {
  afterEach(() => setOfflineTaskWriter(null));

  it('offers, ticked, to record the difference above the payments, and sends it with the cost', async () => {
    const { container, onSave } = open('1000');
    expect(screen.queryByTestId('record-difference')).toBeNull(); // the payments are the cost
    fireEvent.change(screen.getByLabelText('Actual Cost'), { target: { value: '1250.5' } });
    const record = screen.getByRole<HTMLInputElement>('checkbox', {
      name: /^Record the \$250\.50 difference as a payment dated today/,
    });
    expect(record.checked).toBe(true);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(1250.5, 250.5);
  });

  it('sends no payment when unticked, or below the payments', () => {
    const { onSave } = open('1500');
    fireEvent.click(screen.getByRole('checkbox', { name: /^Record the \$500\.00/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith(1500, null);
    fireEvent.change(screen.getByLabelText('Actual Cost'), { target: { value: '900' } });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('offline, says to record the payment later instead of offering it (payments are not queued)', () => {
    setOfflineTaskWriter({ offline: () => true } as unknown as OfflineTaskWriter);
    const { onSave } = open('1500');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByTestId('record-difference-offline').textContent).toContain(
      "once back online, record the $500.00 difference under the task's Payments",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(1500, null);
  });
});
