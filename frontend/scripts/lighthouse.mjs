// Lighthouse (npm `lighthouse`, Node API) with Debian's Chromium against the real
// server: the landing page, and a signed-in board. Usage, after `npm run build`
// and `cargo build`:
//   node scripts/lighthouse.mjs            # mobile (Lighthouse default: Moto G
//                                          # emulation, simulated slow 4G)
//   LH_PRESET=desktop node scripts/lighthouse.mjs
//   LH_ONLY=board LH_RUNS=3 node scripts/lighthouse.mjs   # one page, three runs
// Starts `buildledger serve` on a free port with a temporary DATA_DIR (or uses
// LH_BASE if given), seeds a subscribed user with a 40-task project through the
// API, launches Chromium (playwright-core, persistent profile, remote-debugging
// port), stores the user's tokens in local storage of that profile, then runs
// Lighthouse on the same browser with storage reset disabled so the board opens
// signed in. Prints the four category scores per page and writes
// e2e/screenshots/lighthouse-<preset>.json (plus the HTML reports).
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import { createProject, createTasks, registerUser, subscribeLocally } from '../e2e/seed.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const frontend = resolve(here, '..');
const repo = resolve(frontend, '..');
const BIN = process.env.BUILDLEDGER_BIN ?? join(repo, 'target', 'debug', 'buildledger');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PRESET = process.env.LH_PRESET === 'desktop' ? 'desktop' : 'mobile';
const OUT = join(frontend, 'e2e', 'screenshots');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const ONLY = process.env.LH_ONLY ?? null; // 'landing' | 'board'
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 1));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'buildledger-lh-'));
  const env = {
    ...process.env,
    BIND_ADDR: `127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    FRONTEND_DIST: join(frontend, 'dist'),
    PUBLIC_URL: base,
    RUST_LOG: 'warn',
  };
  for (const k of [
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_PRICE_ID',
    'STRIPE_WEBHOOK_SECRET',
    'DATABASE_URL',
  ])
    delete env[k];
  const child = spawn(BIN, ['serve'], { env, stdio: 'ignore' });
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok)
        return {
          base,
          stop: () => {
            child.kill('SIGTERM');
            rmSync(dataDir, { recursive: true, force: true });
          },
        };
    } catch {
      /* not yet */
    }
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

async function main() {
  const server = process.env.LH_BASE ? { base: process.env.LH_BASE, stop: () => {} } : await startServer();
  const { base } = server;
  const profile = mkdtempSync(join(tmpdir(), 'buildledger-lh-profile-'));
  const port = await freePort();
  let context;
  try {
    const user = await registerUser(base, 'lighthouse');
    await subscribeLocally(base, user);
    const project = await createProject(base, user, { name: 'Lighthouse House' });
    await createTasks(base, user, project.id, 40, 8);

    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        `--remote-debugging-port=${port}`,
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
    const seedPage = await context.newPage();
    await seedPage.goto(`${base}/robots.txt`);
    await seedPage.evaluate(
      ({ a, r }) => {
        localStorage.setItem('access_token', a);
        localStorage.setItem('refresh_token', r);
      },
      { a: user.access, r: user.refresh },
    );

    const targets = [
      { name: 'landing', url: `${base}/`, signedIn: false },
      { name: 'board', url: `${base}/kanban/${project.id}`, signedIn: true },
    ].filter((t) => !ONLY || t.name === ONLY);
    const results = {};
    mkdirSync(OUT, { recursive: true });
    for (const [t, runIndex] of targets.flatMap((t) => Array.from({ length: RUNS }, (_, i) => [t, i]))) {
      if (!t.signedIn) await seedPage.evaluate(() => localStorage.removeItem('access_token'));
      else await seedPage.evaluate(({ a }) => localStorage.setItem('access_token', a), { a: user.access });
      const flags = {
        port,
        output: ['json', 'html'],
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        disableStorageReset: true,
      };
      const config =
        PRESET === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
      const run = await lighthouse(t.url, flags, config);
      const lhr = run.lhr;
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
      const metrics = Object.fromEntries(
        [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'speed-index',
        ].map((id) => [id, lhr.audits[id]?.displayValue]),
      );
      const failing = Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            a.scoreDisplayMode !== 'informative' &&
            a.scoreDisplayMode !== 'manual' &&
            a.scoreDisplayMode !== 'notApplicable',
        )
        .map((a) => `${a.id} (${a.score})`);
      const bootup = (lhr.audits['bootup-time']?.details?.items ?? [])
        .filter((i) => i.total >= 20)
        .map((i) => `${String(i.url).replace(base, '')} ${Math.round(i.total)}ms (script ${Math.round(i.scripting)})`);
      (results[t.name] ??= []).push({ url: lhr.finalDisplayedUrl, scores, metrics, failing, bootup });
      writeFileSync(join(OUT, `lighthouse-${t.name}-${PRESET}.html`), run.report[1]);
      writeFileSync(
        join(OUT, `lighthouse-${t.name}-${PRESET}${RUNS > 1 ? `-${runIndex + 1}` : ''}.lhr.json`),
        run.report[0],
      );
      console.log(`${t.name} (${PRESET}) ${lhr.finalDisplayedUrl}`);
      console.log(`  ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(' · ')}`);
      console.log(
        `  ${Object.entries(metrics)
          .map(([k, v]) => `${k} ${v}`)
          .join(' · ')}`,
      );
      if (failing.length) console.log(`  below 1: ${failing.join(', ')}`);
      if (bootup.length) console.log(`  bootup: ${bootup.join(', ')}`);
      if (t.signedIn && !/\/kanban\//.test(new URL(lhr.finalDisplayedUrl).pathname))
        console.log('  WARNING: the board run did not stay signed in');
    }
    writeFileSync(
      join(OUT, `lighthouse-${PRESET}.json`),
      JSON.stringify(
        { date: new Date().toISOString(), preset: PRESET, chromium: context.browser()?.version() ?? null, results },
        null,
        2,
      ),
    );
  } finally {
    await context?.close().catch(() => {});
    rmSync(profile, { recursive: true, force: true });
    server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
