// Build-time prerendering of the landing page (issue 7, docs/lighthouse.md). Run by
// `npm run build` after `vite build`:
//  1. builds src/prerender-entry.tsx for Node (Vite SSR build, into node_modules/.tmp),
//  2. renders `/` with react-dom's static prerender (it waits for the lazy route chunks),
//  3. writes dist/landing.html: dist/index.html with that markup inside #root and the
//     stylesheets of the entry and the landing chunk inlined (no render-blocking request;
//     the CSP allows inline styles, not inline scripts, and none is added).
// The server sends landing.html for `GET /` only (crates/http/src/frontend.rs); main.tsx
// hydrates it. Every other route keeps the empty shell, index.html.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, process.env.PRERENDER_DIST ?? 'dist');
const ssrOut = join(root, 'node_modules', '.tmp', 'prerender');

const indexPath = join(dist, 'index.html');
if (!existsSync(indexPath)) {
  console.error('dist/index.html missing: run `vite build` first.');
  process.exit(1);
}

rmSync(ssrOut, { recursive: true, force: true });
await build({
  root,
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender-entry.tsx',
    outDir: ssrOut,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
    rolldownOptions: { output: { codeSplitting: true } },
  },
});

const { render } = await import(pathToFileURL(join(ssrOut, 'prerender-entry.js')).href);
const markup = await render('/');
for (const needle of ['id="hero-title"', 'class="navbar"', 'id="estimate"']) {
  if (!markup.includes(needle)) throw new Error(`prerendered landing page lacks ${needle}`);
}

let html = readFileSync(indexPath, 'utf8');
const ROOT = '<div id="root"></div>';
if (!html.includes(ROOT)) throw new Error(`dist/index.html has no empty ${ROOT}`);
html = html.replace(ROOT, `<div id="root">${markup}</div>`);

// Inline the entry's stylesheet and the landing chunk's (preloaded) stylesheet.
const inlined = [];
html = html.replace(
  /<link rel="(?:stylesheet|preload)"(?: as="style")?(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)"(?: data-landing)?>/g,
  (_tag, file) => {
    const css = readFileSync(join(dist, file), 'utf8');
    if (/<\/style/i.test(css)) throw new Error(`${file} cannot be inlined`);
    inlined.push(file);
    return `<style data-href="/${file}">${css.trim()}</style>`;
  },
);
if (inlined.length < 2)
  throw new Error(`expected the entry and the landing stylesheets, inlined ${inlined.join(', ') || 'none'}`);

// The route preload script (vite.config.ts, routePreload) is for the shell: landing.html has its
// preload tags in the HTML. The shell, served for every other route, drops the landing tags
// (the script preloads the landing chunks itself on `/` if landing.html is ever missing).
const ROUTE_PRELOAD =
  /\s*<script type="module" async crossorigin src="\/assets\/route-preload-[\w-]+\.js" data-route-preload><\/script>/;
const LANDING_TAG = /\s*<link [^>]*data-landing>/g;
if (!ROUTE_PRELOAD.test(html)) throw new Error('dist/index.html lacks the route preload script');
html = html.replace(ROUTE_PRELOAD, '');
// On `/` the page is painted from this HTML: the scripts only hydrate it, so they need not
// compete with the document at high priority (Chromium fetches module scripts and
// modulepreloads at High, which Lighthouse also counts as render-blocking for the first paint).
let lowered = 0;
html = html.replace(/<(script type="module"|link rel="modulepreload") crossorigin /g, (_tag, start) => {
  lowered++;
  return `<${start} crossorigin fetchpriority="low" `;
});
if (lowered < 4) throw new Error(`expected the entry script and its modulepreloads in the HTML, found ${lowered}`);
writeFileSync(join(dist, 'landing.html'), html);
const shell = readFileSync(indexPath, 'utf8');
if (!LANDING_TAG.test(shell)) throw new Error('dist/index.html lacks the landing preload tags');
writeFileSync(indexPath, shell.replace(LANDING_TAG, ''));
rmSync(ssrOut, { recursive: true, force: true });
console.log(
  `prerendered / -> dist/landing.html (${(html.length / 1024).toFixed(1)} KB, markup ${(markup.length / 1024).toFixed(1)} KB, inlined ${inlined.join(', ')})`,
);
