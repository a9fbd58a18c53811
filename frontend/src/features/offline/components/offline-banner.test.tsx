import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner, SENT_SHOWN_MS } from './offline-banner';

describe('OfflineBanner', () => {
  afterEach(() => vi.useRealTimers());

  it('says the board is the last one seen and how many changes wait', () => {
    render(<OfflineBanner state={{ online: false, pending: 2, replaying: false }} />);
    expect(screen.getByRole('status').textContent).toBe(
      "You're offline. Showing the board as last seen; 2 changes will be sent when you're back online.",
    );
  });

  it('shows nothing online, but keeps its status region for the announcements', () => {
    const { container } = render(<OfflineBanner state={{ online: true, pending: 0, replaying: false, sent: null }} />);
    expect(container.textContent).toBe('');
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('says "N changes sent" once the queue is replayed, then goes away', () => {
    vi.useFakeTimers();
    const { rerender } = render(<OfflineBanner state={{ online: false, pending: 3, replaying: false, sent: null }} />);
    rerender(<OfflineBanner state={{ online: true, pending: 3, replaying: true, sent: null }} />);
    expect(screen.getByRole('status').textContent).toBe('Back online: sending 3 changes…');
    const sent = { count: 3, at: Date.now() };
    rerender(<OfflineBanner state={{ online: true, pending: 0, replaying: false, sent }} />);
    expect(screen.getByRole('status').textContent).toBe('3 changes sent');
    expect(screen.getByTestId('offline-banner').className).toContain('offline-banner-sent');
    act(() => {
      vi.advanceTimersByTime(SENT_SHOWN_MS - 100);
    });
    expect(screen.getByRole('status').textContent).toBe('3 changes sent');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says "1 change sent" for one, and not again on a board opened long after', () => {
    vi.useFakeTimers();
    const sent = { count: 1, at: Date.now() };
    const { unmount } = render(<OfflineBanner state={{ online: true, pending: 0, replaying: false, sent }} />);
    expect(screen.getByRole('status').textContent).toBe('1 change sent');
    unmount();
    vi.advanceTimersByTime(SENT_SHOWN_MS + 1000);
    render(<OfflineBanner state={{ online: true, pending: 0, replaying: false, sent }} />);
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
