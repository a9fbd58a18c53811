import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://127.0.0.1:8080';
const nm = (pkgs: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${pkgs})[\\\\/]`);

/**
 * The landing page is a lazy route chunk; without a hint the browser only finds it
 * after the entry has run (one more round trip before the first paint on `/`).
 * This adds <link rel="modulepreload"> for the landing chunk and its imports and a
 * style preload for its CSS to index.html. Other routes fetch these few KB too, at
 * low priority; the CSP allows no inline script, so the hint cannot depend on the path.
 */
function preloadLanding(): Plugin {
  return {
    name: 'buildledger:preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const landing = chunks.find((c) => c.facadeModuleId?.endsWith('/features/public/pages/Landing.tsx'));
        if (!landing) return html;
        const js = new Set<string>();
        const css = new Set<string>();
        const visit = (file: string) => {
          if (js.has(file)) return;
          const chunk = chunks.find((c) => c.fileName === file);
          if (!chunk || chunk.isEntry) return;
          js.add(file);
          for (const c of chunk.viteMetadata?.importedCss ?? []) css.add(c);
          for (const i of chunk.imports) visit(i);
        };
        visit(landing.fileName);
        const tags = [
          ...[...js].filter((f) => !html.includes(`/${f}"`)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
          ...[...css].filter((f) => !html.includes(`/${f}"`)).map((f) => `<link rel="preload" as="style" href="/${f}">`),
        ];
        return html.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadLanding()],
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
          groups: [
            { name: 'react-vendor', test: nm('react|react-dom|scheduler'), priority: 50 },
            { name: 'router', test: nm('react-router|cookie|set-cookie-parser'), priority: 45 },
            { name: 'query', test: nm('@tanstack'), priority: 40 },
            { name: 'pdfmake', test: nm('pdfmake|@foliojs-fork|pdfkit|fontkit|linebreak|png-js|brotli|unicode-trie|crypto-js|iconv-lite|xmldoc|sax|base64-js|tiny-inflate|restructure|dfa|clone|fast-deep-equal|unicode-properties'), priority: 30 },
            { name: 'stripe', test: nm('@stripe'), priority: 30 },
            { name: 'dnd-kit', test: nm('@dnd-kit|tslib'), priority: 30 },
            { name: 'confetti', test: nm('canvas-confetti'), priority: 30 },
          ],
        },
      },
    },
  },
});
