import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { tokens } from '../../lib/auth-store';
import WaiversRoute from './waivers';

// Issue 35: the lien waivers' contractor picker reads the project's roster (its owner's
// contractors, for a partner or a viewer too), never the signed-in user's own.

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe("the waivers page's contractors", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads the project owner's roster with ?project=", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        asked.push(url);
        if (url === '/api/projects/3/')
          return Promise.resolve(json({ id: 3, name: 'Willow Creek House', role: 'partner' }));
        if (url === '/api/projects/3/draws/') return Promise.resolve(json([]));
        return Promise.resolve(json([]));
      }),
    );
    tokens.set('A1', 'R1');
    renderWithProviders(<WaiversRoute />, { path: '/kanban/:projectId/waivers', url: '/kanban/3/waivers' });
    await waitFor(() => expect(asked).toContain('/api/contractors/?project=3'));
    expect(asked).not.toContain('/api/contractors/');
  });
});
