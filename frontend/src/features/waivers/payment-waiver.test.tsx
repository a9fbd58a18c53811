import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { renderWithProviders } from '../../testing/render';
import { PaymentWaiver, WaiverBadge } from './payment-waiver';
import { json, payment, stubServer, waiver } from './test-fixtures';
import type { WaiverPayment } from './types';

const WAIVERS = 'GET /api/projects/3/lien-waivers/';

function renderWaiver(p: WaiverPayment) {
  const onChanged = vi.fn();
  const view = renderWithProviders(<PaymentWaiver projectId={3} payment={p} onChanged={onChanged} />);
  return { onChanged, ...view };
}

afterEach(() => vi.unstubAllGlobals());

describe('WaiverBadge', () => {
  it('says each status in words, and nothing for a payment that needs no waiver', () => {
    const { container, rerender } = render(<WaiverBadge status="missing" />);
    expect(container.textContent).toBe('Waiver missing');
    rerender(<WaiverBadge status="requested" />);
    expect(container.textContent).toBe('Waiver requested');
    rerender(<WaiverBadge status="received" />);
    expect(container.textContent).toBe('Waiver received');
    rerender(<WaiverBadge status="not_needed" />);
    expect(container.textContent).toBe('');
    rerender(<WaiverBadge status={undefined} />);
    expect(container.textContent).toBe('');
  });
});

describe('PaymentWaiver', () => {
  it('shows nothing, and asks nothing, for a payment that needs no waiver', () => {
    const calls = stubServer({});
    const { container } = renderWaiver(payment({ waiver_status: 'not_needed' }));
    expect(container.textContent).toBe('');
    expect(calls).toEqual([]);
  });

  it('requests the waiver of a payment that misses one, then refreshes the payments and draws', async () => {
    const calls = stubServer({
      [WAIVERS]: json(200, []),
      'POST /api/lien-waivers/': (body) => json(201, waiver(body as object)),
    });
    const { onChanged, container } = renderWaiver(payment());
    expect(screen.getByText('Waiver missing')).toBeTruthy();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
    fireEvent.click(
      screen.getByRole('button', { name: /^Request waiver: the payment of \$2,000\.00 to Acme Framing/ }),
    );
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls.find((c) => c.key === 'POST /api/lien-waivers/')?.body).toEqual({
      project: 3,
      contractor: 1,
      payment: 30,
      kind: 'unconditional_progress',
      amount: 2000,
      through_date: '2026-11-20',
      status: 'requested',
    });
    expect(screen.getByRole('status').textContent).toBe(
      'Marked as requested from Acme Framing for $2,000.00. Send them your lien waiver form to sign.',
    );
  });

  it('marks the requested waiver of the payment received', async () => {
    const calls = stubServer({
      [WAIVERS]: json(200, [waiver({ id: 9, contractor: 2 }), waiver({ id: 5 })]),
      'PATCH /api/lien-waivers/5/': json(200, waiver({ status: 'received', received_on: '2026-11-27' })),
    });
    const { onChanged } = renderWaiver(payment({ waiver_status: 'requested' }));
    expect(screen.getByText('Waiver requested')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Request waiver/ })).toBeNull();
    const mark = screen.getByRole('button', { name: /^Mark received/ });
    await waitFor(() => expect(mark.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(mark);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls.find((c) => c.key === 'PATCH /api/lien-waivers/5/')?.body).toEqual({ status: 'received' });
  });

  it('marks a missing waiver received by recording a received one for the payment', async () => {
    const calls = stubServer({
      [WAIVERS]: json(200, []),
      'POST /api/lien-waivers/': (body) => json(201, waiver(body as object)),
    });
    renderWaiver(payment());
    fireEvent.click(screen.getByRole('button', { name: /^Mark received/ }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/lien-waivers/')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/lien-waivers/')?.body).toMatchObject({
      payment: 30,
      status: 'received',
    });
  });

  it("attaches the signed PDF, one of the task's documents, and marks the waiver received", async () => {
    const calls = stubServer({
      [WAIVERS]: json(200, [waiver({ id: 5 })]),
      'GET /api/documents/?task=12': json(200, [{ id: 41, name: 'acme-waiver.pdf', file: '/f/acme-waiver.pdf' }]),
      'PATCH /api/lien-waivers/5/': (body) => json(200, waiver({ ...(body as object) })),
    });
    const { onChanged } = renderWaiver(payment({ waiver_status: 'requested' }));
    const attach = screen.getByRole('button', { name: /^Attach signed PDF/ });
    await waitFor(() => expect(attach.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(attach);
    const dialog = await screen.findByRole('dialog', { name: 'Attach the signed waiver' });
    const doc = within(dialog).getByLabelText(/^Signed waiver/);
    await waitFor(() => expect(within(doc).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(doc, { target: { value: '41' } });
    fireEvent.change(within(dialog).getByLabelText(/^Received on/), { target: { value: '2026-11-26' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attach and mark received' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.key === 'PATCH /api/lien-waivers/5/')?.body).toEqual({
      document: 41,
      status: 'received',
      received_on: '2026-11-26',
    });
    expect(onChanged).toHaveBeenCalled();
  });

  it("offers the task's documents but not its payments' receipts, waivers first", async () => {
    stubServer({
      [WAIVERS]: json(200, [waiver({ id: 5 })]),
      'GET /api/documents/?task=12': json(200, [
        { id: 40, name: 'invoice-1182.pdf', file: '/f/invoice-1182.pdf' },
        { id: 42, name: 'site-photo.jpg', file: '/f/site-photo.jpg' },
        { id: 41, name: 'acme-lien-waiver.pdf', file: '/f/acme-lien-waiver.pdf' },
      ]),
      'GET /api/tasks/12/payments/': json(200, [{ ...payment(), receipt: 40 }]),
    });
    renderWaiver(payment({ waiver_status: 'requested' }));
    const attach = screen.getByRole('button', { name: /^Attach signed PDF/ });
    await waitFor(() => expect(attach.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(attach);
    const dialog = await screen.findByRole('dialog', { name: 'Attach the signed waiver' });
    const doc = within(dialog).getByLabelText(/^Signed waiver/);
    await waitFor(() =>
      expect(
        within(doc)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a document', 'acme-lien-waiver.pdf', 'site-photo.jpg']),
    );
    expect(within(dialog).getByText(/Upload the signed waiver/)).toBeTruthy();
  });

  it('asks for the document before it attaches anything', async () => {
    const calls = stubServer({ [WAIVERS]: json(200, []), 'GET /api/documents/?task=12': json(200, []) });
    renderWaiver(payment());
    fireEvent.click(screen.getByRole('button', { name: /^Attach signed PDF/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attach and mark received' }));
    expect(await within(dialog).findByText('Choose the signed waiver, or upload it.')).toBeTruthy();
    expect(calls.some((c) => c.key.startsWith('POST') || c.key.startsWith('PATCH'))).toBe(false);
  });

  it('links the signed waiver of a covered payment, without actions', async () => {
    stubServer({
      [WAIVERS]: json(200, [waiver({ status: 'received', received_on: '2026-11-26', document: 41 })]),
      'GET /api/documents/41/': json(200, {
        id: 41,
        task: 12,
        name: 'acme-waiver.pdf',
        file: '/api/documents/41/download/?expires=1&signature=x',
        content_type: 'application/pdf',
        size: 10,
        uploaded_at: '2026-11-26T10:00:00Z',
      }),
    });
    renderWaiver(payment({ waiver_status: 'received' }));
    expect(screen.getByText('Waiver received')).toBeTruthy();
    const link = await screen.findByRole('link', { name: /acme-waiver\.pdf/ });
    expect(link.getAttribute('href')).toBe('/api/documents/41/download/?expires=1&signature=x');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("says the server's reason when a request is refused", async () => {
    stubServer({
      [WAIVERS]: json(200, []),
      'POST /api/lien-waivers/': json(400, {
        error: 'validation_error',
        message: 'Choose a payment to this contractor.',
        fields: { payment: ['Choose a payment to this contractor.'] },
      }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWaiver(payment());
    fireEvent.click(screen.getByRole('button', { name: /^Request waiver/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a payment to this contractor.');
  });
});
