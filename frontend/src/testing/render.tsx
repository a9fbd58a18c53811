import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

/**
 * Renders `element` at the route `path` inside a fresh QueryClient (no retries) and a memory
 * router that starts at `url` (default: `path`; e.g. with a query string).
 */
export function renderWithProviders(
  element: ReactElement,
  { path = '/', url = path, routes = [] }: { path?: string; url?: string; routes?: RouteObject[] } = {},
): RenderResult & { client: QueryClient; router: ReturnType<typeof createMemoryRouter> } {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path, element }, ...routes], { initialEntries: [url] });
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, client, router };
}
