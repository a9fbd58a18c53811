import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CostEstimateForm } from './cost-estimate-form';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const answer = {
  state: 'TX',
  state_name: 'Texas',
  factor: 0.88,
  predicted_total: 341616,
  cost_per_sqft: 142.34,
  breakdown: [{ task: 'Framing', component: 'Framing > Framing', cost_per_sqft: 20, cost: 48000 }],
  sources: [
    {
      id: 'S4',
      title: 'GitHub repository WickboldtCapital/btr-engine, file config.py: a transcription',
      url: null,
    },
    { id: 'S22', title: 'Silver Elm Studio (architects), "How much will my project cost?"', url: 'https://silverelmstudio.com/x' },
  ],
};

describe('CostEstimateForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('flags a blank square footage beside the field and keeps the last estimate on screen', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(json(200, answer)));
    vi.stubGlobal('fetch', fetchMock);
    render(<CostEstimateForm />);
    fireEvent.change(screen.getByLabelText('Zip code'), { target: { value: '78701' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get my free estimate' }));
    expect((await screen.findByTestId('estimate-total')).textContent).toBe('$341,616');

    // Sources: publisher and title, never the repository.
    const result = screen.getByTestId('estimate-result');
    expect(result.textContent).not.toMatch(/GitHub|config\.py/);
    expect(screen.getByRole('link', { name: /How much will my project cost\?/ }).getAttribute('href')).toBe(
      'https://silverelmstudio.com/x',
    );
    expect(result.textContent).toContain('Silver Elm Studio (architects)');

    fireEvent.change(screen.getByLabelText('Square footage'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get my free estimate' }));
    const sqft = screen.getByLabelText('Square footage');
    expect(sqft.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('estimate-sqft-error').textContent).toBe('Enter the square footage.');
    expect(sqft.getAttribute('aria-describedby')).toContain('est-sqft-error');
    expect(document.activeElement).toBe(sqft);
    expect(fetchMock).toHaveBeenCalledTimes(1); // nothing sent for a blank field
    expect(screen.getByTestId('estimate-total').textContent).toBe('$341,616');
    expect(screen.getByTestId('estimate-previous').textContent).toContain('2,400 sq ft');

    // Typing in the field clears its message.
    fireEvent.change(sqft, { target: { value: '2000' } });
    expect(screen.queryByTestId('estimate-sqft-error')).toBeNull();
  });

  it("turns the server's field messages into human ones beside the fields", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          json(400, {
            error: 'validation_error',
            message: 'zip_code: must be a 5-digit US ZIP code',
            fields: { zip_code: ['must be a 5-digit US ZIP code'] },
          }),
        ),
      ),
    );
    render(<CostEstimateForm />);
    fireEvent.change(screen.getByLabelText('Zip code'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get my free estimate' }));
    expect((await screen.findByTestId('estimate-zip-error')).textContent).toBe('Enter a 5-digit zip code, like 78701.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Zip code')));
    expect(screen.queryByTestId('estimate-error')).toBeNull();
    expect(document.body.textContent).not.toContain('zip_code');
  });
});
