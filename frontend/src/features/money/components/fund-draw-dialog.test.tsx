import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { drawFixture } from '../test-fixtures';
import { FundDrawDialog } from './draw-dialogs';

// "Mark funded" starts from what the lender releases: the draw's net of retainage (the server's
// default too, docs/money.md), and says why it is below the request.
describe('FundDrawDialog', () => {
  it('pre-fills the net of retainage and says what the lender holds back', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(
      <FundDrawDialog draw={drawFixture({ status: 'submitted' })} onClose={() => {}} onSave={onSave} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mark draw 2 funded' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Funded amount ($)').value).toBe('11875');
    expect(
      within(dialog).getByText(
        'The draw asked for $12,500.00; the lender holds back $625.00 retainage (5%), so it releases $11,875.00.',
      ),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Funded on'), { target: { value: '2026-04-02' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark funded' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(11875, '2026-04-02', undefined));
  });

  it('without retainage starts from the request', async () => {
    const draw = drawFixture({ status: 'submitted', retainage_total: 0, net_total: 12500, retainage_percent: 0 });
    renderWithProviders(<FundDrawDialog draw={draw} onClose={() => {}} onSave={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Mark draw 2 funded' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Funded amount ($)').value).toBe('12500');
    expect(within(dialog).getByText('The draw asked for $12,500.00.')).toBeTruthy();
  });
});
