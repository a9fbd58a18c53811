import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OfflineBanner } from './offline-banner';

describe('OfflineBanner', () => {
  it('says the board is the last one seen and how many changes wait', () => {
    render(<OfflineBanner state={{ online: false, pending: 2, replaying: false }} />);
    expect(screen.getByRole('status').textContent).toBe(
      "You're offline. Showing the board as last seen; 2 changes will be sent when you're back online.",
    );
  });
  it('is not shown online', () => {
    const { container } = render(<OfflineBanner state={{ online: true, pending: 0, replaying: false }} />);
    expect(container.textContent).toBe('');
  });
});
