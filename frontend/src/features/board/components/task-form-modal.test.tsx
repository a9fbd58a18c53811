import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { tokens } from '../../../lib/auth-store';
import { renderWithProviders } from '../../../testing/render';
import type { Task } from '../types';
import { TaskFormModal } from './task-form-modal';

const kitchen: Task = {
  id: 9,
  project: 1,
  title: 'Kitchen Remodel',
  description: '',
  status: 'To Do',
  material_quality: 'standard',
  actual_cost: null,
  due_date: null,
  position: 0,
  actual_cost_per_sqft: null,
  regional_average_cost_per_sqft: 30.357433333333333,
  predicted_cost: 72857.84,
  predicted_cost_low: 54643.38,
  predicted_cost_high: 108634.68,
  pricing: 'per_job',
  committed_cost: null,
  bid_count: 0,
  lowest_bid: null,
  paid_to_date: 0,
  payment_count: 0,
  change_order_total: 0,
};

function open(task: Task, ratio: number | null) {
  tokens.set('A', 'R');
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }))),
  );
  renderWithProviders(
    <TaskFormModal
      projectId={1}
      task={task}
      squareFootage={2400}
      ratio={ratio}
      onClose={() => {}}
      onBanner={() => {}}
      onDelete={() => {}}
    />,
  );
}

describe('the task form’s prediction (issue 20)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives the range, how the job is priced, the calibrated figure and the sources', async () => {
    open(kitchen, 1.2);
    const predicted = await screen.findByTestId('form-predicted');
    expect(predicted.textContent).toBe(
      'Predicted: $72,857.84 (54,643–108,635), likely $54,643 to $108,635, priced per job',
    );
    // 72,857.84 x 1.2 = 87,429.408 -> 87,429.41; 54,643.38 x 1.2 = 65,572.056; 108,634.68 x 1.2 = 130,361.616.
    expect(screen.getByTestId('form-calibrated').textContent).toBe(
      'Calibrated to your prices: $87,429.41 (65,572–130,362), likely $65,572 to $130,362',
    );
    const sources = screen.getByRole('link', { name: /^Sources/ });
    expect(sources.getAttribute('href')).toBe('/cost-sources');
    expect(sources.getAttribute('target')).toBe('_blank');
    // The hint describes the Your Cost box.
    expect(screen.getByLabelText('Your Cost').getAttribute('aria-describedby')).toBe('tf-cost-hint');
  });

  it('has no calibrated figure once the task has a price, or with calibration off', async () => {
    open({ ...kitchen, committed_cost: 80000, pricing: 'per_sqft' }, 1.2);
    expect((await screen.findByTestId('form-predicted')).textContent).toContain(', per sq\u00a0ft');
    expect(screen.queryByTestId('form-calibrated')).toBeNull();
  });
});
