// The board's spreadsheet, its exports, the project form and the landing estimate as a user
// meets them (issue 17): a refused inline cost keeps its value and says why, Escape restores;
// money formatted in the sheet; the CSV names the project; the project form's standard task
// list; the landing estimate's field messages with the last result kept; axe scans of the sheet
// with an error shown (light and dark); screenshots at 1280×800 and 390×844. Journeys for
// e2e/run.mjs; each seeds its own user and depends on no other journey.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seriousViolations } from './a11y.spec.mjs';
import { authed, createProject, registerUser, subscribeLocally } from './seed.mjs';

const SIZES = [
  { width: 1280, height: 800, tag: 'desktop' },
  { width: 390, height: 844, tag: 'phone' },
];

/** A subscribed user with one project and a few tasks (costs, a past due date, a cost far above its prediction). */
async function seedBoard(ctx, prefix) {
  const user = await registerUser(ctx.base, prefix);
  await subscribeLocally(ctx.base, user);
  const project = await createProject(ctx.base, user, { name: `Cedar Lane ${prefix}`, budget: 450000 });
  const call = authed(ctx.base, user);
  const add = async (body) =>
    (
      await call('/api/tasks/', {
        method: 'POST',
        body: JSON.stringify({
          project: project.id,
          description: '',
          status: 'To Do',
          material_quality: 'standard',
          actual_cost: null,
          due_date: null,
          ...body,
        }),
      })
    ).json();
  const tasks = {
    foundation: await add({ title: 'Foundation', actual_cost: 44100, status: 'Paid', due_date: '2026-02-01' }),
    framing: await add({ title: 'Framing', actual_cost: 18250.5, status: 'In Progress', due_date: '2020-01-15' }),
    roofing: await add({ title: 'Roofing', description: 'Shingles, "architectural"', due_date: '2199-06-30' }),
  };
  return { user, project, tasks, call };
}

async function signedIn(ctx, user, { width = 1280, height = 800, theme = 'light' } = {}) {
  const context = await ctx.browser.newContext({
    baseURL: ctx.base,
    viewport: { width, height },
    acceptDownloads: true,
  });
  await context.addInitScript(
    ({ t, access, refresh }) => {
      if (window !== window.top) return;
      localStorage.setItem('theme', t);
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('access_token', access);
        localStorage.setItem('refresh_token', refresh);
        sessionStorage.setItem('seeded', '1');
      }
    },
    { t: theme, access: user.access, refresh: user.refresh },
  );
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  ctx.state.pages = [...(ctx.state.pages ?? []), page];
  return { context, page, errors };
}

async function shot(ctx, page, name) {
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(ctx.shots, `${name}.png`), fullPage: true });
}

async function openSheet(page, projectId) {
  await page.goto(`/kanban/${projectId}`);
  await page.getByRole('table', { name: 'Tasks spreadsheet' }).waitFor();
}

/** Types a cost into a cell and leaves it; resolves with the PATCH's response. */
async function typeCost(page, taskId, title, value) {
  const cost = page.getByLabel(`Your cost for ${title}`);
  await cost.click();
  await cost.fill(value);
  const answered = page.waitForResponse(
    (r) => r.url().endsWith(`/api/tasks/${taskId}/`) && r.request().method() === 'PATCH',
  );
  await cost.press('Tab');
  return answered;
}

/** Puts the sheet in its error state: a negative cost refused by the server, message shown. */
async function refuseNegativeCost(ctx, page, board) {
  const { eventually } = ctx.helpers;
  const res = await typeCost(page, board.tasks.framing.id, 'Framing', '-5');
  assert.equal(res.status(), 400, 'the server refuses a negative cost');
  const cost = page.getByLabel('Your cost for Framing');
  await eventually(async () => (await cost.getAttribute('aria-invalid')) === 'true', 'the cell is marked invalid');
  return cost;
}

export const journeys = [
  {
    name: 'sheet: money is formatted, due dates and overruns are marked, the totals row sums the columns',
    run: async (ctx) => {
      const board = await seedBoard(ctx, 'sheetfmt');
      const { context, page, errors } = await signedIn(ctx, board.user);
      try {
        await openSheet(page, board.project.id);
        const { expectText } = ctx.helpers;
        assert.equal(await page.getByLabel('Your cost for Foundation').inputValue(), '$44,100.00');
        assert.equal(await page.getByLabel('Your cost for Framing').inputValue(), '$18,250.50');
        assert.equal(await page.getByLabel('Your cost for Roofing').inputValue(), '');
        // Focused, a cell shows the figure to edit; left, the money again.
        await page.getByLabel('Your cost for Framing').focus();
        assert.equal(await page.getByLabel('Your cost for Framing').inputValue(), '18250.50');
        await page.keyboard.press('Tab');
        assert.equal(await page.getByLabel('Your cost for Framing').inputValue(), '$18,250.50');
        // Predicted cells and totals are money too; no bare numbers anywhere in the sheet.
        const sheetText = await page.getByRole('table', { name: 'Tasks spreadsheet' }).innerText();
        assert.doesNotMatch(sheetText, /(^|\s)\d{4,}(\.\d+)?(\s|$)/, `a bare number in the sheet: ${sheetText}`);
        await expectText(page.getByTestId('sheet-total-actual'), '$62,350.50');
        const row = (id) => page.locator(`tr[data-task-id="${id}"]`);
        await expectText(row(board.tasks.framing.id), /Overdue: /);
        assert.equal(
          await row(board.tasks.foundation.id)
            .getByText(/Overdue/)
            .count(),
          0,
          'a Paid task is never overdue',
        );
        await expectText(row(board.tasks.roofing.id), /Due /);
        // Sorting by a header, announced with aria-sort.
        const header = page.getByRole('columnheader', { name: /Your Cost/ });
        await header.getByRole('button').click();
        assert.equal(await header.getAttribute('aria-sort'), 'ascending');
        const order = await page
          .locator('tbody tr[data-task-id]')
          .evaluateAll((rows) => rows.map((r) => r.dataset.taskId));
        assert.deepEqual(
          order,
          [board.tasks.framing.id, board.tasks.foundation.id, board.tasks.roofing.id].map(String),
        );
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    },
  },
  {
    name: "sheet: a negative cost stays in its cell with the server's reason and is not saved; Escape restores",
    run: async (ctx) => {
      const board = await seedBoard(ctx, 'sheeterr');
      const { context, page, errors } = await signedIn(ctx, board.user);
      try {
        await openSheet(page, board.project.id);
        const cost = await refuseNegativeCost(ctx, page, board);
        assert.equal(await cost.inputValue(), '-5', 'the typed value stays');
        const describedBy = (await cost.getAttribute('aria-describedby')) ?? '';
        const message = page.locator(`#${describedBy.split(' ')[0]}`);
        assert.ok(await message.isVisible(), 'the reason is visible');
        assert.match(await message.innerText(), /greater than or equal to 0/);
        // The message sits in the cell, next to the input.
        const sameCell = await message.evaluate(
          (el, id) => el.closest('td') === document.getElementById(id)?.closest('td'),
          describedBy.split(' ')[0],
        );
        assert.ok(sameCell);
        // The server still has the old cost.
        const saved = await (await board.call(`/api/projects/${board.project.id}/tasks/`)).json();
        assert.equal(saved.find((t) => t.id === board.tasks.framing.id).actual_cost, 18250.5);
        for (const size of SIZES) {
          await page.setViewportSize({ width: size.width, height: size.height });
          await shot(ctx, page, `issue17-sheet-error-${size.tag}`);
        }
        await page.setViewportSize({ width: 1280, height: 800 });
        // Escape: back to the saved value, no message.
        await cost.click();
        await cost.press('Escape');
        assert.equal(await cost.inputValue(), '18250.50');
        assert.equal(await cost.getAttribute('aria-invalid'), null);
        assert.equal(await message.count(), 0, 'the message is gone');
        await cost.press('Tab');
        assert.equal(await cost.inputValue(), '$18,250.50');
        // A good value after that saves.
        const ok = await typeCost(page, board.tasks.framing.id, 'Framing', '19000');
        assert.equal(ok.status(), 200);
        await ctx.helpers.eventually(async () => (await cost.inputValue()) === '$19,000.00', 'saved and formatted');
        assert.deepEqual(
          errors.filter((e) => !/Inline task update failed/.test(e)),
          [],
        );
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'sheet: the CSV export names the project and gives its budget and totals',
    run: async (ctx) => {
      const board = await seedBoard(ctx, 'sheetcsv');
      const { context, page } = await signedIn(ctx, board.user);
      try {
        await openSheet(page, board.project.id);
        await page.getByRole('button', { name: 'Export' }).click();
        const download = page.waitForEvent('download');
        await page.getByRole('menuitem', { name: 'Export CSV' }).click();
        const csv = await download;
        assert.equal(csv.suggestedFilename(), `kanban_tasks_project_${board.project.id}.csv`);
        const path = join(ctx.downloads, `issue17-${csv.suggestedFilename()}`);
        await csv.saveAs(path);
        const lines = readFileSync(path, 'utf8').split('\r\n');
        assert.equal(lines[0], `Project,${board.project.name}`);
        assert.equal(lines[1], 'Budget,450000.00');
        assert.match(lines[2], /^Predicted total,\d+\.\d{2},/);
        // The spec's columns first, then the ledger's (issue 29); the totals row adds the actual costs.
        const starts = (prefix) => lines.some((l) => l.startsWith(prefix));
        assert.ok(starts('Task,Description,Actual Cost,Status,Contractor,'), lines.join('\n'));
        assert.ok(starts('Foundation,,44100.00,Paid,'), lines.join('\n'));
        assert.ok(starts('Roofing,"Shingles, ""architectural""",,To Do,'), lines.join('\n'));
        assert.ok(
          lines.some((l) => /^Total \(\d+ tasks?\),,62350\.50,/.test(l)),
          lines.join('\n'),
        );
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'projects: "Start from the standard task list" fills the new board',
    run: async (ctx) => {
      const spec = await (await fetch(`${ctx.base}/api/openapi.json`)).json().catch(() => ({}));
      if (!spec?.paths?.['/api/projects/{id}/tasks/template/']) {
        console.log('    [skip] this server has no POST /api/projects/{id}/tasks/template/ yet');
        return;
      }
      const user = await registerUser(ctx.base, 'template');
      await subscribeLocally(ctx.base, user);
      const { context, page, errors } = await signedIn(ctx, user);
      try {
        await page.goto('/projects');
        await page.getByRole('button', { name: 'Create New Project' }).click();
        await page.getByLabel('Project Name').fill('Template House');
        await page.getByLabel('Zip Code').fill('78701');
        await page.getByLabel('Project Type').selectOption('new_home_build');
        await page.getByLabel('Property Type').selectOption('single_family');
        await page.getByLabel('Square Footage').fill('2400');
        await page.getByLabel('Budget ($)').fill('450000');
        await page.getByLabel('Start Date').fill('2026-03-01');
        await page.getByLabel('End Date').fill('2027-02-28');
        await page.getByLabel('Yes, I will be managing my project').check();
        assert.ok(await page.getByLabel('Start from the standard task list').isChecked(), 'ticked by default');
        const created = page.waitForResponse(
          (r) => r.url().endsWith('/api/projects/') && r.request().method() === 'POST',
        );
        const templated = page.waitForResponse((r) => r.url().endsWith('/tasks/template/'));
        await page.getByRole('button', { name: 'Create Project' }).click();
        const project = await (await created).json();
        assert.equal((await templated).status(), 201);
        const tasks = await (await authed(ctx.base, user)(`/api/projects/${project.id}/tasks/`)).json();
        assert.ok(tasks.length >= 10, `the standard list has tasks (${tasks.length})`);
        assert.ok(
          tasks.some((t) => /Foundation/i.test(t.title)),
          'it starts with the foundation',
        );
        // The new board opens (issue 30).
        await ctx.helpers.expectUrl(page, new RegExp(`^/kanban/${project.id}$`));
        await page.getByRole('table', { name: 'Tasks spreadsheet' }).waitFor();
        assert.equal(await page.locator('tbody tr[data-task-id]').count(), Math.min(tasks.length, 200));
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'landing: an empty square footage is flagged beside the field and the last estimate stays',
    run: async (ctx) => {
      for (const size of SIZES) {
        const context = await ctx.browser.newContext({
          baseURL: ctx.base,
          viewport: { width: size.width, height: size.height },
        });
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        const errors = [];
        page.on('pageerror', (e) => errors.push(e.message));
        ctx.state.pages = [...(ctx.state.pages ?? []), page];
        try {
          await page.goto('/');
          await page.waitForFunction(() =>
            /^https?:/.test(document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? ''),
          );
          await page.getByLabel('Zip code').fill('78701');
          await page.getByLabel('Square footage').fill('2400');
          await page.getByRole('button', { name: 'Get my free estimate' }).click();
          const total = page.getByTestId('estimate-total');
          await total.waitFor();
          const before = await total.innerText();
          // Sources by publisher and title: never a repository or a file.
          const result = page.getByTestId('estimate-result');
          const sources = await result.locator('li:has(cite), li:has(a)').allInnerTexts();
          assert.ok(sources.length > 3, 'sources listed');
          assert.doesNotMatch(sources.join('\n'), /github|\.py\b|\.csv\b|repository/i);
          const hrefs = await result.locator('a[href]').evaluateAll((as) => as.map((a) => a.href));
          assert.ok(hrefs.length > 0 && hrefs.every((h) => /^https?:/.test(h) && !/github/i.test(h)), hrefs.join(' '));

          await page.getByLabel('Square footage').fill('');
          await page.getByRole('button', { name: 'Get my free estimate' }).click();
          const message = page.getByTestId('estimate-sqft-error');
          await message.waitFor();
          assert.equal(await message.innerText(), 'Enter the square footage.');
          assert.equal(await page.getByLabel('Square footage').getAttribute('aria-invalid'), 'true');
          assert.equal(await total.innerText(), before, 'the last estimate stays');
          await page.getByTestId('estimate-previous').waitFor();

          // A zip code the server refuses: a human message beside it, never "zip_code: ...".
          await page.getByLabel('Square footage').fill('2400');
          await page.getByLabel('Zip code').fill('12');
          await page.getByRole('button', { name: 'Get my free estimate' }).click();
          const zip = page.getByTestId('estimate-zip-error');
          await zip.waitFor();
          assert.equal(await zip.innerText(), 'Enter a 5-digit zip code, like 78701.');
          assert.doesNotMatch(await page.locator('main').innerText(), /zip_code|square_footage/);
          assert.equal(await total.innerText(), before);
          await page.getByLabel('Square footage').fill('');
          await page.getByRole('button', { name: 'Get my free estimate' }).click();
          await message.waitFor();
          // The form with its messages at the top of the screen, then the kept result.
          await page.evaluate(() => {
            const form = document.querySelector('form[aria-label="Free cost estimate"]');
            window.scrollTo(0, window.scrollY + (form?.getBoundingClientRect().top ?? 0) - 70);
          });
          await page.waitForTimeout(150);
          await page.screenshot({ path: join(ctx.shots, `issue17-landing-estimate-errors-${size.tag}.png`) });
          await page.getByTestId('estimate-previous').evaluate((el) => el.scrollIntoView({ block: 'start' }));
          await page.evaluate(() => window.scrollBy(0, -70));
          await page.waitForTimeout(150);
          await page.screenshot({ path: join(ctx.shots, `issue17-landing-estimate-kept-${size.tag}.png`) });
          assert.deepEqual(errors, []);
        } finally {
          await context.close();
        }
      }
    },
  },
  ...['light', 'dark'].map((theme) => ({
    name: `a11y: axe finds no serious or critical issue on the spreadsheet with a refused edit shown (${theme})`,
    run: async (ctx) => {
      const board = await seedBoard(ctx, `sheetaxe${theme}`);
      const { context, page } = await signedIn(ctx, board.user, { theme });
      try {
        await openSheet(page, board.project.id);
        await refuseNegativeCost(ctx, page, board);
        await page
          .getByRole('columnheader', { name: /Predicted Cost/ })
          .getByRole('button')
          .click();
        await page.waitForTimeout(150);
        const problems = await seriousViolations(page, `spreadsheet with an error (${theme})`);
        assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
        await shot(ctx, page, `issue17-sheet-error-${theme}`);
      } finally {
        await context.close();
      }
    },
  })),
];
