// Global styles first (tokens, base, shared UI), so component and feature styles come after them.
import './styles/tokens.css';
import './styles/base.css';
import './components/ui/button.css';
import './components/ui/form.css';
import './components/ui/table.css';
import './components/ui/menu.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The server sends `/` prerendered (dist/landing.html, scripts/prerender.mjs): React takes
// over that markup. Every other route gets the empty shell and is drawn from scratch. Both
// happen in a transition, so React renders in short slices (yielding to the browser every
// few ms) instead of one long task: the first render of a signed-in page (router matching,
// navbar, guards; plus V8 compiling react-dom on first use) was one 100+ ms task at 4x CPU
// slowdown (docs/lighthouse.md, 2026-11-23). What is drawn does not change.
if (window.location.pathname === '/' && root.firstElementChild) {
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  const start = () => {
    const reactRoot = createRoot(root);
    startTransition(() => {
      reactRoot.render(app);
    });
  };
  // A board URL waits for its route chunks (already preloaded by the HTML) so that it
  // renders without Suspense fallbacks (src/app/router.tsx, preloadRoute).
  const ready = preloadRoute(window.location.pathname);
  if (ready) void ready.then(start, start);
  else start();
}
