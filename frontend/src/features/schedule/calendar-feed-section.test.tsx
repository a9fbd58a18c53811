import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { CalendarFeedSection } from './calendar-feed-section';
import { webcalUrl } from './calendar-feed-api';
import { json, noContent, stubServer } from './schedule-summary-fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('webcalUrl', () => {
  it('swaps the scheme for phones', () => {
    expect(webcalUrl('https://app.example/calendar/abc.ics')).toBe('webcal://app.example/calendar/abc.ics');
    expect(webcalUrl('http://127.0.0.1:8096/calendar/abc.ics')).toBe('webcal://127.0.0.1:8096/calendar/abc.ics');
  });
});

describe('CalendarFeedSection', () => {
  it('makes a link, shows it once with its webcal:// form, and copies it', async () => {
    let active = false;
    const calls = stubServer({
      'GET /api/projects/3/calendar/': () => json(200, { active, created_at: active ? '2026-11-27T04:00:00Z' : null }),
      'POST /api/projects/3/calendar/': () => {
        active = true;
        return json(201, { url: 'https://app.example/calendar/tok.ics', token: 'tok' });
      },
    });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<CalendarFeedSection projectId={3} />);
    expect((await screen.findByTestId('feed-status')).textContent).toBe('No calendar link yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Make a calendar link' }));
    const url = await screen.findByLabelText<HTMLInputElement>('Calendar link');
    expect(url.value).toBe('https://app.example/calendar/tok.ics');
    expect(screen.getByLabelText<HTMLInputElement>('Link for phones').value).toBe(
      'webcal://app.example/calendar/tok.ics',
    );
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Your calendar link is ready'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy the calendar link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('https://app.example/calendar/tok.ics'));
    expect(await screen.findByText('Copied')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('feed-status').textContent).toMatch(/^A calendar link is active/));
    expect(calls.filter((c) => c.key === 'POST /api/projects/3/calendar/')).toHaveLength(1);
  });

  it('revokes the link after asking', async () => {
    let active = true;
    const calls = stubServer({
      'GET /api/projects/3/calendar/': () => json(200, { active, created_at: null }),
      'DELETE /api/projects/3/calendar/': () => {
        active = false;
        return noContent();
      },
    });
    renderWithProviders(<CalendarFeedSection projectId={3} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Stop sharing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop sharing the calendar?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/projects/3/calendar/')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('feed-status').textContent).toBe('No calendar link yet.'));
  });
});
