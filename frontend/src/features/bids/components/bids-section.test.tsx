import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { tokens } from '../../../lib/auth-store';
import type { Bid, BidDocument, Contractor } from '../types';
import { BidsSection } from './bids-section';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const acme: Contractor = {
  id: 1,
  name: 'Acme Framing',
  trade: 'Framing',
  phone: '',
  email: '',
  license_number: '',
  insurance_expires: null,
  notes: '',
};

const bid = (over: Partial<Bid>): Bid => ({
  id: 10,
  task: 5,
  contractor: { id: 1, name: 'Acme Framing' },
  amount: 38000,
  notes: '',
  received_on: null,
  valid_until: null,
  document: null,
  status: 'pending',
  ...over,
});

const pdf: BidDocument = {
  id: 77,
  name: 'acme-quote.pdf',
  file: '/api/documents/77/download/?expires=1&signature=x',
  content_type: 'application/pdf',
  size: 1200,
} as BidDocument;

type Handler = (body: unknown) => Response;

/** fetch answered by "METHOD path" (the body parsed), and a record of the calls. */
function stubServer(routes: Record<string, Handler | Response>) {
  const calls: { key: string; body: unknown }[] = [];
  const fetch = vi.fn((url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ key, body });
    const route = routes[key];
    if (!route) return Promise.resolve(json(500, { error: 'unexpected', message: key }));
    return Promise.resolve(typeof route === 'function' ? route(body) : route.clone());
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

function render(
  onBidsChanged = vi.fn(),
  onTaskSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault()),
) {
  tokens.set('A1', 'R1');
  // Inside a form, as in the task modal: nothing here may submit it.
  renderWithProviders(
    <form onSubmit={onTaskSubmit}>
      <BidsSection projectId={3} taskId={5} documents={[pdf]} onBidsChanged={onBidsChanged} />
    </form>,
  );
  return { onBidsChanged, onTaskSubmit };
}

describe('BidsSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the task's bids with their status, dates, notes, PDF and the committed cost", async () => {
    stubServer({
      'GET /api/tasks/5/bids/': json(200, [
        bid({ status: 'awarded', document: 77, notes: 'Lumber and labour', received_on: '2026-02-01' }),
        bid({ id: 11, contractor: { id: 2, name: 'Birch Builders' }, amount: 45000, status: 'declined' }),
      ]),
    });
    render();
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('Acme Framing');
    expect(rows[0].textContent).toContain('$38,000.00');
    expect(rows[0].textContent).toContain('Awarded');
    expect(rows[0].textContent).toContain('Lowest');
    expect(rows[0].textContent).toContain('Lumber and labour');
    expect(
      within(rows[0])
        .getByRole('link', { name: /Bid PDF: acme-quote\.pdf/ })
        .getAttribute('href'),
    ).toBe(pdf.file);
    expect(rows[1].textContent).toContain('Declined');
    expect(screen.getByTestId('bids-committed').textContent).toContain('Committed: $38,000.00');
    expect(screen.getByRole('button', { name: 'Withdraw the award to Acme Framing' })).toBeTruthy();
  });

  it("adds a bid for a contractor created on the spot in the project's roster, with the PDF, without submitting the task form", async () => {
    const calls = stubServer({
      'GET /api/tasks/5/bids/': json(200, []),
      'GET /api/contractors/?project=3': json(200, [acme]),
      'POST /api/contractors/': (body) => json(201, { ...acme, id: 2, ...(body as object) }),
      'POST /api/bids/': (body) =>
        json(201, bid({ ...(body as Partial<Bid>), id: 12, contractor: { id: 2, name: 'Cedar & Sons' } })),
    });
    const { onBidsChanged, onTaskSubmit } = render();
    await screen.findByText(/No bids yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Add bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a bid' });
    const picker = within(dialog).getByLabelText(/Contractor/);
    await within(dialog).findByRole('option', { name: 'Acme Framing (Framing)' });
    fireEvent.change(picker, { target: { value: 'new' } });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: '  Cedar & Sons ' } });
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '$41,500' } });
    fireEvent.change(within(dialog).getByLabelText('Bid PDF'), { target: { value: '77' } });
    fireEvent.change(within(dialog).getByLabelText('Valid until'), { target: { value: '2026-06-30' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Add bid' }));

    await waitFor(() => expect(onBidsChanged).toHaveBeenCalled());
    expect(onTaskSubmit).not.toHaveBeenCalled();
    const posts = calls.filter((c) => c.key.startsWith('POST'));
    expect(posts.map((c) => c.key)).toEqual(['POST /api/contractors/', 'POST /api/bids/']);
    // Issue 35: the project's roster (its owner's) is read and added to, never the user's own.
    expect(posts[0].body).toEqual({ name: 'Cedar & Sons', trade: '', project: 3 });
    expect(calls.map((c) => c.key)).toContain('GET /api/contractors/?project=3');
    expect(calls.map((c) => c.key)).not.toContain('GET /api/contractors/');
    expect(posts[1].body).toEqual({
      task: 5,
      contractor: 2,
      amount: 41500,
      notes: '',
      received_on: null,
      valid_until: '2026-06-30',
      document: 77,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Bid of Cedar & Sons added.');
  });

  it("checks the form before sending and shows the server's field messages beside the fields", async () => {
    const calls = stubServer({
      'GET /api/tasks/5/bids/': json(200, []),
      'GET /api/contractors/?project=3': json(200, [acme]),
      'POST /api/bids/': json(400, {
        error: 'validation_error',
        message: 'amount: Ensure this value is less than or equal to 1000000000.',
        fields: { amount: ['Ensure this value is less than or equal to 1000000000.'] },
      }),
    });
    render();
    await screen.findByText(/No bids yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Add bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a bid' });
    await within(dialog).findByRole('option', { name: 'Acme Framing (Framing)' });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Add bid' }));

    const picker = within(dialog).getByLabelText(/Contractor/);
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('bid-contractor-error')?.textContent).toBe('Choose a contractor, or add a new one.');
    expect(document.getElementById('bid-amount-error')?.textContent).toBe('Enter the bid amount.');
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    fireEvent.change(picker, { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '9999999999' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Add bid' }));
    await waitFor(() =>
      expect(document.getElementById('bid-amount-error')?.textContent).toBe(
        'Ensure this value is less than or equal to 1000000000.',
      ),
    );
    expect(
      within(dialog)
        .getByLabelText(/Amount/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(within(dialog).queryByRole('alert')).toBeNull(); // every problem sits beside its field
  });

  it('awards a bid and tells the board to refresh its totals', async () => {
    let awarded = false;
    const calls = stubServer({
      'GET /api/tasks/5/bids/': () =>
        json(200, [
          bid({ status: awarded ? 'awarded' : 'pending' }),
          bid({
            id: 11,
            contractor: { id: 2, name: 'Birch Builders' },
            amount: 45000,
            status: awarded ? 'declined' : 'pending',
          }),
        ]),
      // Acme is not in the roster: no insurance date to check (award-check.test.tsx has those).
      'GET /api/contractors/?project=3': json(200, []),
      'POST /api/bids/10/award/': () => {
        awarded = true;
        return json(200, bid({ status: 'awarded' }));
      },
    });
    const { onBidsChanged } = render();
    fireEvent.click(await screen.findByRole('button', { name: 'Award the bid of Acme Framing, $38,000.00' }));
    await waitFor(() => expect(onBidsChanged).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => c.key)).toContain('POST /api/bids/10/award/');
    expect(await screen.findByTestId('bids-committed')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      "Awarded to Acme Framing. The task's committed cost is now $38,000.00; the other bids are declined.",
    );
  });

  it('says nothing of other bids when the only bid is awarded', async () => {
    let awarded = false;
    stubServer({
      'GET /api/tasks/5/bids/': () => json(200, [bid({ status: awarded ? 'awarded' : 'pending' })]),
      // Acme is not in the roster: no insurance date to check (award-check.test.tsx has those).
      'GET /api/contractors/?project=3': json(200, []),
      'POST /api/bids/10/award/': () => {
        awarded = true;
        return json(200, bid({ status: 'awarded' }));
      },
    });
    const { onBidsChanged } = render();
    fireEvent.click(await screen.findByRole('button', { name: 'Award the bid of Acme Framing, $38,000.00' }));
    await waitFor(() => expect(onBidsChanged).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status').textContent).toBe(
      "Awarded to Acme Framing. The task's committed cost is now $38,000.00.",
    );
  });

  it('deletes a bid after a confirmation', async () => {
    let gone = false;
    const calls = stubServer({
      'GET /api/tasks/5/bids/': () => json(200, gone ? [] : [bid({})]),
      'DELETE /api/bids/10/': () => {
        gone = true;
        return new Response(null, { status: 204 });
      },
    });
    const { onBidsChanged } = render();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the bid of Acme Framing' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this bid?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete bid' }));
    await screen.findByText(/No bids yet/);
    expect(calls.map((c) => c.key)).toContain('DELETE /api/bids/10/');
    expect(onBidsChanged).toHaveBeenCalled();
  });
});
