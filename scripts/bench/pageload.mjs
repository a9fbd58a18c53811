#!/usr/bin/env node
// `make bench-pageload` (issue 31): page loads as a browser meets them, in Debian's Chromium
// (playwright-core from frontend/node_modules). Starts its own server (fresh DATA_DIR, SQLite,
// local payments) serving a built frontend, seeds a subscribed user with a 200-task project
// through the API (frontend/e2e/seed.mjs), then measures, median of N runs:
//   - the board: navigation start -> the first task (card, row or sheet row) visible;
//   - the Money page: navigation start -> its summary figures, and -> its first chart drawn;
//   - cold (a new browser context) and warm (a second visit in the same context);
//   - the bytes transferred (CDP Network.loadingFinished encodedDataLength, the page's own
//     requests: a service worker's precache downloads are not counted).
// Profiles: laptop (1280x800, no throttling; cold and warm) and phone on slow 4G (390x844,
// touch; 150 ms RTT, 1.6 Mbps down, 750 kbps up, CPU 4x slower; cold only).
//
// Usage: node scripts/bench/pageload.mjs [--runs 3] [--tasks 200] [--profiles laptop,phone]
//          [--json out.json] [--out docs/benchmarks.md] [--waterfall] [--trace DIR]
//          [--pages board,Money]
// --waterfall prints every request of each measured visit (start and end, ms since navigation,
// and its bytes) to stderr: where the time of a slow load goes.
// --trace DIR writes a Chrome trace (devtools.timeline, JSON for chrome://tracing or the
// Performance panel) of each cold visit to DIR: what the main thread does after the last byte;
// TRACE_EXTRA adds trace categories (e.g. TRACE_EXTRA=fonts,blink: font lookups inside a layout).
// --out writes (or replaces) the "## Page loads in Chromium" section of that markdown file.
// Environment: BENCH_BIN (default target/release/buildledger), BENCH_DIST (default frontend/dist,
// built with `npm run build`), CHROMIUM_PATH (default /usr/bin/chromium).
import { execFileSync, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const frontend = join(repo, "frontend");
const { chromium } = createRequire(join(frontend, "package.json"))(
  "playwright-core",
);
const {
  registerUser,
  subscribeLocally,
  createProject,
  createTasks,
  createPayment,
  authed,
} = await import(pathToFileURL(join(frontend, "e2e", "seed.mjs")).href);

const { values: opts } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    tasks: { type: "string", default: "200" },
    profiles: { type: "string", default: "laptop,phone" },
    json: { type: "string" },
    out: { type: "string" },
    waterfall: { type: "boolean", default: false },
    trace: { type: "string" },
    pages: { type: "string", default: "board,Money" },
  },
});
const RUNS = Math.max(1, Number(opts.runs));
const TASKS = Math.max(1, Number(opts.tasks));
const BIN = resolve(
  process.env.BENCH_BIN ?? join(repo, "target", "release", "buildledger"),
);
const DIST = resolve(process.env.BENCH_DIST ?? join(frontend, "dist"));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SECTION = "## Page loads in Chromium";

const PROFILES = {
  laptop: {
    label: "laptop (1280x800, no throttling)",
    context: { viewport: { width: 1280, height: 800 } },
    warm: true,
  },
  phone: {
    label:
      "phone on slow 4G (390x844, 150 ms RTT, 1.6 Mbps down, 750 kbps up, CPU 4x)",
    context: {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    },
    network: {
      offline: false,
      latency: 150,
      downloadThroughput: 200_000,
      uploadThroughput: 93_750,
    },
    cpu: 4,
    warm: false,
  },
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.error("[pageload]", ...a);

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", rej);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), "bl-pageload-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    BIND_ADDR: `127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    FRONTEND_DIST: DIST,
    PUBLIC_URL: base,
    ACCESS_TOKEN_MINUTES: "600",
    RUST_LOG: process.env.RUST_LOG ?? "warn",
  };
  for (const k of [
    "STRIPE_SECRET_KEY",
    "STRIPE_PUBLISHABLE_KEY",
    "STRIPE_PRICE_ID",
    "STRIPE_WEBHOOK_SECRET",
    "STRIPE_API_BASE",
    "DATABASE_URL",
    "SMTP_URL",
  ])
    delete env[k];
  const output = [];
  const child = spawn(BIN, ["serve"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d) => output.push(d.toString()));
  child.stderr.on("data", (d) => output.push(d.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await Promise.race([
        new Promise((r) => child.once("exit", r)),
        sleep(5000),
      ]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const start = Date.now();
  while (Date.now() - start < 90_000) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, stop };
    } catch {
      /* not up yet */
    }
    await sleep(250);
  }
  const tail = output.join("").slice(-3000);
  await stop();
  throw new Error(`the server did not start (${BIN}):\n${tail}`);
}

/** A subscribed user with a TASKS-task project, payments on a few tasks (the Money page's charts). */
async function seed(base) {
  const user = await registerUser(base, "pageload");
  await subscribeLocally(base, user);
  const project = await createProject(base, user, {
    name: `Page load ${TASKS}`,
  });
  await createTasks(base, user, project.id, TASKS, 8);
  const tasks = await (
    await authed(base, user)(`/api/projects/${project.id}/tasks/`)
  ).json();
  for (const [i, task] of tasks.slice(0, 12).entries()) {
    await createPayment(base, user, {
      task: task.id,
      amount: 500 + 250 * i,
      method: "check",
    });
  }
  return { user, project };
}

// Runs in every page before its scripts: the user's tokens (signed in), and an observer that
// notes, on the animation frame where each first shows, the time since navigation start
// (performance.now()) of the first task, the Money page's figures and its first chart drawn.
function pageInit({ access, refresh }) {
  if (window !== window.top) return;
  if (!localStorage.getItem("access_token")) {
    localStorage.setItem("access_token", access);
    localStorage.setItem("refresh_token", refresh);
  }
  const marks = {};
  window.__pageload = marks;
  const shown = (el) => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return (
      r.width > 0 &&
      r.height > 0 &&
      (typeof el.checkVisibility !== "function" || el.checkVisibility())
    );
  };
  const drawn = (canvas) => {
    if (!canvas || canvas.width === 0 || canvas.height === 0) return false;
    const g = canvas.getContext("2d");
    if (!g) return false;
    // Three rows across the chart: any pixel painted means Chart.js has drawn its first frame.
    for (const f of [0.25, 0.5, 0.75]) {
      const row = g.getImageData(
        0,
        Math.floor(canvas.height * f),
        canvas.width,
        1,
      ).data;
      for (let i = 3; i < row.length; i += 4) if (row[i] !== 0) return true;
    }
    return false;
  };
  // Each time is read after its check: shown() lays the page out (getBoundingClientRect), so the
  // time includes the layout of the frame that shows it (for a long list, most of its cost).
  const tick = () => {
    if (
      marks.task === undefined &&
      shown(document.querySelector("[data-task-id]"))
    )
      marks.task = performance.now();
    if (
      marks.figures === undefined &&
      shown(document.querySelector('[data-testid="money-budget"]'))
    )
      marks.figures = performance.now();
    if (marks.chart === undefined) {
      const canvas = document.querySelector(".money-chart canvas");
      if (canvas && drawn(canvas)) marks.chart = performance.now();
    }
    if (
      marks.task === undefined ||
      marks.figures === undefined ||
      marks.chart === undefined
    )
      requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** One visit: navigates, waits for `what` ('task' or 'figures' and 'chart'), lets the page settle. */
async function visit(page, cdp, url, what) {
  const bytes = { total: 0 };
  const requests = new Map();
  const onSent = (e) => {
    if (!requests.has(e.requestId))
      requests.set(e.requestId, { url: e.request.url, sent: e.timestamp });
  };
  const onFinished = (e) => {
    bytes.total += e.encodedDataLength ?? 0;
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength });
  };
  cdp.on("Network.requestWillBeSent", onSent);
  cdp.on("Network.loadingFinished", onFinished);
  try {
    await page.goto(url, { waitUntil: "commit" });
    const marks = await page
      .waitForFunction(
        (keys) => {
          const m = window.__pageload;
          return m && keys.every((k) => m[k] !== undefined) ? { ...m } : false;
        },
        what,
        { timeout: 60_000, polling: 50 },
      )
      .then((h) => h.jsonValue());
    const bytesAtShown = bytes.total;
    if (opts.waterfall) {
      const all = [...requests.values()];
      const t0 = Math.min(...all.map((r) => r.sent));
      const ms = (t) =>
        t === undefined
          ? "   ..."
          : `${Math.round((t - t0) * 1000)}`.padStart(6);
      log(`waterfall of ${url} (${JSON.stringify(marks)}):`);
      for (const r of all.sort((a, b) => a.sent - b.sent))
        log(
          `  ${ms(r.sent)} ${ms(r.end)} ${`${((r.bytes ?? 0) / 1024).toFixed(1)}`.padStart(6)} KiB  ${new URL(r.url).pathname}`,
        );
    }
    await page
      .waitForLoadState("networkidle", { timeout: 30_000 })
      .catch(() => {});
    const nav = await page.evaluate(() => {
      const n = performance.getEntriesByType("navigation")[0];
      return n
        ? {
            ttfb: n.responseStart,
            dcl: n.domContentLoadedEventEnd,
            load: n.loadEventEnd,
          }
        : {};
    });
    return {
      ...marks,
      ...nav,
      bytes_at_shown: bytesAtShown,
      bytes: bytes.total,
    };
  } finally {
    cdp.off("Network.requestWillBeSent", onSent);
    cdp.off("Network.loadingFinished", onFinished);
  }
}

async function newContext(browser, base, user, profile) {
  const context = await browser.newContext({
    baseURL: base,
    ...profile.context,
  });
  await context.addInitScript(pageInit, {
    access: user.access,
    refresh: user.refresh,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  if (profile.network)
    await cdp.send("Network.emulateNetworkConditions", profile.network);
  if (profile.cpu)
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpu });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, cdp, errors };
}

/** The service worker registered by the first visit is ready (what a second visit meets). */
async function settle(page) {
  await page
    .evaluate(() =>
      "serviceWorker" in navigator
        ? Promise.race([
            navigator.serviceWorker.ready.then(() => true),
            new Promise((r) => setTimeout(r, 10_000)),
          ])
        : false,
    )
    .catch(() => {});
  await page.waitForTimeout(500);
}

let traces = 0;
async function measurePage(browser, base, user, profile, url, what) {
  const out = {};
  const { context, page, cdp, errors } = await newContext(
    browser,
    base,
    user,
    profile,
  );
  try {
    if (opts.trace)
      await browser.startTracing(page, {
        categories: [
          "devtools.timeline",
          "disabled-by-default-devtools.timeline",
          "v8.execute",
          "blink.user_timing",
          ...(process.env.TRACE_EXTRA
            ? process.env.TRACE_EXTRA.split(",")
            : []),
        ],
      });
    out.cold = await visit(page, cdp, url, what);
    if (opts.trace) {
      mkdirSync(opts.trace, { recursive: true });
      traces += 1;
      const file = join(
        opts.trace,
        `${new URL(url).pathname.replace(/\W+/g, "-").slice(1)}-${traces}.json`,
      );
      writeFileSync(file, await browser.stopTracing());
      log(`trace of ${url}: ${file}`);
    }
    if (profile.warm) {
      await settle(page);
      out.warm = await visit(page, cdp, url, what);
    }
    if (errors.length)
      log(`page errors on ${url}: ${errors.slice(0, 3).join(" | ")}`);
  } finally {
    await context.close();
  }
  return out;
}

const median = (xs) => {
  const s = xs
    .filter((x) => typeof x === "number" && Number.isFinite(x))
    .sort((a, b) => a - b);
  if (!s.length) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function summarise(runs) {
  const keys = new Set(runs.flatMap((r) => Object.keys(r)));
  return Object.fromEntries(
    [...keys].map((k) => [k, median(runs.map((r) => r[k]))]),
  );
}

const fmtMs = (v) =>
  v === null || v === undefined
    ? "–"
    : `${Math.round(v).toLocaleString("en-US")}`;
const fmtKb = (v) =>
  v === null || v === undefined ? "–" : `${(v / 1024).toFixed(1)}`;

function markdown(result) {
  const lines = [
    SECTION,
    "",
    `Produced by \`make bench-pageload\` (scripts/bench/pageload.mjs); do not edit by hand, run it again. ` +
      `${result.date}, commit ${result.commit}, ${result.chromium}, server \`${result.binary}\`. ` +
      `A subscribed user's ${result.tasks}-task project (12 payments), seeded through the API; the page opened signed in ` +
      `(tokens in local storage). Median of ${result.runs} runs. Times are from navigation start to the animation frame ` +
      `where the first task (card or row), the Money page's summary figures, or its first chart (a painted canvas) shows. ` +
      `Cold: a new browser context; warm: a second visit in the same context (HTTP cache and service worker). ` +
      `KiB: bytes over the network for the page's own requests (CDP encodedDataLength, headers included), ` +
      `until the page went idle; what the service worker answers (a warm visit) or fetches itself (its precache, ` +
      `after the first load) is not counted, and the phone's network throttling applies to the page's requests only.`,
    "",
    "| profile | page | cache | first task ms | figures ms | chart ms | KiB transferred |",
    "|---|---|---|---:|---:|---:|---:|",
  ];
  for (const row of result.rows) {
    const m = row.median;
    lines.push(
      `| ${row.profile} | ${row.page} | ${row.cache} | ${fmtMs(m.task)} | ${fmtMs(m.figures)} | ${fmtMs(m.chart)} | ` +
        `${fmtKb(m.bytes)} |`,
    );
  }
  lines.push(
    "",
    `Profiles: ${Object.values(PROFILES)
      .filter((p) => result.profiles.includes(p.key))
      .map((p) => `${p.key}: ${p.label}`)
      .join("; ")}.`,
  );
  return lines.join("\n");
}

function writeSection(path, section) {
  const text = existsSync(path) ? readFileSync(path, "utf8") : "";
  const start = text.indexOf(`${SECTION}\n`);
  let next;
  if (start === -1) {
    next = `${text.replace(/\s*$/, "")}${text.trim() ? "\n\n" : ""}${section}\n`;
  } else {
    const rest = text.slice(start + SECTION.length);
    const end = rest.search(/\n## /);
    const after = end === -1 ? "" : rest.slice(end + 1);
    next = `${text.slice(0, start)}${section}\n${after ? `\n${after}` : ""}`;
  }
  writeFileSync(path, next);
}

async function main() {
  for (const [name, p] of Object.entries(PROFILES)) p.key = name;
  const profiles = opts.profiles.split(",").map((s) => s.trim());
  for (const p of profiles)
    if (!PROFILES[p]) throw new Error(`unknown profile ${p}`);
  if (!existsSync(BIN))
    throw new Error(
      `no server binary at ${BIN} (cargo build --release -p buildledger, or BENCH_BIN)`,
    );
  if (!existsSync(join(DIST, "index.html")))
    throw new Error(
      `no built frontend at ${DIST} (npm run build, or BENCH_DIST)`,
    );

  const server = await startServer();
  let browser;
  try {
    log(`server ${BIN} at ${server.base}, frontend ${DIST}`);
    const t0 = Date.now();
    const { user, project } = await seed(server.base);
    log(
      `seeded ${TASKS} tasks and 12 payments in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        "--disable-dev-shm-usage",
      ],
    });
    const pages = [
      {
        page: "board",
        url: `${server.base}/kanban/${project.id}`,
        what: ["task"],
      },
      {
        page: "Money",
        url: `${server.base}/kanban/${project.id}/money`,
        what: ["figures", "chart"],
      },
    ];
    const wanted = opts.pages.split(",");
    const measured = pages.filter((p) => wanted.includes(p.page));
    // One unmeasured visit: the server's caches (board, summary) and the OS' file cache warm.
    await measurePage(
      browser,
      server.base,
      user,
      { ...PROFILES.laptop, warm: false },
      pages[1].url,
      ["figures"],
    );

    const rows = [];
    for (const name of profiles) {
      const profile = PROFILES[name];
      for (const p of measured) {
        const runs = { cold: [], warm: [] };
        for (let i = 0; i < RUNS; i += 1) {
          const r = await measurePage(
            browser,
            server.base,
            user,
            profile,
            p.url,
            p.what,
          );
          runs.cold.push(r.cold);
          if (r.warm) runs.warm.push(r.warm);
          const show = (v) =>
            Object.entries(v)
              .filter(([k]) =>
                ["task", "figures", "chart", "bytes"].includes(k),
              )
              .map(([k, x]) =>
                k === "bytes" ? `${fmtKb(x)} KiB` : `${k} ${fmtMs(x)} ms`,
              )
              .join(", ");
          log(
            `${name} ${p.page} run ${i + 1}: cold ${show(r.cold)}${r.warm ? `; warm ${show(r.warm)}` : ""}`,
          );
        }
        for (const cache of ["cold", "warm"]) {
          if (!runs[cache].length) continue;
          rows.push({
            profile: name,
            page: p.page,
            cache,
            median: summarise(runs[cache]),
            runs: runs[cache],
          });
        }
      }
    }
    const git = (args) => {
      try {
        return execFileSync("git", args, {
          cwd: repo,
          encoding: "utf8",
        }).trim();
      } catch {
        return "?";
      }
    };
    const result = {
      date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
      commit: git(["rev-parse", "--short", "HEAD"]),
      chromium: browser.version ? `Chromium ${browser.version()}` : "Chromium",
      binary: BIN.startsWith(repo) ? BIN.slice(repo.length + 1) : BIN,
      tasks: TASKS,
      runs: RUNS,
      profiles,
      rows,
    };
    const md = markdown(result);
    console.log(md);
    if (opts.json)
      writeFileSync(opts.json, `${JSON.stringify(result, null, 2)}\n`);
    if (opts.out) {
      writeSection(opts.out, md);
      log(`wrote the "${SECTION.slice(3)}" section of ${opts.out}`);
    }
  } finally {
    if (browser) await browser.close().catch(() => {});
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
