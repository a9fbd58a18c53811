// End-to-end journeys in Debian's Chromium against the real server binary.
// Starts `buildledger serve` on a free port with a fresh DATA_DIR (SQLite,
// local payments mode), serving the built frontend, then drives the product.
// Closes with a plain "N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const frontend = resolve(here, '..');
const repo = resolve(frontend, '..');
const BIN = process.env.BUILDLEDGER_BIN ?? join(repo, 'target', 'debug', 'buildledger');
const DIST = process.env.E2E_DIST ? resolve(process.env.E2E_DIST) : join(frontend, 'dist');
const SHOTS = join(here, 'screenshots');
const DOWNLOADS = join(here, 'downloads');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ONLY = process.env.E2E_ONLY ? new RegExp(process.env.E2E_ONLY, 'i') : null;

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForHealth(base, child, timeoutMs = 90_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const r = await fetch(`${base}/healthz`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(250);
  }
  throw new Error('server did not become healthy in time');
}

// ---------- tiny assertion helpers ----------
class AssertionError extends Error {}
function assert(cond, message) {
  if (!cond) throw new AssertionError(message);
}
async function eventually(fn, message, timeout = 10_000) {
  const start = Date.now();
  let last;
  while (Date.now() - start < timeout) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    await sleep(100);
  }
  throw new AssertionError(`${message}${last ? ` (${last.message})` : ''}`);
}
async function expectText(locator, pattern, timeout = 10_000) {
  let seen = '';
  await eventually(
    async () => {
      seen = (await locator.first().textContent({ timeout: 1000 })) ?? '';
      return typeof pattern === 'string' ? seen.includes(pattern) : pattern.test(seen);
    },
    `expected text ${pattern}`,
    timeout,
  ).catch((e) => {
    throw new AssertionError(`${e.message}; last seen: ${JSON.stringify(seen.slice(0, 200))}`);
  });
}
async function expectUrl(page, pattern, timeout = 15_000) {
  await eventually(
    () => pattern.test(new URL(page.url()).pathname),
    `expected url ${pattern}, at ${page.url()}`,
    timeout,
  );
}

// ---------- run ----------
const results = [];
let server;
let browser;
let dataDir;

async function main() {
  if (!existsSync(BIN)) {
    console.error(`server binary not found at ${BIN} (build it with cargo build)`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  if (!existsSync(join(DIST, 'index.html'))) {
    console.error('frontend/dist missing: run `npm run build` first');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  mkdirSync(SHOTS, { recursive: true });
  rmSync(DOWNLOADS, { recursive: true, force: true });
  mkdirSync(DOWNLOADS, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), 'buildledger-e2e-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    BIND_ADDR: `127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    FRONTEND_DIST: DIST,
    PUBLIC_URL: base,
    RUST_LOG: process.env.RUST_LOG ?? 'warn',
  };
  for (const k of [
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_PRICE_ID',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_BASE',
    'DATABASE_URL',
    'SMTP_URL', // mail goes to DATA_DIR/outbox/, where the journeys read it
  ])
    delete env[k];
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  const serverLog = [];
  server = spawn(BIN, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout.on('data', (d) => serverLog.push(d.toString()));
  server.stderr.on('data', (d) => serverLog.push(d.toString()));
  try {
    await waitForHealth(base, server);
  } catch (e) {
    console.error(String(e));
    console.error(serverLog.join('').slice(-4000));
    console.log('0 passed, 1 failed');
    await cleanup();
    process.exit(1);
  }
  const grantAdmin = (username) => {
    const r = spawnSync(BIN, ['admin', 'grant', username], { env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`admin grant failed: ${r.stderr || r.stdout}`);
  };

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--disable-dev-shm-usage',
    ],
  });

  // Every browser spec: the signed-in user journeys (ordered, later ones build on
  // earlier ones), the public pages, the axe scans and the performance checks.
  // Each spec exports `journeys` in the same format ({ name, run(ctx), critical? }).
  const journeys = [];
  for (const spec of [
    './journeys.mjs',
    './account.mjs',
    './bids.mjs',
    './bids-facts.mjs',
    './ledger.mjs',
    './money.mjs',
    './money-story.mjs',
    './draw-paperwork.mjs',
    './shares.mjs',
    './calibration.mjs',
    './offline.mjs',
    './board-ux.mjs',
    './first-steps.mjs',
    './drag.mjs',
    './photos.mjs',
    './downscale.spec.mjs',
    './sheet-forms.mjs',
    './forms.mjs',
    './public.spec.mjs',
    './cost-sources.mjs',
    './timeline.mjs',
    './delays.mjs',
    './waivers.mjs',
    './team.mjs',
    './a11y.spec.mjs',
    './perf.spec.mjs',
  ]) {
    if (!existsSync(join(here, spec))) continue;
    const mod = await import(spec);
    journeys.push(...mod.journeys.map((j) => ({ ...j, spec })));
  }
  const ctx = {
    base,
    browser,
    // The server's DATA_DIR: without SMTP_URL it writes each mail to DATA_DIR/outbox/*.eml.
    dataDir,
    grantAdmin,
    shots: SHOTS,
    downloads: DOWNLOADS,
    helpers: { assert, eventually, expectText, expectUrl, sleep },
    state: {},
  };
  // A failed critical journey skips the rest of its own spec only.
  const stopped = new Set();
  for (const j of journeys) {
    if (ONLY && !ONLY.test(j.name)) continue;
    if (stopped.has(j.spec)) {
      results.push({ name: j.name, ok: false, error: 'skipped: an earlier journey it depends on failed' });
      console.log(`  - ${j.name} (skipped)`);
      continue;
    }
    const t0 = Date.now();
    try {
      await j.run(ctx);
      results.push({ name: j.name, ok: true });
      console.log(`  ✓ ${j.name} (${Date.now() - t0} ms)`);
    } catch (e) {
      results.push({ name: j.name, ok: false, error: e?.stack ?? String(e) });
      console.log(
        `  ✗ ${j.name} (${Date.now() - t0} ms)\n    ${String(e?.message ?? e)
          .split('\n')
          .join('\n    ')}`,
      );
      for (const p of ctx.state.pages ?? []) {
        try {
          await p.screenshot({
            path: join(SHOTS, `FAILED-${j.name.replace(/\W+/g, '-')}-${Date.now()}.png`),
            fullPage: true,
          });
        } catch {
          /* page closed */
        }
      }
      if (j.critical) stopped.add(j.spec);
    }
  }
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  writeFileSync(join(here, 'screenshots', 'results.json'), JSON.stringify(results, null, 2));
  if (failed && process.env.E2E_SERVER_LOG) console.error(serverLog.join('').slice(-6000));
  await cleanup();
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

async function cleanup() {
  try {
    await browser?.close();
  } catch {
    /* ignore */
  }
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await Promise.race([new Promise((r) => server.once('exit', r)), sleep(3000)]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  if (dataDir && !process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
}

process.on('SIGINT', async () => {
  await cleanup();
  process.exit(130);
});

main().catch(async (e) => {
  console.error(e);
  await cleanup();
  console.log(`${results.filter((r) => r.ok).length} passed, ${results.filter((r) => !r.ok).length + 1} failed`);
  process.exit(1);
});

export { readFileSync };
