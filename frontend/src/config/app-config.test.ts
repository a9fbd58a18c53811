import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, resetConfigCache } from './app-config';

afterEach(() => {
  vi.restoreAllMocks();
  resetConfigCache();
});

describe('loadConfig', () => {
  it('fetches /api/config/ once and shares the answer', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify({ support_email: 'help@example.com', payments_mode: 'local' }), { status: 200 }),
      );
    const [a, b] = await Promise.all([loadConfig(), loadConfig()]);
    expect(a).toEqual({
      support_email: 'help@example.com',
      stripe_publishable_key: null,
      stripe_price_id: null,
      payments_mode: 'local',
    });
    expect(b).toBe(a);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not cache a failure', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('oops', { status: 500 }));
    await expect(loadConfig()).rejects.toBeTruthy();
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ support_email: 'a@b.c' }), { status: 200 }));
    expect((await loadConfig()).support_email).toBe('a@b.c');
  });
});
