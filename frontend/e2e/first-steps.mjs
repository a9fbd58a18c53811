// First steps on the board (issue 30), for e2e/run.mjs: at 1280x800 and at 390x844 (touch) a new
// user signs in, creates a project through the form (standard task list ticked) and lands on its
// board; on the phone the board is a list of task cards with every title whole; the empty ledger
// is one line that leads to the contractors; the toolbar reaches Contractors and Money; the first
// task is on the first screen; axe finds nothing serious in light and dark. Each journey seeds its
// own user and depends on no other.
import { join } from 'node:path';
import { seriousViolations } from './a11y.spec.mjs';
import { authed, registerUser, subscribeLocally } from './seed.mjs';

const SIZES = [
  { tag: 'laptop', viewport: { width: 1280, height: 800 } },
  { tag: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

const EMPTY_LEDGER = 'No bids or payments yet — add contractors and bids';

async function newPage(ctx, size) {
  const context = await ctx.browser.newContext({
    baseURL: ctx.base,
    viewport: size.viewport,
    ...(size.touch ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  ctx.state.pages = [...(ctx.state.pages ?? []), page];
  return { context, page, errors };
}

async function shot(ctx, page, name, fullPage = false) {
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(ctx.shots, `first-steps-${name}.png`), fullPage });
}

/** Signs in through the login form. */
async function signIn(ctx, page, user) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await ctx.helpers.expectUrl(page, /^\/projects$/);
}

/** Creates a project through the form, the standard task list ticked; resolves with the project. */
async function createThroughForm(ctx, page, name) {
  const { assert } = ctx.helpers;
  await page.getByRole('button', { name: 'Create New Project' }).click();
  await page.getByLabel('Project Name').fill(name);
  await page.getByLabel('Zip Code').fill('78701');
  await page.getByLabel('Project Type').selectOption('new_home_build');
  await page.getByLabel('Property Type').selectOption('single_family');
  await page.getByLabel('Square Footage').fill('2400');
  await page.getByLabel('Budget ($)').fill('450000');
  await page.getByLabel('Start Date').fill('2026-03-01');
  await page.getByLabel('End Date').fill('2027-02-28');
  await page.getByLabel('Yes, I will be managing my project').check();
  assert(await page.getByLabel('Start from the standard task list').isChecked(), 'the standard list is ticked');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/projects/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Create Project' }).click();
  const res = await created;
  assert(res.status() === 201, `create answered ${res.status()}`);
  return res.json();
}

/** The theme as the app keeps it, applied by a reload. */
async function setTheme(page, theme) {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.reload();
  await page.getByRole('button', { name: 'Add Task' }).waitFor();
}

export const journeys = SIZES.map((size) => ({
  name: `first steps (${size.tag}): create a project → its board opens, tasks readable, the ledger line leads to contractors`,
  run: async (ctx) => {
    const { assert, eventually, expectText, expectUrl } = ctx.helpers;
    const user = await registerUser(ctx.base, `first${size.tag}`);
    await subscribeLocally(ctx.base, user);
    const { context, page, errors } = await newPage(ctx, size);
    try {
      await signIn(ctx, page, user);
      const name = `Willow Creek ${size.tag}`;
      const project = await createThroughForm(ctx, page, name);

      // The board opens, with the standard task list.
      await expectUrl(page, new RegExp(`^/kanban/${project.id}$`));
      await page.getByRole('heading', { level: 1, name }).waitFor();
      const tasks = await (await authed(ctx.base, user)(`/api/projects/${project.id}/tasks/`)).json();
      assert(tasks.length >= 10, `the standard list has tasks (${tasks.length})`);

      let first;
      if (size.tag === 'phone') {
        // A list of task cards, not the spreadsheet; the Kanban switch in sight.
        const list = page.getByTestId('task-rows');
        await list.waitFor();
        assert((await page.getByRole('table', { name: 'Tasks spreadsheet' }).count()) === 0, 'no spreadsheet');
        const kanban = page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Kanban' });
        assert(await kanban.isVisible(), 'the Kanban switch is visible');
        const titles = list.getByTestId('task-row-title');
        await eventually(async () => (await titles.count()) === tasks.length, `${tasks.length} task cards`);
        // Every title whole: its text is the task's, nothing cut or hidden.
        const cut = await titles.evaluateAll((els) =>
          els
            .map((el) => ({
              text: el.innerText,
              clipped: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1,
              ellipsis: getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth,
              right: el.getBoundingClientRect().right,
            }))
            .filter((t) => t.clipped || t.ellipsis || t.right > window.innerWidth),
        );
        assert(cut.length === 0, `titles cut: ${JSON.stringify(cut)}`);
        const shown = await titles.allInnerTexts();
        assert(
          JSON.stringify(shown) === JSON.stringify(tasks.map((t) => t.title)),
          `the titles in full: ${JSON.stringify(shown.slice(0, 5))}`,
        );
        assert(await page.getByText('Building Permits', { exact: true }).isVisible(), '"Building Permits" in full');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert(overflow <= 0, `the board fits 390 px (overflow ${overflow}px)`);
        first = page.getByTestId('task-row').first();
      } else {
        await page.getByRole('table', { name: 'Tasks spreadsheet' }).waitFor();
        first = page.locator('tbody tr[data-task-id]').first();
      }
      // The first task on the first screen.
      const box = await first.boundingBox();
      assert(
        box && box.y + box.height <= size.viewport.height,
        `the first task within the first screen (${JSON.stringify(box)})`,
      );
      await shot(ctx, page, `${size.tag}-light`);

      // The empty ledger: one line, its link to the contractors.
      const line = page.getByTestId('empty-ledger');
      await expectText(line, EMPTY_LEDGER);
      assert(await line.isVisible(), 'the empty-ledger line is visible');
      assert((await page.getByTestId('ledger-summary').count()) === 0, 'no row of $0.00 figures');

      // axe, light and dark, on the board as it opened.
      const problems = [...(await seriousViolations(page, `board (${size.tag}, light)`))];
      await setTheme(page, 'dark');
      await page.waitForTimeout(250);
      problems.push(...(await seriousViolations(page, `board (${size.tag}, dark)`)));
      await shot(ctx, page, `${size.tag}-dark`);
      await setTheme(page, 'light');
      assert(problems.length === 0, `axe:\n${problems.join('\n')}`);

      await page.getByTestId('empty-ledger').getByRole('link', { name: 'add contractors and bids' }).click();
      await expectUrl(page, /^\/contractors$/);
      await page.goBack();
      await page.getByRole('button', { name: 'Add Task' }).waitFor();

      // The toolbar reaches Contractors and Money.
      const toolbar = page.getByRole('toolbar', { name: 'Board actions' });
      const contractors = toolbar.getByRole('link', { name: 'Contractors' });
      assert(await contractors.isVisible(), 'Contractors in the toolbar');
      await contractors.click();
      await expectUrl(page, /^\/contractors$/);
      await page.goBack();
      await toolbar.getByRole('link', { name: 'Money' }).click();
      await expectUrl(page, new RegExp(`^/kanban/${project.id}/money$`));
      await page.goBack();
      await page.getByRole('button', { name: 'Add Task' }).waitFor();

      if (size.tag === 'phone') {
        // A tap on a card opens its task.
        await page.getByTestId('task-row').first().tap();
        await page.getByRole('dialog', { name: 'Edit Task' }).waitFor();
        await shot(ctx, page, 'phone-task-open');
      }
      assert(errors.length === 0, errors.join('\n'));
    } finally {
      await context.close();
    }
  },
}));
