// Writes `<file>.br` and `<file>.gz` beside every compressible file of dist/ (issue 31), once per
// build, at the highest levels: the server sends them as they are (crates/http/src/frontend.rs)
// instead of compressing the same bytes again for every request. Brotli at quality 11 was
// recomputed per request before: the pdfmake chunk (1.26 MB) served 43 req/s compressed against
// 748 plain under 32 connections.
//
// Runs after `vite build` and scripts/prerender.mjs (landing.html is compressed too). The service
// worker's precache list is written by vite-plugin-pwa before this runs, so it names only the
// original files; the server picks the variant by Accept-Encoding.
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml']);
/** Below this a compressed body saves less than its headers and the client's work cost. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(path);
    } else if (COMPRESSIBLE.has(extname(entry.name))) {
      yield path;
    }
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const path of files(dist)) {
  if (statSync(path).size < MIN_BYTES) continue;
  const raw = readFileSync(path);
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  // A variant only where it is smaller: the server falls back to the file itself.
  if (br.length < raw.length) writeFileSync(`${path}.br`, br);
  if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
  count += 1;
  before += raw.length;
  after += Math.min(br.length, raw.length);
}
console.log(
  `precompress: ${count} files, ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli (+ gzip)`,
);
