import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { tokens } from '../../../lib/auth-store';
import { EditAccess } from '../../../lib/edit-access';
import { createdFixture, createdListed, shareFixture, TOKEN } from '../test-fixtures';
import type { Share } from '../types';
import { ShareLinksPage } from './share-links-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A server with the project's links in memory; records every call. */
function stubServer(initial: Share[], create: (body: Record<string, unknown>) => Response) {
  let list = [...initial];
  const calls: { key: string; body?: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ key, body });
      if (key === 'GET /api/projects/3/shares/') return Promise.resolve(json(200, list));
      if (key === 'POST /api/shares/') {
        const res = create(body ?? {});
        if (res.status === 201) {
          list = [...list, createdListed];
        }
        return Promise.resolve(res);
      }
      const revoke = /^DELETE \/api\/shares\/(\d+)\/$/.exec(key);
      if (revoke) {
        list = list.filter((s) => s.id !== Number(revoke[1]));
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      return Promise.resolve(json(500, { error: 'unexpected', message: key }));
    }),
  );
  return calls;
}

const render = () =>
  renderWithProviders(<ShareLinksPage projectId={3} projectName="Willow Creek House" />, {
    path: '/kanban/:projectId/share',
    url: '/kanban/3/share',
  });

describe('ShareLinksPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('creates a link and shows its address once, with Copy and ways to send it', async () => {
    tokens.set('A', 'R');
    const calls = stubServer([shareFixture], () => json(201, createdFixture));
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render();
    expect(screen.getByRole('heading', { name: 'Share this project', level: 1 })).toBeTruthy();
    const list = await screen.findByTestId('share-list');
    expect(within(list).getByText('Bank')).toBeTruthy();
    expect(within(list).getByText('No end date')).toBeTruthy();
    expect(within(list).getByTestId('share-included').textContent).toBe('Budget and board only');

    const label = screen.getByLabelText(/^Label/);
    expect(label.getAttribute('placeholder')).toBe('Bank, Sam…');
    const until = screen.getByLabelText('Link works until (optional)');
    expect(until.getAttribute('type')).toBe('date');
    expect(until.getAttribute('min')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    fireEvent.change(label, { target: { value: '  Sam ' } });
    fireEvent.change(until, { target: { value: '2099-12-31' } });
    // Bids, payments and documents are each left out until ticked.
    for (const name of ['Include bids', 'Include payments', 'Include documents']) {
      expect(screen.getByLabelText<HTMLInputElement>(name).checked).toBe(false);
    }
    expect(screen.getByLabelText('Include bids').getAttribute('aria-describedby')).toBe('share-bids-hint');
    fireEvent.click(screen.getByLabelText('Include documents'));
    fireEvent.click(screen.getByLabelText('Include bids'));
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));

    const panel = await screen.findByTestId('share-created');
    expect(calls.find((c) => c.key === 'POST /api/shares/')?.body).toEqual({
      project: 3,
      label: 'Sam',
      expires_on: '2099-12-31',
      include_documents: true,
      include_bids: true,
      include_payments: false,
      include_draws: false,
    });
    const url = within(panel).getByLabelText<HTMLInputElement>('Link for Sam');
    expect(url.value).toBe(createdFixture.url);
    expect(url.readOnly).toBe(true);
    expect(within(panel).getByTestId('share-once').textContent).toBe(
      'Copy it now: for your security we show it only once.',
    );
    expect(within(panel).getByRole('link', { name: 'Email' }).getAttribute('href')).toMatch(/^mailto:\?subject=/);
    expect(
      decodeURIComponent(within(panel).getByRole('link', { name: 'Text message' }).getAttribute('href')!),
    ).toContain(createdFixture.url);
    // The form empties for the next link.
    expect(screen.getByLabelText<HTMLInputElement>(/^Label/).value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Include bids').checked).toBe(false);

    fireEvent.click(within(panel).getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(createdFixture.url));
    expect((await within(panel).findByTestId('share-copy-status')).textContent).toBe(
      'Copied. Paste it into a text or an email.',
    );

    // The list shows the new link, never its token.
    await waitFor(() => expect(within(screen.getByTestId('share-list')).getByText('Sam')).toBeTruthy());
    const sam = screen.getByTestId('share-list').querySelector('[data-share-id="5"]') as HTMLElement;
    expect(within(sam).getByTestId('share-included').textContent).toBe('With bids and documents');
    expect(screen.getByTestId('share-list').textContent).not.toContain(TOKEN);

    // Done: the address is gone for good.
    fireEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('share-created')).toBeNull();
    expect(document.body.textContent).not.toContain(TOKEN);
    expect(document.querySelector(`input[value*="${TOKEN}"]`)).toBeNull();
  });

  it('selects the address for Ctrl+C when the clipboard is refused', async () => {
    tokens.set('A', 'R');
    stubServer([], () => json(201, createdFixture));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    render();
    await screen.findByTestId('share-empty');
    fireEvent.change(screen.getByLabelText(/^Label/), { target: { value: 'Sam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    const panel = await screen.findByTestId('share-created');
    const input = within(panel).getByLabelText<HTMLInputElement>('Link for Sam');
    fireEvent.click(within(panel).getByRole('button', { name: 'Copy link' }));
    await waitFor(() =>
      expect(within(panel).getByTestId('share-copy-status').textContent).toBe(
        'The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.',
      ),
    );
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, createdFixture.url.length]);
  });

  it("shows the server's field messages beside the fields, and its 409 above the form", async () => {
    tokens.set('A', 'R');
    let answer = json(400, {
      error: 'validation_error',
      message: 'Invalid input.',
      fields: { label: ['Use 60 characters at most.'], expires_on: ['The date may not be in the past.'] },
    });
    stubServer([], () => answer);
    render();
    await screen.findByTestId('share-empty');
    // The form's own check first: no request without a label.
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    const label = screen.getByLabelText(/^Label/);
    await waitFor(() => expect(label.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(label.getAttribute('aria-describedby')!.split(' ')[0])?.textContent).toBe(
      'Give the link a label, such as Bank or Sam.',
    );

    fireEvent.change(label, { target: { value: 'Bank' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() =>
      expect(document.getElementById('share-label-error')?.textContent).toBe('Use 60 characters at most.'),
    );
    const until = screen.getByLabelText('Link works until (optional)');
    expect(until.getAttribute('aria-invalid')).toBe('true');
    expect(until.getAttribute('aria-describedby')).toBe('share-expires-error share-expires-hint');
    expect(document.getElementById('share-expires-error')?.textContent).toBe('The date may not be in the past.');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Label/)));

    answer = json(409, { error: 'conflict', message: 'This project already has 50 share links.' });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This project already has 50 share links.');
    expect(screen.getByLabelText(/^Label/).getAttribute('aria-invalid')).toBeNull();
  });

  it('asks before revoking, then drops the link', async () => {
    tokens.set('A', 'R');
    const expired: Share = { ...shareFixture, id: 6, label: 'Inspector', expires_on: '2020-01-31' };
    const calls = stubServer([shareFixture, expired], () => json(500, {}));
    render();
    const list = await screen.findByTestId('share-list');
    const inspector = list.querySelector('[data-share-id="6"]') as HTMLElement;
    expect(within(inspector).getByText('Expired')).toBeTruthy();
    expect(within(inspector).getByText(/^Worked until/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the link for Bank' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the link for Bank?' });
    expect(dialog.textContent).toContain('Anyone using it will see ‘This link is no longer available.’');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the link for Bank' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Revoke the link for Bank?' })).getByRole('button', {
        name: 'Revoke link',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke the link for Bank' })).toBeNull());
    expect(calls.filter((c) => c.key.startsWith('DELETE')).map((c) => c.key)).toEqual(['DELETE /api/shares/4/']);
    expect(screen.getByText('The link for Bank is revoked.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke the link for Inspector' })).toBeTruthy();
  });

  it('shows a viewer (issue 35) the links, without the form or Revoke', async () => {
    tokens.set('A', 'R');
    const calls = stubServer([shareFixture], () => json(201, createdFixture));
    renderWithProviders(
      <EditAccess value={false}>
        <ShareLinksPage projectId={3} projectName="Willow Creek House" />
      </EditAccess>,
      { path: '/kanban/:projectId/share', url: '/kanban/3/share' },
    );
    const list = await screen.findByTestId('share-list');
    expect(within(list).getByText(shareFixture.label)).toBeTruthy();
    expect(screen.getByTestId('share-view-only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create link' })).toBeNull();
    expect(within(list).queryByRole('button', { name: /^Revoke/ })).toBeNull();
    expect(calls.map((c) => c.key)).toEqual(['GET /api/projects/3/shares/']);
  });
});
