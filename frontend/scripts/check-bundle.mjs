// Bundle budget: after `npm run build`, checks the JavaScript a visitor of the
// landing page downloads before it renders (the entry's static import graph
// plus the landing route chunk and its static imports).
//  - none of the heavy libraries (pdfmake, Stripe, dnd-kit, confetti, Chart.js) may be in it;
//  - its gzip size must stay within BUNDLE_BUDGET_KB (default below).
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json missing: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

// Budget (issue 7): the landing page's initial JavaScript, framework included,
// <= 100 KB gzip. React 19 + react-dom are ~66 KB of it; the app uses the
// declarative react-router (~13 KB, the data router is ~31 KB) and loads
// react-query with the first app route only (docs/lighthouse.md, "Bundle budget").
const TOTAL_BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 100);
const FRAMEWORK = [/^assets\/react-vendor-/, /^assets\/router-/];
// Chart.js is the Money page's `chart-setup` chunk (src/features/money/chart-setup.ts).
const FORBIDDEN_CHUNKS = [/pdfmake/i, /stripe/i, /dnd-kit/i, /confetti/i, /chart-setup/i, /^assets\/query-/];
// react-hook-form (the form kit, src/components/form) loads with the app's forms, never here; the
// row virtualizer (@tanstack/react-virtual, its measureElement) with the board's spreadsheet; the
// typed API client (openapi-fetch, src/lib/api/client.ts: its query serializer's error) with the
// feature API modules of the app's routes.
const FORBIDDEN_TEXT = [
  'js.stripe.com',
  'pdfmake',
  'PDFDocument',
  'DndContext',
  'confetti',
  'shouldFocusError',
  'measureElement',
  'Deeply-nested arrays',
];

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const landingKey =
  Object.keys(manifest).find((k) => /features\/public\/pages\/landing\.tsx$/.test(k)) ??
  Object.keys(manifest).find((k) => /features\/public\/.*landing\.tsx$/.test(k));
if (!entryKey) {
  console.error('No entry in the manifest.');
  process.exit(1);
}

const files = new Set();
function walk(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imp of chunk.imports ?? []) walk(imp);
}
walk(entryKey);
if (landingKey) walk(landingKey);
else console.warn('warning: landing route chunk not found in the manifest; checking the entry only');

let total = 0;
let app = 0;
const problems = [];
const rows = [];
for (const file of [...files].filter((f) => f.endsWith('.js'))) {
  const code = readFileSync(join(dist, file));
  const gz = gzipSync(code, { level: 9 }).length;
  total += gz;
  const framework = FRAMEWORK.some((re) => re.test(file));
  if (!framework) app += gz;
  rows.push(`  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}${framework ? '  (framework)' : ''}`);
  if (FORBIDDEN_CHUNKS.some((re) => re.test(file))) problems.push(`heavy chunk in the landing path: ${file}`);
  // Chunk file names (the preload map) are not library code.
  const text = code.toString('utf8').replace(/assets\/[\w.-]+\.(js|css)/g, '');
  for (const needle of FORBIDDEN_TEXT) {
    if (text.includes(needle)) problems.push(`"${needle}" found in ${file}`);
  }
}

console.log('Landing page initial JavaScript (gzip):');
console.log(rows.join('\n'));
console.log(
  `  total ${(total / 1024).toFixed(1)} KB (budget ${TOTAL_BUDGET_KB} KB), of which app code ${(app / 1024).toFixed(1)} KB`,
);
if (total > TOTAL_BUDGET_KB * 1024)
  problems.push(`total ${(total / 1024).toFixed(1)} KB exceeds ${TOTAL_BUDGET_KB} KB`);

// The heavy libraries must still exist as separate lazy chunks.
const all = Object.values(manifest).map((c) => c.file);
for (const name of ['pdfmake', 'dnd-kit', 'stripe', 'query', 'chart-setup']) {
  if (!all.some((f) => f.includes(name))) problems.push(`expected a separate ${name} chunk`);
}

if (problems.length) {
  for (const p of problems) console.error(`FAIL: ${p}`);
  console.log(`0 passed, ${problems.length} failed`);
  process.exit(1);
}
console.log('bundle budget OK');
console.log('1 passed, 0 failed');
