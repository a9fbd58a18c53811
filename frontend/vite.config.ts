import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://127.0.0.1:8080';
const nm = (pkgs: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${pkgs})[\\\\/]`);

export default defineConfig({
  plugins: [react()],
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
