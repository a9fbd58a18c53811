// The board's Timeline view (issue 33), for e2e/run.mjs: a five-task schedule built through the
// API (durations, three links) and the timeline (the fourth link, dragged from a bar's handle onto
// the next bar; a loop refused with the server's words), then a bar dragged with the mouse: its
// successors and the project's finish move. The keyboard and a finger do the same; the agenda on
// a phone; axe scans in both themes at both sizes. Screenshots: e2e/screenshots/timeline-*.png.
import { join } from 'node:path';
import { seriousViolations } from './a11y.spec.mjs';
import { authed, createProject, createTask, registerUser, subscribeLocally } from './seed.mjs';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };
const DAY = 24; // px per day on the timeline (features/schedule/timeline-layout.ts DAY_WIDTH)

const pad2 = (n) => String(n).padStart(2, '0');
const iso = (d) => `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
const addDays = (day, n) => iso(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));
/** The Monday of this week (UTC): the project starts there, so today is on the chart. */
function thisMonday() {
  const now = new Date();
  const d = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
  return addDays(iso(d), -((d.getUTCDay() + 6) % 7));
}

const TASKS = [
  ['Demolition', 2],
  ['Foundation', 3],
  ['Framing', 5],
  ['Electrical rough-in', 2],
  ['Drywall', 3],
];

async function seedSchedule(ctx) {
  const user = await registerUser(ctx.base, 'timeline');
  await subscribeLocally(ctx.base, user);
  const start = thisMonday();
  const project = await createProject(ctx.base, user, { name: 'Timeline House', start_date: start });
  const tasks = [];
  for (const [title, duration_days] of TASKS)
    tasks.push(await createTask(ctx.base, user, project.id, { title, duration_days }));
  // Paint has no duration yet: it is listed under the chart.
  tasks.push(await createTask(ctx.base, user, project.id, { title: 'Paint' }));
  const call = authed(ctx.base, user);
  for (let i = 0; i < 3; i += 1) {
    await call('/api/dependencies/', {
      method: 'POST',
      body: JSON.stringify({ predecessor: tasks[i].id, successor: tasks[i + 1].id }),
    });
  }
  return { user, project, tasks, start, call };
}

/** A task as the server has it now (the project's task list). */
async function taskOf(seed, id) {
  const tasks = await (await seed.call(`/api/projects/${seed.project.id}/tasks/`)).json();
  return tasks.find((t) => t.id === id);
}

async function signedIn(ctx, user, projectId, { size = LAPTOP, theme = 'light', touch = false } = {}) {
  const context = await ctx.browser.newContext({
    baseURL: ctx.base,
    viewport: size,
    ...(touch ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {}),
  });
  await context.addInitScript(
    ({ access, refresh, theme, viewKey }) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('access_token', access);
      localStorage.setItem('refresh_token', refresh);
      localStorage.setItem('theme', theme);
      if (viewKey) localStorage.setItem(viewKey, 'timeline');
    },
    { access: user.access, refresh: user.refresh, theme, viewKey: projectId ? `board-view:${projectId}` : null },
  );
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  ctx.state.pages = [...(ctx.state.pages ?? []), page];
  return { context, page, errors };
}

const shot = async (ctx, page, name, fullPage = true) => {
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(ctx.shots, `timeline-${name}.png`), fullPage });
};

const bar = (page, id) => page.getByTestId(`timeline-bar-${id}`);
const center = (b) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
/** A bar's box in page pixels (its wrapper: the bar and its handles). */
const boxOf = async (page, id) => page.locator(`.tl-bar-wrap[data-task-id="${id}"]`).boundingBox();
const lefts = (page, ids) =>
  Promise.all(ids.map((id) => page.locator(`.tl-bar-wrap[data-task-id="${id}"]`).evaluate((e) => e.offsetLeft)));

/**
 * Waits until the page stops growing: parts of the board load after its first paint and an idle
 * moment (the schedule beside the budget summary) and push the timeline down.
 */
async function settled(page) {
  let last = -1;
  for (let i = 0; i < 25; i += 1) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    if (height === last) return;
    last = height;
    await page.waitForTimeout(300);
  }
}

/** A mouse drag in small steps, as a hand moves. */
async function mouseDrag(page, from, to, steps = 12) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i += 1) {
    await page.mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
}

const isPatchOf = (id) => (r) => r.url().endsWith(`/api/tasks/${id}/`) && r.request().method() === 'PATCH';
const isLinkPost = (r) => r.url().endsWith('/api/dependencies/') && r.request().method() === 'POST';

export const journeys = [
  {
    name: 'timeline: a five-task schedule, a link dragged between bars, a bar dragged moves its successors and the finish',
    critical: true,
    run: async (ctx) => {
      const { assert, eventually, expectText } = ctx.helpers;
      const seed = await seedSchedule(ctx);
      ctx.state.timeline = seed;
      const [demo, foundation, framing, electrical, drywall] = seed.tasks.map((t) => t.id);
      const { page, errors } = await signedIn(ctx, seed.user, null);

      // The board's own control: the View select offers the Timeline.
      await page.goto(`/kanban/${seed.project.id}`);
      await page.getByRole('button', { name: 'Add Task' }).first().waitFor();
      await page.getByRole('combobox', { name: 'View' }).selectOption('timeline');
      for (const id of [demo, foundation, framing, electrical, drywall]) await bar(page, id).waitFor();
      await settled(page);
      await page.locator('.tl-chart').scrollIntoViewIfNeeded(); // the drags below happen on the screen
      await eventually(async () => (await page.locator('.tl-arrow').count()) === 3, 'three arrows drawn');
      await expectText(page.getByRole('region', { name: 'Not on the timeline yet' }), 'Paint');
      // Drywall, not linked yet, has float: the chain of four is the critical path.
      await eventually(async () => (await page.locator('.tl-critical-tag').count()) === 4, 'four critical tasks');

      // The fourth link: from Electrical's handle onto Drywall.
      await page.locator(`.tl-bar-wrap[data-task-id="${electrical}"]`).hover();
      const handle = await page.getByTestId(`timeline-link-${electrical}`).boundingBox();
      const target = await boxOf(page, drywall);
      const linked = page.waitForResponse(isLinkPost);
      await mouseDrag(page, center(handle), center(target));
      const linkAnswer = await linked;
      assert(linkAnswer.status() === 201, `the link answered ${linkAnswer.status()}`);
      await eventually(async () => (await page.locator('.tl-arrow').count()) === 4, 'four arrows drawn');
      await eventually(async () => (await page.locator('.tl-critical-tag').count()) === 5, 'all five critical now');
      await expectText(
        page.getByRole('status').filter({ hasText: 'Linked' }),
        'Drywall now follows Electrical rough-in',
      );
      await eventually(async () => {
        const [e, d] = await Promise.all([boxOf(page, electrical), boxOf(page, drywall)]);
        return d.x >= e.x + e.width - 1;
      }, 'Drywall starts after Electrical rough-in');

      // A loop: Drywall's handle onto Demolition is refused with the server's words.
      await page.locator(`.tl-bar-wrap[data-task-id="${drywall}"]`).hover();
      const loopHandle = await page.getByTestId(`timeline-link-${drywall}`).boundingBox();
      const loopAnswer = page.waitForResponse(isLinkPost);
      await mouseDrag(page, center(loopHandle), center(await boxOf(page, demo)));
      assert((await loopAnswer).status() === 409, 'a loop answers 409');
      // The server's words (a loop, naming no task the user cannot see), in the alert.
      const loopBody = await (await loopAnswer).json();
      await expectText(page.getByTestId('timeline-error'), loopBody.message);
      await shot(ctx, page, 'laptop-linked');

      // Drag Foundation three days later: its successors and the finish follow.
      const finishBefore = await page.getByTestId('timeline-finish').textContent();
      const before = await lefts(page, [demo, framing, electrical, drywall]);
      const fBox = await boxOf(page, foundation);
      const fStart = (await (await seed.call(`/api/projects/${seed.project.id}/schedule/`)).json()).tasks.find(
        (t) => t.task === foundation,
      ).start;
      const moved = page.waitForResponse(isPatchOf(foundation));
      await mouseDrag(
        page,
        { x: fBox.x + 10, y: fBox.y + fBox.height / 2 },
        { x: fBox.x + 10 + 3 * DAY, y: fBox.y + fBox.height / 2 },
      );
      const patch = await moved;
      assert(patch.status() === 200, `the move answered ${patch.status()}`);
      const sent = patch.request().postDataJSON();
      assert(sent.planned_start === addDays(fStart, 3), `sent ${JSON.stringify(sent)}, expected ${addDays(fStart, 3)}`);
      await eventually(async () => {
        const after = await lefts(page, [demo, framing, electrical, drywall]);
        return after[0] === before[0] && after.slice(1).every((x, i) => x > before[i + 1]);
      }, 'Framing, Electrical rough-in and Drywall moved later; Demolition stayed');
      await eventually(
        async () => (await page.getByTestId('timeline-finish').textContent()) !== finishBefore,
        `the finish moved from ${finishBefore}`,
      );
      const saved = await taskOf(seed, foundation);
      assert(saved.planned_start === addDays(fStart, 3), `Foundation's planned start is ${saved.planned_start}`);

      // Its end: Framing two days longer.
      const frBox = await boxOf(page, framing);
      const resized = page.waitForResponse(isPatchOf(framing));
      const endAt = { x: frBox.x + frBox.width - 3, y: frBox.y + frBox.height / 2 };
      await mouseDrag(page, endAt, { x: endAt.x + 3 * DAY, y: endAt.y });
      const resizeBody = (await resized).request().postDataJSON();
      assert(resizeBody.duration_days >= 6, `Framing's duration sent ${JSON.stringify(resizeBody)}`);

      // The keyboard: Drywall one working day longer (Shift+Right), then one day later (Right).
      await bar(page, drywall).focus();
      const longer = page.waitForResponse(isPatchOf(drywall));
      await page.keyboard.press('Shift+ArrowRight');
      assert((await longer).request().postDataJSON().duration_days === 4, 'Shift+Right adds a working day');
      await eventually(async () => (await taskOf(seed, drywall)).duration_days === 4, 'saved');

      // A click opens the task form.
      await bar(page, demo).click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await shot(ctx, page, 'laptop-light');
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'timeline: axe clean in both themes on a laptop (chart) and a phone (agenda)',
    run: async (ctx) => {
      const { assert } = ctx.helpers;
      const seed = ctx.state.timeline;
      assert(seed, 'the schedule journey seeded a project');
      const problems = [];
      for (const theme of ['light', 'dark']) {
        for (const [label, size] of [
          ['laptop', LAPTOP],
          ['phone', PHONE],
        ]) {
          const { context, page, errors } = await signedIn(ctx, seed.user, seed.project.id, { size, theme });
          await page.goto(`/kanban/${seed.project.id}`);
          await page.getByTestId('timeline-view').waitFor();
          if (label === 'phone') {
            await page.getByTestId('schedule-agenda').waitFor();
            for (const name of ['Late', 'This week', 'Next two weeks']) {
              await page.getByRole('heading', { name: new RegExp(`^${name}`) }).waitFor();
            }
          } else {
            await bar(page, seed.tasks[0].id).waitFor();
          }
          await shot(ctx, page, `${label}-${theme}`);
          problems.push(...(await seriousViolations(page, `timeline ${label} (${theme})`)));
          problems.push(...errors);
          await context.close();
        }
      }
      assert(problems.length === 0, problems.join('\n'));
    },
  },
  {
    name: 'timeline: a finger drags a bar on a touch screen',
    run: async (ctx) => {
      const { assert } = ctx.helpers;
      const seed = ctx.state.timeline;
      assert(seed, 'the schedule journey seeded a project');
      const demo = seed.tasks[0].id;
      const { context, page } = await signedIn(ctx, seed.user, seed.project.id, { size: TABLET, touch: true });
      await page.goto(`/kanban/${seed.project.id}`);
      await bar(page, demo).waitFor();
      // A finger touches what is on the screen: the bar is scrolled into view first.
      await settled(page);
      await page.locator(`.tl-bar-wrap[data-task-id="${demo}"]`).scrollIntoViewIfNeeded();
      const b = await boxOf(page, demo);
      const from = { x: b.x + 6, y: b.y + b.height / 2 };
      const cdp = await context.newCDPSession(page);
      const touch = (type, p) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: p.x, y: p.y }] });
      const moved = page.waitForResponse(isPatchOf(demo));
      await touch('touchStart', from);
      for (let i = 1; i <= 10; i += 1) {
        await touch('touchMove', { x: from.x + (2 * DAY * i) / 10, y: from.y });
        await page.waitForTimeout(20);
      }
      await touch('touchEnd');
      const sent = (await moved).request().postDataJSON();
      assert(typeof sent.planned_start === 'string', `a finger's drag sent ${JSON.stringify(sent)}`);
      await shot(ctx, page, 'tablet-touch', false);
      await context.close();
    },
  },
];
