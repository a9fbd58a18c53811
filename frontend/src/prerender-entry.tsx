// Build-time prerendering of the landing page (scripts/prerender.mjs, run by `npm run build`):
// built with `vite build --ssr`, it renders the same tree as main.tsx does on `/`, with a
// static router instead of the browser's, and waits for the lazy route chunks. main.tsx then
// hydrates that markup, so `/` paints from HTML before any JavaScript runs.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';

export async function render(location: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider>
        <StaticRouter location={location}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    {
      onError: (e) => {
        errors.push(e);
      },
    },
  );
  const html = await new Response(prelude).text();
  if (errors.length) throw errors[0];
  return html;
}
