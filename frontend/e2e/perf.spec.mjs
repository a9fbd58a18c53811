// Performance journeys (issue 7) for e2e/run.mjs: a 1,000-task board seeded
// through the real API, its render time measured with the User Timing marks the
// board code places (src/features/board/perf.ts), reported and checked against a
// generous bound; dnd still works at that size; an unchanged board costs a 304.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createProject, createTasks, registerUser, subscribeLocally } from './seed.mjs';

const N = Number(process.env.E2E_BOARD_TASKS ?? 1000);
const BOUND_MS = Number(process.env.E2E_BOARD_BOUND_MS ?? 3000);
const TARGET_MS = 300;

async function seedBoard(ctx) {
  if (ctx.state.bigBoard) return ctx.state.bigBoard;
  const user = await registerUser(ctx.base, 'perf');
  await subscribeLocally(ctx.base, user);
  const project = await createProject(ctx.base, user, { name: `Thousand Tasks ${N}` });
  const t0 = Date.now();
  await createTasks(ctx.base, user, project.id, N, 16);
  console.log(`    seeded ${N} tasks through POST /api/tasks/ in ${Date.now() - t0} ms`);
  ctx.state.bigBoard = { user, project };
  return ctx.state.bigBoard;
}

/** A page whose local storage holds the user's tokens before any script runs. */
async function signedInPage(ctx, user, theme = 'light') {
  const context = await ctx.browser.newContext({ baseURL: ctx.base, viewport: { width: 1280, height: 900 } });
  await context.addInitScript(
    ({ access, refresh, theme }) => {
      if (window !== window.top) return;
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('access_token', access);
        localStorage.setItem('refresh_token', refresh);
        localStorage.setItem('theme', theme);
        sessionStorage.setItem('seeded', '1');
      }
    },
    { access: user.access, refresh: user.refresh, theme },
  );
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  ctx.state.pages = [...(ctx.state.pages ?? []), page];
  return { context, page, errors };
}

const measure = (page, name) =>
  page
    .waitForFunction((n) => {
      const e = performance.getEntriesByName(n, 'measure');
      return e.length ? e[e.length - 1].duration : false;
    }, name)
    .then((h) => h.jsonValue());

function report(ctx, figures) {
  const lines = Object.entries(figures).map(([k, v]) => `${k}: ${typeof v === 'number' ? `${v.toFixed(1)} ms` : v}`);
  for (const l of lines) console.log(`    [perf] ${l}`);
  const path = join(ctx.shots, 'perf.json');
  let prev = {};
  try {
    prev = JSON.parse(JSON.stringify(ctx.state.perf ?? {}));
  } catch {
    /* none */
  }
  ctx.state.perf = { ...prev, ...figures, tasks: N, measured_at: new Date().toISOString() };
  writeFileSync(path, JSON.stringify(ctx.state.perf, null, 2));
}

export const journeys = [
  {
    name: `perf: a ${N}-task board (seeded through the API) renders in both views; figures reported`,
    run: async (ctx) => {
      const { user, project } = await seedBoard(ctx);
      const { page, context, errors } = await signedInPage(ctx, user);
      try {
        await page.goto(`/kanban/${project.id}`);
        await page.getByRole('table', { name: 'Tasks spreadsheet' }).waitFor();
        const sheetRender = await measure(page, 'board:render:spreadsheet');
        const sheetPaint = await measure(page, 'board:paint:spreadsheet');
        const sheetRows = await page.locator('table[aria-label="Tasks spreadsheet"] tbody tr[data-task-id]').count();
        assert.ok(sheetRows > 10 && sheetRows < N, `spreadsheet is windowed (${sheetRows} rows mounted of ${N})`);
        assert.equal(
          await page.locator('table[aria-label="Tasks spreadsheet"]').getAttribute('aria-rowcount'),
          String(N + 2), // the header row, N tasks and the totals row
        );

        // A user points at (or tabs to) the View select first, which prefetches the Kanban
        // chunk (dnd-kit); the measure then is the render of 1,000 tasks into columns.
        await page.getByLabel('View', { exact: true }).hover();
        await page.waitForTimeout(500);
        await page.getByLabel('View', { exact: true }).selectOption({ label: 'Kanban View' });
        await page.getByRole('region', { name: 'To Do column' }).locator('[data-task-id]').first().waitFor();
        const kanbanRender = await measure(page, 'board:render:kanban');
        const kanbanPaint = await measure(page, 'board:paint:kanban');
        const counts = await page.locator('.column .count').allInnerTexts();
        assert.equal(
          counts.map(Number).reduce((a, b) => a + b, 0),
          N,
          `column counts ${counts}`,
        );

        // Kanban straight from a cold load (data -> first commit), the path a user takes after choosing Kanban
        // (the board remembers the chosen view).
        await page.reload();
        await page.getByRole('region', { name: 'To Do column' }).locator('[data-task-id]').first().waitFor();
        const nav = await page.evaluate(() => {
          const m = performance.getEntriesByName('board:data', 'mark').pop();
          return m ? m.startTime : null;
        });
        report(ctx, {
          'spreadsheet render (data -> commit)': sheetRender,
          'spreadsheet paint (data -> next frame)': sheetPaint,
          'kanban render (switch -> commit)': kanbanRender,
          'kanban paint (switch -> next frame)': kanbanPaint,
          'tasks answer parsed at (ms after navigation start, reload)': nav ?? NaN,
        });
        if (Math.max(sheetRender, kanbanRender) > TARGET_MS)
          console.log(`    [perf] note: above the ${TARGET_MS} ms target`);
        assert.ok(sheetRender < BOUND_MS, `spreadsheet render ${sheetRender} ms < ${BOUND_MS} ms`);
        assert.ok(kanbanRender < BOUND_MS, `kanban render ${kanbanRender} ms < ${BOUND_MS} ms`);
        assert.deepEqual(errors, [], 'no page errors');
      } finally {
        await context.close();
      }
    },
  },
  {
    name: `perf: on the ${N}-task Kanban, Show more reveals cards and a keyboard drag still saves the move`,
    run: async (ctx) => {
      const { user, project } = await seedBoard(ctx);
      const { page, context, errors } = await signedInPage(ctx, user);
      try {
        await page.goto(`/kanban/${project.id}`);
        await page.getByLabel('View', { exact: true }).selectOption({ label: 'Kanban View' });
        const todo = page.getByRole('region', { name: 'To Do column' });
        const cards = todo.locator('li[data-task-id]');
        await cards.first().waitFor();
        const before = await cards.count();
        assert.ok(before < N / 3, `To Do mounts a page of cards (${before})`);
        await todo.getByRole('button', { name: /^Show \d+ more/ }).click();
        await page.waitForFunction(
          (b) => document.querySelectorAll('[data-column="To Do"] li[data-task-id]').length > b,
          before,
        );

        const id = await cards.first().getAttribute('data-task-id');
        await cards.first().locator('.task-drag').focus();
        const saved = page.waitForResponse(
          (r) => r.url().endsWith(`/api/tasks/${id}/`) && r.request().method() === 'PATCH',
        );
        await page.keyboard.press('Space');
        await page.waitForTimeout(200);
        await page.keyboard.press('ArrowRight');
        await page.waitForTimeout(250);
        await page.keyboard.press('Space');
        const res = await saved;
        assert.equal(res.status(), 200, 'move PATCH');
        assert.equal(JSON.parse(res.request().postData()).status, 'In Progress');
        await page.locator(`[data-column="In Progress"] li[data-task-id="${id}"]`).waitFor();
        assert.deepEqual(errors, [], 'no page errors');
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'perf: an unchanged board is revalidated with a 304; a changed one is fetched again',
    run: async (ctx) => {
      const { user, project } = await seedBoard(ctx);
      const { page, context } = await signedInPage(ctx, user);
      const path = `/api/projects/${project.id}/tasks/`;
      const statuses = [];
      page.on('response', (r) => {
        if (new URL(r.url()).pathname === path && r.request().method() === 'GET') statuses.push(r.status());
      });
      // Resource timing of the tasks request: a 304 revalidation moves only headers.
      const timing = () =>
        page
          .waitForFunction((p) => {
            const e = performance.getEntriesByType('resource').filter((r) => new URL(r.name).pathname === p);
            const last = e[e.length - 1];
            return last && last.responseEnd > 0
              ? { transfer: last.transferSize, body: last.encodedBodySize, status: last.responseStatus ?? null }
              : false;
          }, path)
          .then((h) => h.jsonValue());
      try {
        await page.goto(`/kanban/${project.id}`);
        await page.getByRole('table', { name: 'Tasks spreadsheet' }).waitFor();
        const first = await timing();
        assert.ok(first.transfer > first.body, `first load downloads the board (${JSON.stringify(first)})`);

        await page.reload();
        await page.getByRole('table', { name: 'Tasks spreadsheet' }).waitFor();
        const again = await timing();
        const revalidated = statuses.includes(304) || (again.transfer > 0 && again.transfer < again.body);
        console.log(
          `    [perf] board fetch: first ${first.transfer} B over the wire (${first.body} B body); unchanged refetch ${again.transfer} B; statuses seen ${statuses.join(',')}`,
        );
        assert.ok(revalidated, `unchanged board refetch is a 304 (${JSON.stringify(again)}, statuses ${statuses})`);

        // Any write changes the ETag: the next load downloads the new board.
        const tasks = await (
          await fetch(`${ctx.base}${path}`, { headers: { Authorization: `Bearer ${user.access}` } })
        ).json();
        const target = tasks[0];
        const patched = await fetch(`${ctx.base}/api/tasks/${target.id}/`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.access}` },
          body: JSON.stringify({ title: 'Renamed after revalidation' }),
        });
        assert.equal(patched.status, 200);
        await page.reload();
        await page.getByRole('table', { name: 'Tasks spreadsheet' }).waitFor();
        const changed = await timing();
        assert.ok(changed.transfer > changed.body, `changed board is downloaded again (${JSON.stringify(changed)})`);
        await page.getByLabel('Task title: Renamed after revalidation').waitFor({ state: 'attached' });
        report(ctx, { 'board 304 revalidation bytes': `${again.transfer} B (full answer ${first.transfer} B)` });
      } finally {
        await context.close();
      }
    },
  },
];
