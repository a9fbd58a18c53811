import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { EARLY_READS_KEY, ROUTE_DATA } from './src/lib/route-reads.ts';
import { ACCESS_KEY } from './src/lib/storage-keys.ts';

const backend = 'http://127.0.0.1:8080';
// The signed-in app's shared code (issue 31): one chunk instead of ~15 small ones that a board or
// Money page fetched side by side (each a request with its own ~1 KiB of headers and, over
// HTTP/1.1, a place in the 6-connection queue; on a slow phone network the route's modules came
// in five rounds). Only modules no public page imports (those load as before), and every module
// here is evaluated with the first app route: app-layout.tsx and pwa.ts, which act when they are
// evaluated, stay out (their chunks import this one).
const APP_SHELL = new RegExp(
  [
    String.raw`[\\/]src[\\/]app[\\/](guards|offline-board|board-money-refresh|route-prefetch)\.tsx?$`,
    String.raw`[\\/]src[\\/]lib[\\/](csv|save-blob)\.ts$`,
    String.raw`[\\/]src[\\/]components[\\/]ui[\\/](modal|confirm-dialog|banner)\.(tsx|css)$`,
    String.raw`[\\/]src[\\/]features[\\/](board|bids|ledger|money|offline|projects|subscription)[\\/]api\.ts$`,
    String.raw`[\\/]src[\\/]features[\\/]offline[\\/]`,
    String.raw`[\\/]src[\\/]features[\\/]board[\\/]perf\.ts$`,
    String.raw`[\\/]node_modules[\\/]idb[\\/]`,
  ].join('|'),
);
// Read by the landing page and the signed-in app alike (the landing's budget pays for them).
const SITE_COMMON = /[\\/]src[\\/]lib[\\/](format|page-meta|project-options)\.ts$/;
// Read by the app's routes and by the sign-in and share pages, never by the landing page.
const APP_COMMON = new RegExp(
  [
    String.raw`[\\/]src[\\/]lib[\\/](form-errors|use-media-query|money-words|use-focus-first-error|route-state|dates)\.ts$`,
    String.raw`[\\/]src[\\/]components[\\/]ui[\\/]form-field\.tsx$`,
    String.raw`[\\/]src[\\/]features[\\/]board[\\/](money|types|utils|range-display)\.ts$`,
  ].join('|'),
);
const nm = (pkgs: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${pkgs})[\\\\/]`);

type OutputChunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/** The chunk of `module` and its static imports (not the entry: index.html loads it), JS and CSS. */
function closure(chunks: OutputChunk[], module: string, js = new Set<string>(), css = new Set<string>()) {
  const visit = (file: string) => {
    if (js.has(file)) return;
    const chunk = chunks.find((c) => c.fileName === file);
    if (!chunk || chunk.isEntry) return;
    js.add(file);
    for (const c of chunk.viteMetadata?.importedCss ?? []) css.add(c);
    for (const i of chunk.imports) visit(i);
  };
  const root =
    chunks.find((c) => c.facadeModuleId?.endsWith(module)) ??
    chunks.find((c) => c.moduleIds.some((m) => m.endsWith(module)));
  if (!root) throw new Error(`route preload: no chunk for ${module}`);
  visit(root.fileName);
  return { js, css };
}

// Lazy route chunks the browser would only discover one by one, each after the previous one
// has run (entry -> AppLayout + react-query -> guards -> the page): path pattern -> modules.
const ROUTE_MODULES: [RegExp, string[]][] = [
  [/^\/$/, ['/features/public/pages/landing.tsx']],
  [/^\/kanban\/[^/]+\/?$/, ['/app/app-layout.tsx', '/app/guards.tsx', '/app/routes/board.tsx']],
  [/^\/kanban\/[^/]+\/money\/?$/, ['/app/app-layout.tsx', '/app/guards.tsx', '/app/routes/money.tsx']],
  [/^\/projects\/?$/, ['/app/app-layout.tsx', '/app/guards.tsx', '/app/routes/projects.tsx']],
  [/^\/account-settings\/?$/, ['/app/app-layout.tsx', '/app/guards.tsx', '/app/routes/account-settings.tsx']],
  [/^\/choose-plan\/?$/, ['/app/app-layout.tsx', '/app/guards.tsx', '/app/routes/choose-plan.tsx']],
];

/**
 * Preloads the chunks of the requested route as soon as the HTML is parsed instead of
 * one round trip (and one script run) after another.
 *  - `/` (index.html, and dist/landing.html made from it by scripts/prerender.mjs): static
 *    <link rel="modulepreload"> tags for the landing chunk and a style preload for its CSS,
 *    marked `data-landing`; scripts/prerender.mjs keeps them in landing.html only.
 *  - Every path: index.html is the same file for all client routes and the CSP allows no
 *    inline script, so a tiny emitted module (`assets/route-preload-<hash>.js`, no imports,
 *    `async`: it runs as soon as it arrives, before React has loaded) adds the modulepreload
 *    links for the route in `location.pathname`. landing.html does not need it.
 */
function routePreload(): Plugin {
  let scriptFile = '';
  return {
    name: 'buildledger:route-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as OutputChunk[];
      // What index.html already loads (the entry's static imports) is left out.
      const inHtml = new Set<string>();
      const entry = chunks.find((c) => c.isEntry);
      const visitEntry = (file: string) => {
        if (inHtml.has(file)) return;
        inHtml.add(file);
        for (const i of chunks.find((c) => c.fileName === file)?.imports ?? []) visitEntry(i);
      };
      if (entry) visitEntry(entry.fileName);
      const table = ROUTE_MODULES.map(([re, modules]) => {
        const js = new Set<string>();
        const css = new Set<string>();
        for (const m of modules) closure(chunks, m, js, css);
        return [re.source, [...js, ...css].filter((f) => !inHtml.has(f))] as const;
      });
      const source = `// Generated by vite.config.ts (routePreload): starts the current route's first reads, then
// preloads its chunks.
const path = location.pathname;
// The route's first reads (src/lib/route-reads.ts), sent first with the stored access token so that
// they are not queued behind the chunks (6 connections per host over HTTP/1.1); the API client
// (src/lib/early-reads.ts) takes each answer once.
const reads = ${JSON.stringify(ROUTE_DATA)};
let token = null;
try {
  token = localStorage.getItem(${JSON.stringify(ACCESS_KEY)});
} catch {}
const data = token && reads.find(([re]) => new RegExp(re).test(path));
if (data) {
  const id = new RegExp(data[0]).exec(path)[1] ?? '';
  const early = { token, at: Date.now(), reads: {} };
  for (const p of data[1]) {
    const url = p.replace('$1', id);
    // High priority: ahead of the chunks the server's Link headers already queued.
    const read = fetch(url, { headers: { Authorization: 'Bearer ' + token }, priority: 'high' });
    read.catch(() => {}); // a failed read is asked again by the app, not reported here
    early.reads[url] = read;
  }
  window[${JSON.stringify(EARLY_READS_KEY)}] = early;
}
const routes = ${JSON.stringify(table)};
const hit = routes.find(([re]) => new RegExp(re).test(path));
const links = document.createDocumentFragment();
for (const file of hit ? hit[1] : []) {
  const link = document.createElement('link');
  // crossorigin on both: the page asks for its modules and styles in that mode (Vite's tags and
  // its CSS loader), and a preload made in another mode is not used.
  link.crossOrigin = '';
  if (file.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  link.href = '/' + file;
  links.appendChild(link);
}
document.head.appendChild(links);
`;
      const ref = this.emitFile({ type: 'asset', name: 'route-preload.js', source });
      scriptFile = this.getFileName(ref);
      // The same table for the server (crates/http/src/frontend.rs): it sends the shell's own
      // scripts and styles and the route's chunks as `Link` preload headers with index.html, so the
      // browser asks for them as the response's headers arrive, before it has parsed the page and
      // run this module (~0.5 s earlier on a slow phone network).
      // This module first: it starts the route's reads, which then wait for no chunk's turn.
      const shell = [scriptFile, ...inHtml, ...(entry?.viteMetadata?.importedCss ?? [])];
      this.emitFile({
        type: 'asset',
        fileName: 'route-preload.json',
        source: `${JSON.stringify({ shell, routes: table }, null, 1)}\n`,
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as OutputChunk[];
        const { js, css } = closure(chunks, '/features/public/pages/landing.tsx');
        const tags = [
          ...(scriptFile
            ? [`<script type="module" async crossorigin src="/${scriptFile}" data-route-preload></script>`]
            : []),
          ...[...js]
            .filter((f) => !html.includes(`/${f}"`))
            .map((f) => `<link rel="modulepreload" crossorigin href="/${f}" data-landing>`),
          ...[...css]
            .filter((f) => !html.includes(`/${f}"`))
            .map((f) => `<link rel="preload" as="style" href="/${f}" data-landing>`),
        ];
        return html.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
      },
    },
  };
}

// Issue 21: installable app, offline board. Workbox (generateSW) precaches the app shell (index.html
// and the JS/CSS chunks, not the big lazily loaded libraries nor the prerendered landing page) and
// keeps the last answer of the board reads (NetworkFirst: the server when it answers within 3 s).
// The app registers the worker from AppLayout (src/app/pwa.ts), never from the landing page.
const API_CACHE = 'buildledger-api';
const pwa = VitePWA({
  registerType: 'autoUpdate',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: [],
  manifest: {
    name: 'BuildLedger',
    short_name: 'BuildLedger',
    description: 'Home building cost estimates, contractor bids and budget tracking.',
    start_url: '/projects',
    scope: '/',
    display: 'standalone',
    theme_color: '#1c5bbf',
    background_color: '#f4f6fa',
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
      { src: '/pwa-maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['index.html', 'assets/**/*.{js,css}', 'favicon.svg', 'pwa-192x192.png'],
    globIgnores: [
      'landing.html',
      'route-preload.json',
      '**/pdfmake-*',
      '**/vfs_fonts*',
      '**/chart*',
      '**/stripe-*',
      '**/confetti-*',
    ],
    maximumFileSizeToCacheInBytes: 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/$/, /^\/api\//, /^\/payments\//, /^\/local-checkout\//, /^\/share\//, /^\/healthz/],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    runtimeCaching: [
      {
        // The board reads and the guard's subscription check: the last answer, for the board offline.
        urlPattern: ({ url, request, sameOrigin }) =>
          sameOrigin &&
          request.method === 'GET' &&
          (/^\/api\/projects\/(\d+\/(tasks\/|summary\/|calibration\/)?)?$/.test(url.pathname) ||
            url.pathname === '/payments/check-subscription/'),
        handler: 'NetworkFirst',
        options: {
          cacheName: API_CACHE,
          networkTimeoutSeconds: 3,
          expiration: { maxEntries: 200 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
});

export default defineConfig({
  plugins: [react(), routePreload(), pwa],
  server: {
    proxy: {
      '/api': backend,
      '/payments': backend,
      '/local-checkout': backend,
      '/healthz': backend,
    },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    manifest: true,
    rolldownOptions: {
      output: {
        // Heavy libraries get their own chunks, fetched only by the routes (or
        // the export action) that need them, never by the landing page.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'react-vendor', test: nm('react|react-dom|scheduler'), priority: 50 },
            { name: 'router', test: nm('react-router|cookie|set-cookie-parser'), priority: 45 },
            // react-query with the app's one QueryClient: every page that asks the server reads both.
            // Not @tanstack/react-virtual: the board's spreadsheet alone windows its rows with it.
            {
              name: 'query',
              test: (id: string) =>
                nm('@tanstack[\\\\/](react-query|query-core)').test(id) ||
                /[\\/]src[\\/]lib[\\/]query-client\.ts$/.test(id),
              priority: 40,
            },
            // fflate (the draw package's ZIP, issue 34) loads with pdfmake: the package needs both.
            {
              name: 'pdfmake',
              test: nm(
                'pdfmake|fflate|@foliojs-fork|pdfkit|fontkit|linebreak|png-js|brotli|unicode-trie|crypto-js|iconv-lite|xmldoc|sax|base64-js|tiny-inflate|restructure|dfa|clone|fast-deep-equal|unicode-properties',
              ),
              priority: 30,
            },
            { name: 'stripe', test: nm('@stripe'), priority: 30 },
            { name: 'dnd-kit', test: nm('@dnd-kit|tslib'), priority: 30 },
            { name: 'confetti', test: nm('canvas-confetti'), priority: 30 },
            // Small modules that several pages share would each be a chunk of their own (under 2 KB, yet
            // a request with its own round trip: on a phone on slow 4G the board's ~20 requests queued
            // on 6 connections). Two groups by who reads them: the public pages with the app, and the
            // app with the sign-in and share pages.
            { name: 'site-common', test: SITE_COMMON, priority: 2 },
            { name: 'app-common', test: APP_COMMON, priority: 2 },
            {
              name: 'app-shell',
              test: (id: string) => APP_SHELL.test(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
