import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { fullSharedFixture, sharedFixture, TOKEN } from '../../features/shares/test-fixtures';
import SharedProjectRoute from './shared-project';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function open(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(json(body))),
  );
  renderWithProviders(<SharedProjectRoute />, { path: '/share/:token', url: `/share/${TOKEN}` });
}

const predictedOf = (column: RegExp) =>
  within(screen.getByRole('region', { name: column })).getByTestId('shared-task-predicted').textContent;

describe('the share page predicts each task by the board’s rule (docs/money.md)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('calibrated to the whole dollar when the project uses its calibration, a fee at its price', async () => {
    open(fullSharedFixture);
    await screen.findByRole('heading', { name: 'Willow Creek House', level: 1 });
    // Roofing: 31,000 x 1.2 = 37,200 (26,000 -> 31,200; 37,000 -> 44,400); permits: a fee.
    expect(predictedOf(/^To Do/)).toBe('$37,200 (calibrated) (31,200–44,400), likely $31,200 to $44,400');
    expect(predictedOf(/^Paid/)).toBe('$2,401 (fee)');
  });

  it('regional when the project does not use it', async () => {
    open({
      ...fullSharedFixture,
      summary: { ...fullSharedFixture.summary, use_calibration: false },
    });
    await screen.findByRole('heading', { name: 'Willow Creek House', level: 1 });
    expect(predictedOf(/^To Do/)).toBe('$31,000 (26,000–37,000), likely $26,000 to $37,000');
  });

  it('regional without a ratio', async () => {
    open(sharedFixture);
    await screen.findByRole('heading', { name: 'Willow Creek House', level: 1 });
    expect(predictedOf(/^To Do/)).toBe('$31,000 (26,000–37,000), likely $26,000 to $37,000');
  });
});
