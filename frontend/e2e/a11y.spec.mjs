// axe-core scan (@axe-core/playwright 4.13.0) of every public route, light and dark
// theme, desktop and 360 px, including the states with results on screen. Serious and
// critical violations fail. Journeys for e2e/run.mjs, like public.spec.mjs:
//   const { journeys: a11yJourneys } = await import('./a11y.spec.mjs');
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { PUBLIC_ROUTES, open, withPage } from './public.spec.mjs';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Runs axe on the page and returns serious/critical findings as readable lines. */
export async function seriousViolations(page, label) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: [${v.impact}] ${v.id}: ${v.help}\n      ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join('\n      ')}`,
    );
}

const RESULT_STATES = {
  '/house-affordability': async (page) => {
    await page.getByLabel('Annual household income').fill('95000');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await page.getByTestId('affordability-result').waitFor();
  },
  '/find-lender': async (page) => {
    await page.getByLabel('Your state').selectOption('OH');
    await page.getByTestId('lender-list').waitFor();
  },
  '/': async (page) => {
    await page.getByLabel('Zip code').fill('78701');
    await page.getByRole('button', { name: 'Get my free estimate' }).click();
    await page.locator('[data-testid="estimate-result"], [data-testid="estimate-error"]').first().waitFor();
  },
};

export const journeys = ['light', 'dark'].flatMap((theme) =>
  [1280, 360].map((width) => ({
    name: `a11y: axe finds no serious or critical issue on the public pages (${theme}, ${width}px)`,
    run: async (ctx) =>
      withPage(ctx, { theme, width }, async (page) => {
        const problems = [];
        for (const route of PUBLIC_ROUTES) {
          await open(page, route);
          problems.push(...(await seriousViolations(page, `${route} (${theme}, ${width}px)`)));
          const setup = RESULT_STATES[route];
          if (setup) {
            await setup(page);
            problems.push(...(await seriousViolations(page, `${route} with results (${theme}, ${width}px)`)));
          }
        }
        assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
      }),
  })),
);

// ---------- signed-in routes and the sign-in pages ----------
import { createProject, createTasks, registerUser, subscribeLocally } from './seed.mjs';

async function seedAccounts(ctx) {
  if (ctx.state.a11yAccounts) return ctx.state.a11yAccounts;
  const member = await registerUser(ctx.base, 'axe');
  await subscribeLocally(ctx.base, member);
  const project = await createProject(ctx.base, member, { name: 'Axe Scan House' });
  await createTasks(ctx.base, member, project.id, 6, 3);
  const newcomer = await registerUser(ctx.base, 'axenew'); // not subscribed
  const admin = await registerUser(ctx.base, 'axeadmin');
  ctx.grantAdmin(admin.username);
  ctx.state.a11yAccounts = { member, newcomer, admin, project };
  return ctx.state.a11yAccounts;
}

/** Like withPage, with the user's tokens in local storage (none for `user = null`). */
async function withSession(ctx, user, theme, fn) {
  const context = await ctx.browser.newContext({ baseURL: ctx.base, viewport: { width: 1280, height: 900 } });
  await context.addInitScript(
    ({ t, access, refresh }) => {
      if (window !== window.top) return;
      localStorage.setItem('theme', t);
      if (access && !sessionStorage.getItem('seeded')) {
        localStorage.setItem('access_token', access);
        localStorage.setItem('refresh_token', refresh);
        sessionStorage.setItem('seeded', '1');
      }
    },
    { t: theme, access: user?.access ?? null, refresh: user?.refresh ?? null },
  );
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (ctx.state) ctx.state.pages = [...(ctx.state.pages ?? []), page];
  try {
    await fn(page);
    assert.deepEqual(errors, [], 'uncaught errors in the page');
  } finally {
    await context.close();
  }
}

async function openApp(page, path, ready) {
  await page.goto(path);
  await ready(page);
  await page.waitForTimeout(100); // let transitions settle (theme colours)
}

export const appJourneys = ['light', 'dark'].map((theme) => ({
  name: `a11y: axe finds no serious or critical issue on the sign-in and signed-in pages (${theme})`,
  run: async (ctx) => {
    const { member, newcomer, admin, project } = await seedAccounts(ctx);
    const problems = [];
    const scan = async (page, label) => problems.push(...(await seriousViolations(page, `${label} (${theme})`)));

    await withSession(ctx, null, theme, async (page) => {
      for (const [path, heading] of [
        ['/login', 'Login to Your Account'],
        ['/signup', /Sign ?up|Create/i],
        ['/cancel', /cancel/i],
        ['/forgot-password', 'Reset your password'],
        ['/reset-password', 'Set a new password'], // no token: the way to a new link
        ['/reset-password?token=axe', 'Set a new password'],
      ]) {
        await openApp(page, path, (p) => p.getByRole('heading', { name: heading }).first().waitFor());
        await scan(page, path);
      }
      // The login error state.
      await page.goto('/login');
      await page.getByLabel('Email or Username').fill('nobody-here');
      await page.getByLabel('Password').fill('wrong-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('alert').first().waitFor();
      await scan(page, '/login with an error');
    });

    await withSession(ctx, newcomer, theme, async (page) => {
      await openApp(page, '/choose-plan', (p) => p.getByRole('button', { name: 'Subscribe' }).waitFor());
      await scan(page, '/choose-plan');
      await openApp(page, '/success', (p) => p.locator('h1').first().waitFor());
      await scan(page, '/success');
    });

    await withSession(ctx, member, theme, async (page) => {
      await openApp(page, '/projects', (p) => p.getByRole('heading', { name: 'Your Projects' }).waitFor());
      await scan(page, '/projects');
      await page.getByRole('button', { name: 'Create New Project' }).click();
      await page.getByLabel('Project Name').waitFor();
      await scan(page, '/projects with the create form');
      await page
        .getByRole('button', { name: `Actions for ${project.name}` })
        .click()
        .catch(() => {});
      await scan(page, '/projects with the project menu');

      const board = `/kanban/${project.id}`;
      await openApp(page, board, (p) => p.getByRole('table', { name: 'Tasks spreadsheet' }).waitFor());
      await scan(page, `${board} spreadsheet`);
      await page
        .getByRole('button', { name: /^Open task / })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Edit Task' }).waitFor();
      await page.waitForTimeout(300);
      await scan(page, `${board} spreadsheet with the task modal`);
      await page.keyboard.press('Escape');
      await page
        .getByRole('dialog')
        .waitFor({ state: 'detached' })
        .catch(() => {});
      await page.getByLabel('View', { exact: true }).selectOption({ label: 'Kanban View' });
      await page.getByRole('region', { name: 'To Do column' }).locator('[data-task-id]').first().waitFor();
      await scan(page, `${board} kanban`);
      await page
        .getByRole('region', { name: 'To Do column' })
        .getByRole('button', { name: /^Open task / })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Edit Task' }).waitFor();
      await page.waitForTimeout(300);
      await scan(page, `${board} kanban with the task modal`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Add Task' }).click();
      await page.getByRole('dialog', { name: 'Add Task' }).waitFor();
      await page.waitForTimeout(300);
      await scan(page, `${board} with the Add Task modal`);
      await page.getByRole('dialog', { name: 'Add Task' }).getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Export' }).click();
      await scan(page, `${board} with the export menu`);
      await page.keyboard.press('Escape');

      await openApp(page, '/account-settings', (p) => p.getByRole('heading', { name: 'Billing History' }).waitFor());
      await scan(page, '/account-settings');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
      await page.waitForTimeout(300);
      await scan(page, '/account-settings with the delete dialog');
      await page.keyboard.press('Escape');
      await openApp(page, '/projects', (p) => p.getByRole('heading', { name: 'Your Projects' }).waitFor());
      await page.getByRole('button', { name: 'Open menu' }).click();
      await scan(page, '/projects with the navbar menu open');
    });

    await withSession(ctx, admin, theme, async (page) => {
      await openApp(page, '/admin/subscriptions', (p) => p.locator('h1').first().waitFor());
      await page.waitForLoadState('networkidle');
      await scan(page, '/admin/subscriptions');
    });

    assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
  },
}));

journeys.push(...appJourneys);
