// Dragging cards where the board sits (issue 30), for e2e/run.mjs: a project started from the
// standard task list, Kanban chosen through the board's own control, cards moved with real
// pointer input: the mouse at 1280x800, a long-pressed touch (CDP) at 390x844. Each drop lands
// in Paid (the Enter Actual Cost dialog, then Paid after a reload), the page does not run away
// under the pointer, and no other task moves. Axe scans of the board in both themes.
import { join } from 'node:path';
import { seriousViolations } from './a11y.spec.mjs';
import { createProject, registerUser, subscribeLocally } from './seed.mjs';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function api(ctx, user, path, init = {}) {
  const res = await fetch(`${ctx.base}${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.access}` },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A user with a project started from the standard task list (the empty board's offer). */
async function seedBoard(ctx, prefix) {
  const user = await registerUser(ctx.base, prefix);
  await subscribeLocally(ctx.base, user);
  const project = await createProject(ctx.base, user, { name: 'Maple Street House' });
  const tpl = await api(ctx, user, `/api/projects/${project.id}/tasks/template/`, { method: 'POST' });
  if (tpl.status !== 201) throw new Error(`template answered ${tpl.status}`);
  return { user, project, count: tpl.body.length };
}

/** Task ids of a column in board order, from the server. */
async function columnIds(ctx, user, projectId, status) {
  const { body } = await api(ctx, user, `/api/projects/${projectId}/tasks/`);
  return body
    .filter((t) => t.status === status)
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((t) => t.id);
}

async function signedIn(ctx, user, { size = LAPTOP, theme = 'light', touch = false } = {}) {
  const context = await ctx.browser.newContext({
    baseURL: ctx.base,
    viewport: size,
    ...(touch ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {}),
  });
  await context.addInitScript(
    ({ access, refresh, theme }) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('access_token', access);
      localStorage.setItem('refresh_token', refresh);
      localStorage.setItem('theme', theme);
    },
    { access: user.access, refresh: user.refresh, theme },
  );
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  ctx.state.pages = [...(ctx.state.pages ?? []), page];
  return { context, page, errors };
}

const shot = async (ctx, page, name, fullPage = false) => {
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(ctx.shots, `drag-${name}.png`), fullPage });
};

/**
 * Opens the board and chooses the Kanban view with the board's own control: the View select on
 * wide screens; on a phone a visible Kanban switch, else the one under More.
 */
async function openKanban(page, projectId) {
  await page.goto(`/kanban/${projectId}`);
  await page.getByRole('button', { name: 'Add Task' }).first().waitFor();
  const kanban = page.locator('.kanban');
  if (!(await kanban.isVisible())) {
    const select = page.getByRole('combobox', { name: 'View' });
    const direct = page
      .getByRole('toolbar', { name: 'Board actions' })
      .getByRole('radio', { name: /^Kanban( View)?$/ })
      .or(page.getByRole('toolbar', { name: 'Board actions' }).getByRole('button', { name: /^Kanban( View)?$/ }));
    if (await select.isVisible()) await select.selectOption('kanban');
    else if (await direct.first().isVisible()) await direct.first().click();
    else {
      await page.getByRole('button', { name: 'More board actions' }).click();
      await page.getByRole('menuitemradio', { name: 'Kanban View' }).click();
    }
  }
  await page.locator('section[data-column="To Do"] li[data-task-id]').first().waitFor();
}

const cardIds = (page, status) =>
  page.$$eval(`section[data-column="${status}"] li[data-task-id]`, (els) =>
    els.map((e) => Number(e.getAttribute('data-task-id'))),
  );

/** Where to grab a card: its body, left of the Open and ⋯ buttons. */
async function grip(page, id) {
  const b = await page.locator(`li[data-task-id="${id}"] .task-drag`).boundingBox();
  return { x: b.x + b.width / 3, y: b.y + Math.min(b.height / 2, 40) };
}

const center = (b) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/** A mouse drag in small steps, as a hand moves. */
async function mouseDrag(page, from, to, steps = 24, press = true) {
  await page.mouse.move(from.x, from.y);
  if (press) {
    await page.mouse.down();
    await page.mouse.move(from.x + 8, from.y + 2, { steps: 2 }); // past the 5 px activation distance
  }
  for (let i = 1; i <= steps; i += 1) {
    await page.mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
    await page.waitForTimeout(16);
  }
  await page.waitForTimeout(250);
}

/** A long press (the TouchSensor's delay), then a drag in steps, through CDP touch events. */
async function touchDrag(context, page, from, to, { steps = 20, hold = 350, release = true } = {}) {
  const cdp = await context.newCDPSession(page);
  const touch = (type, p) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: p.x, y: p.y }] });
  await touch('touchStart', from);
  await page.waitForTimeout(hold);
  for (let i = 1; i <= steps; i += 1) {
    await touch('touchMove', { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps });
    await page.waitForTimeout(20);
  }
  await page.waitForTimeout(250);
  if (release) await touch('touchEnd');
  return () => touch('touchEnd');
}

const isPatchOf = (id) => (r) => r.url().endsWith(`/api/tasks/${id}/`) && r.request().method() === 'PATCH';

/** The Enter Actual Cost dialog is shown; a cost is entered and saved as Paid. */
async function confirmPaid(ctx, page, id, cost) {
  const { assert } = ctx.helpers;
  const dialog = page.getByRole('dialog', { name: 'Enter Actual Cost' });
  await dialog.waitFor();
  await dialog.getByLabel('Actual Cost').fill(String(cost));
  const saved = page.waitForResponse(isPatchOf(id));
  await dialog.getByRole('button', { name: 'Save' }).click();
  const res = await saved;
  const sent = JSON.parse(res.request().postData());
  assert(res.status() === 200 && sent.status === 'Paid', `the drop saved ${JSON.stringify(sent)} (${res.status()})`);
  await dialog.waitFor({ state: 'hidden' });
}

/** After a reload: `id` is in Paid (server and board) and To Do kept the others' order. */
async function landedInPaid(ctx, page, user, project, id, todoBefore) {
  const { assert, eventually } = ctx.helpers;
  const paid = await columnIds(ctx, user, project.id, 'Paid');
  assert(paid.includes(id), `task ${id} is in Paid: ${JSON.stringify(paid)}`);
  const todo = await columnIds(ctx, user, project.id, 'To Do');
  const expected = todoBefore.filter((x) => x !== id);
  assert(
    JSON.stringify(todo) === JSON.stringify(expected),
    `To Do kept its order:\n  was ${JSON.stringify(expected)}\n  now ${JSON.stringify(todo)}`,
  );
  const inProgress = await columnIds(ctx, user, project.id, 'In Progress');
  assert(inProgress.length === 0, `nothing went to In Progress: ${JSON.stringify(inProgress)}`);
  await page.reload();
  await page.locator('section[data-column="To Do"] li[data-task-id]').first().waitFor();
  return eventually(async () => {
    const tab = page.getByRole('tab', { name: /^Paid/ });
    if (await tab.isVisible()) {
      await tab.click();
      return (await cardIds(page, 'Paid')).includes(id);
    }
    return (await cardIds(page, 'Paid')).includes(id);
  }, `task ${id} shows in Paid after a reload`);
}

/** Axe scans (serious, critical) of the board in both themes; screenshots of each. */
async function scanThemes(ctx, user, project, { size, touch, label }) {
  const problems = [];
  for (const theme of ['light', 'dark']) {
    const { context, page } = await signedIn(ctx, user, { size, theme, touch });
    await openKanban(page, project.id);
    await page.waitForTimeout(300);
    problems.push(...(await seriousViolations(page, `${label} board (${theme})`)));
    await shot(ctx, page, `${label}-${theme}`);
    if (!touch) {
      // Down the long column: the headers stay in view under the navbar.
      await page.evaluate(() => window.scrollBy(0, 1800));
      await page.waitForTimeout(200);
      problems.push(...(await seriousViolations(page, `${label} board scrolled (${theme})`)));
      await shot(ctx, page, `${label}-${theme}-scrolled`);
    }
    await context.close();
  }
  return problems;
}

export const journeys = [
  {
    name: 'drag: at 1280x800 the first and the last card of To Do dragged to Paid land there, nothing else moves',
    run: async (ctx) => {
      const { assert } = ctx.helpers;
      const { user, project, count } = await seedBoard(ctx, 'draglap');
      assert(count >= 30, `the standard task list has ${count} tasks`);
      const { context, page, errors } = await signedIn(ctx, user, { size: LAPTOP });
      await openKanban(page, project.id);

      // (1) The first card, with the page at the top, into the Paid column low on the screen
      // (where a band of a quarter of the screen used to scroll the page away), then its header.
      await page.evaluate(() => window.scrollTo(0, 0));
      let todo = await columnIds(ctx, user, project.id, 'To Do');
      assert(todo.length === count, `all ${count} tasks start in To Do (${todo.length})`);
      assert(JSON.stringify(await cardIds(page, 'To Do')) === JSON.stringify(todo), 'the board shows the server order');
      const first = todo[0];
      const paidHeader = page.locator('section[data-column="Paid"] .column-header');
      const header = await paidHeader.boundingBox();
      assert(header.y + header.height <= LAPTOP.height, `the Paid header is on the first screen (${header.y})`);
      let scrolled = await page.evaluate(() => window.scrollY);
      const low = { x: header.x + header.width / 2, y: LAPTOP.height - 60 };
      await mouseDrag(page, await grip(page, first), low);
      await shot(ctx, page, 'laptop-first-over-paid');
      assert((await page.evaluate(() => window.scrollY)) === scrolled, 'the page stayed put low in the Paid column');
      await mouseDrag(page, low, center(header), 8, false);
      assert(
        (await page.evaluate(() => window.scrollY)) === scrolled,
        'the page stayed put while the card was over Paid',
      );
      assert(
        await page.locator('section[data-column="Paid"]').evaluate((n) => n.classList.contains('over')),
        'the Paid column is highlighted under the card',
      );
      await page.mouse.up();
      await confirmPaid(ctx, page, first, 1200);
      await landedInPaid(ctx, page, user, project, first, todo);

      // (2) The last card, at the bottom of the long column, to the Paid header: sticky, in view.
      todo = await columnIds(ctx, user, project.id, 'To Do');
      const last = todo[todo.length - 1];
      await page.locator(`li[data-task-id="${last}"]`).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 120));
      scrolled = await page.evaluate(() => window.scrollY);
      assert(scrolled > 2000, `scrolled down the column (${scrolled})`);
      const stuck = await paidHeader.boundingBox();
      assert(stuck.y >= 0 && stuck.y < 120, `the Paid header stays in view at the top (${stuck.y})`);
      await mouseDrag(page, await grip(page, last), center(stuck));
      await shot(ctx, page, 'laptop-last-over-paid-header');
      assert((await page.evaluate(() => window.scrollY)) === scrolled, 'the page stayed put (sticky header)');
      await page.mouse.up();
      await confirmPaid(ctx, page, last, 900);
      await landedInPaid(ctx, page, user, project, last, todo);

      // (2b) The new last card, straight across to the Paid column beside it (it runs the board's
      // whole height).
      todo = await columnIds(ctx, user, project.id, 'To Do');
      const next = todo[todo.length - 1];
      await page.locator(`li[data-task-id="${next}"]`).scrollIntoViewIfNeeded();
      const from = await grip(page, next);
      const paidCol = await page.locator('section[data-column="Paid"]').boundingBox();
      await mouseDrag(page, from, { x: paidCol.x + paidCol.width / 2, y: from.y });
      await page.mouse.up();
      await confirmPaid(ctx, page, next, 700);
      await landedInPaid(ctx, page, user, project, next, todo);

      // A drop outside every column (the summary, at the top of the page) does nothing.
      await page.evaluate(() => window.scrollTo(0, 0));
      todo = await columnIds(ctx, user, project.id, 'To Do');
      const summary = await page.getByRole('region', { name: 'Budget summary' }).boundingBox();
      let patched = false;
      page.on('request', (r) => {
        if (r.method() === 'PATCH' && r.url().includes('/api/tasks/')) patched = true;
      });
      await mouseDrag(page, await grip(page, todo[1]), { x: summary.x + 40, y: summary.y + 20 });
      await page.mouse.up();
      await page.waitForTimeout(400);
      assert(!patched, 'a drop off the columns sent nothing');
      assert(!(await page.getByRole('dialog').isVisible()), 'no dialog after a drop off the columns');
      assert(JSON.stringify(await cardIds(page, 'To Do')) === JSON.stringify(todo), 'To Do unchanged');
      assert(errors.length === 0, errors.join('\n'));
      await context.close();

      const problems = await scanThemes(ctx, user, project, { size: LAPTOP, touch: false, label: 'laptop' });
      // A tablet: the columns scroll sideways (no sticky headers there), still stretched.
      const tablet = await signedIn(ctx, user, { size: { width: 820, height: 1180 }, theme: 'dark' });
      await openKanban(tablet.page, project.id);
      problems.push(...(await seriousViolations(tablet.page, 'tablet board (dark)')));
      await shot(ctx, tablet.page, 'tablet-dark');
      await tablet.context.close();
      assert(problems.length === 0, `axe:\n${problems.join('\n')}`);
    },
  },
  {
    name: 'drag: at 390x844 a long press drags the first and the last card to the Paid tab, nothing else moves',
    run: async (ctx) => {
      const { assert } = ctx.helpers;
      const { user, project, count } = await seedBoard(ctx, 'dragphone');
      const { context, page, errors } = await signedIn(ctx, user, { size: PHONE, touch: true });
      await openKanban(page, project.id);
      const paidTab = page.getByRole('tab', { name: /^Paid/ });

      // (1) The first card, page at the top, to the Paid tab.
      await page.evaluate(() => window.scrollTo(0, 0));
      let todo = await columnIds(ctx, user, project.id, 'To Do');
      assert(todo.length === count, `all ${count} tasks start in To Do`);
      const first = todo[0];
      await page.locator(`li[data-task-id="${first}"]`).scrollIntoViewIfNeeded();
      await touchDrag(context, page, await grip(page, first), center(await paidTab.boundingBox()));
      await confirmPaid(ctx, page, first, 1500);
      await landedInPaid(ctx, page, user, project, first, todo);

      // (2) The last of the list, from the bottom of the page, to the Paid tab (pinned at the top).
      await page.getByRole('tab', { name: /^To Do/ }).click();
      todo = await columnIds(ctx, user, project.id, 'To Do');
      const last = todo[todo.length - 1];
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.locator(`li[data-task-id="${last}"]`).scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      assert(scrolled > 2000, `scrolled to the end of To Do (${scrolled})`);
      const tab = await paidTab.boundingBox();
      assert(tab.y >= 0 && tab.y < 140, `the tabs stay pinned at the top (${tab.y})`);
      const release = await touchDrag(context, page, await grip(page, last), center(tab), { release: false });
      await shot(ctx, page, 'phone-last-over-paid-tab');
      const y = await page.evaluate(() => window.scrollY);
      assert(Math.abs(y - scrolled) < 2, `the page stayed put under the finger (${scrolled} → ${y})`);
      assert(
        await page.getByRole('tab', { name: /^Paid/ }).evaluate((n) => n.classList.contains('over')),
        'the Paid tab is highlighted under the card',
      );
      await release();
      await confirmPaid(ctx, page, last, 800);
      await landedInPaid(ctx, page, user, project, last, todo);
      assert(errors.length === 0, errors.join('\n'));
      await context.close();

      const problems = await scanThemes(ctx, user, project, { size: PHONE, touch: true, label: 'phone' });
      assert(problems.length === 0, `axe:\n${problems.join('\n')}`);
    },
  },
];
