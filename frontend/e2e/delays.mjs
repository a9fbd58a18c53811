// Issue 33, the schedule's side of the board, for e2e/run.mjs: a scheduled board gets a baseline
// and a monthly carrying cost (Schedule settings, beside the budget summary), a 3-day weather
// delay is recorded on the Delays page, and the board then says the finish slipped 3 working
// days and what that costs, the same figures as the server's schedule. Screens at 1280x800 and
// 390x844, axe in both themes. Each journey seeds its own user through the API.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { seriousViolations } from './a11y.spec.mjs';
import { authed, createProject, registerUser, subscribeLocally } from './seed.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function seedScheduledBoard(ctx, prefix) {
  const user = await registerUser(ctx.base, prefix);
  await subscribeLocally(ctx.base, user);
  const project = await createProject(ctx.base, user, { name: 'Juniper Ridge House' });
  const call = authed(ctx.base, user);
  const task = async (body) =>
    (
      await call('/api/tasks/', {
        method: 'POST',
        body: JSON.stringify({ project: project.id, status: 'To Do', material_quality: 'standard', ...body }),
      })
    ).json();
  // Monday 4 January 2027: a future week, so that no date is moved by "today".
  const foundation = await task({ title: 'Foundation', planned_start: '2027-01-04', duration_days: 10 });
  const framing = await task({ title: 'Framing', planned_start: '2027-01-04', duration_days: 15 });
  await task({ title: 'Landscaping', description: 'Not scheduled yet' });
  await call('/api/dependencies/', {
    method: 'POST',
    body: JSON.stringify({ predecessor: foundation.id, successor: framing.id, type: 'FS', lag_days: 0 }),
  });
  return { user, project, call, foundation, framing };
}

async function signedIn(ctx, user, { size = DESKTOP, theme = 'light' } = {}) {
  const context = await ctx.browser.newContext({ baseURL: ctx.base, viewport: size });
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

async function shot(ctx, page, name, fullPage = true) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(ctx.shots, `delays-${name}.png`), fullPage });
}

async function setTheme(page, theme) {
  await page.evaluate((t) => {
    localStorage.setItem('theme', t);
    document.documentElement.dataset.theme = t;
  }, theme);
  await page.waitForTimeout(400); // colour transitions, before axe reads the colours
}

const money = (n) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const journeys = [
  {
    name: 'schedule: a 3-day weather delay slips the finish, and the board says by how much and what it costs',
    critical: true,
    run: async (ctx) => {
      const { expectText } = ctx.helpers;
      const { user, project, call } = await seedScheduledBoard(ctx, 'delay');
      const { page, context, errors } = await signedIn(ctx, user);
      const problems = [];
      try {
        await page.goto(`/kanban/${project.id}`);
        // The schedule comes after the board's first paint (an idle moment).
        const summary = page.getByTestId('schedule-summary');
        await summary.waitFor();
        await expectText(page.getByTestId('schedule-variance'), 'No baseline yet');

        // The monthly carrying cost, in Schedule settings.
        await summary.getByRole('button', { name: 'Schedule settings' }).click();
        const settings = page.getByRole('dialog', { name: 'Schedule settings' });
        await settings.getByLabel('Monthly carrying cost').fill('9000');
        await settings.getByRole('button', { name: 'Save settings' }).click();
        await settings.waitFor({ state: 'detached' });
        const saved = await (await call(`/api/projects/${project.id}/`)).json();
        assert.equal(saved.monthly_carrying_cost, 9000, 'the carrying cost is saved on the project');

        // The baseline: the schedule as it is now.
        await summary.getByRole('button', { name: 'Set baseline' }).click();
        await expectText(page.getByTestId('schedule-variance'), /^On schedule/);
        const before = await (await call(`/api/projects/${project.id}/schedule/`)).json();
        assert.equal(before.variance_days, 0);
        await shot(ctx, page, 'board-baseline');

        // The Delays page, from the toolbar: a 3-day weather delay on the Foundation.
        await page.getByRole('toolbar', { name: 'Board actions' }).getByRole('link', { name: 'Delays' }).click();
        await page.getByRole('heading', { level: 1, name: /^Delays/ }).waitFor();
        await page.getByRole('button', { name: 'Record a delay' }).click();
        const form = page.getByRole('dialog', { name: 'Record a delay' });
        await form.getByLabel('Task').selectOption({ label: 'Foundation' });
        await form.getByLabel('Working days lost').fill('3');
        await form.getByLabel('Reason').selectOption('weather');
        await form.getByLabel('Note').fill('Heavy rain: the forms flooded.');
        await form.getByRole('button', { name: 'Record delay' }).click();
        await form.waitFor({ state: 'detached' });
        const row = page.getByTestId('delays-table').getByRole('row', { name: /Foundation/ });
        await expectText(row, 'Weather');
        await expectText(row, 'Heavy rain');
        const register = await (await call(`/api/projects/${project.id}/delays/`)).json();
        assert.equal(register.total_days, 3);
        assert.ok(register.total_cost > 0, 'the delay has a cost at the carrying cost');
        await expectText(page.getByTestId('delay-total-cost'), money(register.total_cost));
        await shot(ctx, page, 'page-desktop');
        for (const theme of ['light', 'dark']) {
          await setTheme(page, theme);
          problems.push(...(await seriousViolations(page, `delays page (${theme})`)));
        }
        await setTheme(page, 'light');

        // Back on the board: the finish slipped 3 working days, and what that costs.
        await page.getByRole('link', { name: 'Back to the board' }).click();
        await expectText(page.getByTestId('schedule-variance'), /^3 working days late/);
        const after = await (await call(`/api/projects/${project.id}/schedule/`)).json();
        assert.equal(after.variance_days, 3, 'the server agrees: 3 working days late');
        assert.ok(after.carrying_cost_of_slip > 0, 'the slip has a cost');
        await expectText(page.getByTestId('schedule-slip-cost'), money(after.carrying_cost_of_slip));
        const finish = await page.getByTestId('schedule-finish').textContent();
        assert.ok(finish && finish !== '-', 'the finish date is shown');
        await page.getByTestId('schedule-summary').scrollIntoViewIfNeeded();
        await shot(ctx, page, 'board-late', false);
        for (const theme of ['light', 'dark']) {
          await setTheme(page, theme);
          problems.push(...(await seriousViolations(page, `board with the schedule (${theme})`)));
        }
        await setTheme(page, 'dark');
        await shot(ctx, page, 'board-late-dark', false);
        assert.deepEqual(errors, []);
        ctx.state.delays = { user, project };
      } finally {
        await context.close();
      }
      assert.equal(problems.length, 0, `axe:\n${problems.join('\n')}`);
    },
  },
  {
    name: 'schedule: the delays, inspections and calendar feed on a phone (390x844), both themes',
    run: async (ctx) => {
      const { expectText } = ctx.helpers;
      const seeded = ctx.state.delays ?? (await seedScheduledBoard(ctx, 'delayph'));
      const { user, project } = seeded;
      const { page, context, errors } = await signedIn(ctx, user, { size: PHONE });
      const problems = [];
      try {
        await page.goto(`/kanban/${project.id}/inspections`);
        await page.getByRole('heading', { level: 1, name: /^Inspections/ }).waitFor();
        await page.getByRole('button', { name: 'Add an inspection' }).click();
        const form = page.getByRole('dialog', { name: 'Add an inspection' });
        await form.getByLabel('Task').selectOption({ label: 'Foundation' });
        await form.getByLabel('Kind').fill('Footing');
        await form.getByLabel('Scheduled on').fill('2027-01-08');
        await form.getByLabel('Inspector').fill('County building department');
        await shot(ctx, page, 'inspection-form-phone', false);
        await form.getByRole('button', { name: 'Add inspection' }).click();
        await form.waitFor({ state: 'detached' });
        await expectText(page.getByTestId('inspections-table'), 'Footing');

        // The calendar feed: made, shown once (with webcal://), then revoked.
        const feed = page.getByTestId('calendar-feed');
        await feed.getByRole('button', { name: 'Make a calendar link' }).click();
        const url = await feed.getByLabel('Calendar link', { exact: true }).inputValue();
        assert.match(url, /\/calendar\/[^/]+\.ics$/);
        assert.equal(
          await feed.getByLabel('Link for phones', { exact: true }).inputValue(),
          url.replace(/^https?:\/\//, 'webcal://'),
        );
        const ics = await fetch(url.replace(/^https?:\/\/[^/]+/, ctx.base));
        assert.equal(ics.status, 200, 'the feed answers without a login');
        assert.match(await ics.text(), /BEGIN:VCALENDAR/);
        await shot(ctx, page, 'inspections-phone');
        for (const theme of ['light', 'dark']) {
          await setTheme(page, theme);
          problems.push(...(await seriousViolations(page, `inspections page, phone (${theme})`)));
        }
        await feed.getByRole('button', { name: 'Stop sharing' }).click();
        await page
          .getByRole('dialog', { name: 'Stop sharing the calendar?' })
          .getByRole('button', { name: 'Stop sharing' })
          .click();
        await expectText(feed.getByTestId('feed-status'), 'No calendar link yet.');

        await page.goto(`/kanban/${project.id}/delays`);
        await page.getByRole('heading', { level: 1, name: /^Delays/ }).waitFor();
        await setTheme(page, 'light');
        await shot(ctx, page, 'page-phone');
        await setTheme(page, 'dark');
        await shot(ctx, page, 'page-phone-dark');
        for (const theme of ['light', 'dark']) {
          await setTheme(page, theme);
          problems.push(...(await seriousViolations(page, `delays page, phone (${theme})`)));
        }
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
      assert.equal(problems.length, 0, `axe:\n${problems.join('\n')}`);
    },
  },
];
