import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import NotFound from './not-found';

describe('NotFound', () => {
  it('asks search engines not to index it', () => {
    const { unmount } = renderWithProviders(<NotFound />, { path: '*', url: '/no-such-page' });
    expect(document.title).toBe('Page not found – BuildLedger');
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="robots"]')?.content).toBe('noindex');
    unmount();
  });
});
