import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The server sends `/` prerendered (dist/landing.html, scripts/prerender.mjs): React takes
// over that markup, in a transition so the work is split into short tasks (the page is
// already painted; long tasks would only delay input). Every other route gets the empty
// shell and is drawn from scratch.
if (window.location.pathname === '/' && root.firstElementChild) {
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
