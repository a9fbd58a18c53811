// The board as a user meets it (issue 17), for e2e/run.mjs: the standard task list on an empty
// board, the Paid modal pre-filled, field messages in the task and budget dialogs, the phone
// layout with a touch long-press drag, the remembered view, confetti under the page's CSP, drops
// outside every column, delete with Undo, document rename/delete and refused uploads; axe scans
// of the new states in both themes. Each journey seeds its own user through the API.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seriousViolations } from './a11y.spec.mjs';
import { authed, createProject, registerUser, subscribeLocally } from './seed.mjs';

/** A document's name in the task dialog's Documents list (the task's Activity names files too). */
const docName = (dialog, name) => dialog.locator('.doc-name', { hasText: name });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function seedUser(ctx, prefix, projectOverrides = {}) {
  const user = await registerUser(ctx.base, prefix);
  await subscribeLocally(ctx.base, user);
  const project = await createProject(ctx.base, user, { name: 'Cedar Lane House', ...projectOverrides });
  return { user, project };
}

async function createTask(ctx, user, body) {
  const res = await authed(ctx.base, user)('/api/tasks/', { method: 'POST', body: JSON.stringify(body) });
  return res.json();
}

async function uploadDoc(ctx, user, taskId, name, text) {
  const form = new FormData();
  form.append('task', String(taskId));
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const res = await fetch(`${ctx.base}/api/documents/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user.access}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return res.json();
}

async function apiStatus(ctx, user, path, init = {}) {
  const res = await fetch(`${ctx.base}${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.access}`, ...(init.headers ?? {}) },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function taskExists(ctx, user, projectId, taskId) {
  const { body } = await apiStatus(ctx, user, `/api/projects/${projectId}/tasks/`);
  return body.some((t) => t.id === taskId);
}

/**
 * A signed-in page in its own context: tokens (once per tab: refresh tokens rotate), theme and
 * board views in local storage; CSP violations and console errors recorded.
 */
async function signedIn(ctx, user, { size = DESKTOP, theme = 'light', views = {}, touch = false } = {}) {
  const context = await ctx.browser.newContext({
    baseURL: ctx.base,
    viewport: size,
    ...(touch ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {}),
  });
  await context.addInitScript(
    ({ access, refresh, theme, views }) => {
      window.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('access_token', access);
      localStorage.setItem('refresh_token', refresh);
      localStorage.setItem('theme', theme);
      for (const [k, v] of Object.entries(views)) localStorage.setItem(k, v);
    },
    { access: user.access, refresh: user.refresh, theme, views },
  );
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) errors.push(m.text());
  });
  ctx.state.pages = [...(ctx.state.pages ?? []), page];
  return { context, page, errors };
}

async function shot(ctx, page, name, fullPage = false) {
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(ctx.shots, `board-ux-${name}.png`), fullPage });
}

async function openBoard(page, projectId) {
  await page.goto(`/kanban/${projectId}`);
  await page.getByRole('button', { name: 'Add Task' }).waitFor();
}

/** Collects axe findings; `check()` fails with all of them at once. */
function axeScanner() {
  const problems = [];
  return {
    scan: async (page, label) => {
      await page.waitForTimeout(250); // colour transitions
      problems.push(...(await seriousViolations(page, label)));
    },
    check: (assert) => assert(problems.length === 0, `axe:\n${problems.join('\n')}`),
  };
}

/** Keyboard drag (deterministic): Space, arrows, Space, as the journeys do. */
async function keyboardDrag(page, taskId, keys) {
  await page.locator(`li[data-task-id="${taskId}"] .task-drag`).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  for (const k of keys) {
    await page.keyboard.press(k);
    await page.waitForTimeout(250);
  }
  await page.keyboard.press('Space');
}

const isPatchOf = (id) => (r) => r.url().endsWith(`/api/tasks/${id}/`) && r.request().method() === 'PATCH';

export const journeys = [
  {
    name: 'board ux: an empty board starts from the standard task list (then 409), beside the whole-house estimate',
    run: async (ctx) => {
      const { assert, expectText, eventually } = ctx.helpers;
      const { user, project } = await seedUser(ctx, 'tmpl');
      const axe = axeScanner();
      for (const theme of ['light', 'dark']) {
        const { context, page } = await signedIn(ctx, user, { theme });
        await openBoard(page, project.id);
        await page.getByRole('heading', { name: 'This board has no tasks yet' }).waitFor();
        await axe.scan(page, `empty board (${theme})`);
        await shot(ctx, page, `empty-board-1280-${theme}`);
        await context.close();
      }
      const { context, page, errors } = await signedIn(ctx, user);
      await openBoard(page, project.id);
      const created = page.waitForResponse(
        (r) => r.url().endsWith(`/api/projects/${project.id}/tasks/template/`) && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Start from the standard task list' }).click();
      const res = await created;
      assert(res.status() === 201, `template answered ${res.status()}`);
      const tasks = await res.json();
      assert(Array.isArray(tasks) && tasks.length > 20, `template created ${tasks.length} tasks`);
      await page.getByRole('table', { name: 'Tasks spreadsheet' }).waitFor();
      await eventually(
        async () => (await page.locator('tbody tr[data-task-id]').count()) === tasks.length,
        'every template task listed',
      );
      // The summary shows the whole-house estimate and how much of it the tasks cover.
      await page.getByTestId('full-build-estimate').waitFor();
      await expectText(
        page.getByTestId('estimate-coverage'),
        /The catalogue’s estimate, for comparison: your \d+ tasks cover \$[\d,]+ of it \(\d+%\)\./,
      );
      const summary = (await apiStatus(ctx, user, `/api/projects/${project.id}/summary/`)).body;
      assert(summary.full_build_estimate > 0, `summary ${JSON.stringify(summary)}`);
      // A prediction: whole dollars (what it is: the coverage sentence above).
      const whole = (n) => `$${Math.round(n).toLocaleString('en-US')}`;
      await expectText(page.getByTestId('full-build-estimate'), whole(summary.full_build_estimate));
      await axe.scan(page, 'board with the estimate (light)');
      await shot(ctx, page, 'template-1280-light');
      // A board that has tasks is refused the list again.
      const again = await apiStatus(ctx, user, `/api/projects/${project.id}/tasks/template/`, { method: 'POST' });
      assert(again.status === 409 && again.body.error === 'conflict', `second template: ${JSON.stringify(again)}`);
      assert(typeof again.body.message === 'string' && again.body.message.length > 0, 'a conflict message');
      assert(errors.length === 0, errors.join('\n'));
      axe.check(assert);
      await context.close();
    },
  },
  {
    name: 'board ux: the Paid modal starts from the recorded cost (Enter keeps $62,300), confetti draws under the CSP',
    run: async (ctx) => {
      const { assert, eventually, expectText } = ctx.helpers;
      const { user, project } = await seedUser(ctx, 'paid');
      const plumbing = await createTask(ctx, user, {
        project: project.id,
        title: 'Plumbing Rough',
        status: 'In Progress',
        actual_cost: 62300,
        material_quality: 'standard',
      });
      const framing = await createTask(ctx, user, {
        project: project.id,
        title: 'Framing',
        material_quality: 'standard',
      });
      const { context, page, errors } = await signedIn(ctx, user, {
        views: { [`board-view:${project.id}`]: 'kanban' },
      });
      const doc = await page.goto(`/kanban/${project.id}`);
      assert(/script-src 'self'/.test(doc.headers()['content-security-policy'] ?? ''), 'the board page has a CSP');
      await page.getByRole('region', { name: 'In Progress column' }).locator('[data-task-id]').first().waitFor();

      await keyboardDrag(page, plumbing.id, ['ArrowRight']);
      const dialog = page.getByRole('dialog', { name: 'Enter Actual Cost' });
      await dialog.waitFor();
      const input = dialog.getByLabel('Actual Cost');
      assert((await input.inputValue()) === '62300', `pre-filled with ${await input.inputValue()}`);
      // Focus stays in the dialog, not on the card behind it (dnd-kit restores it there after a drop).
      await page.waitForTimeout(300);
      const focused = await page.evaluate(() => document.activeElement?.id);
      assert(focused === 'number-prompt', `focus after the drop: ${focused}`);
      // No payment recorded yet: recording the final cost as a payment dated today is offered, ticked.
      assert(
        await dialog
          .getByRole('checkbox', { name: /^Record the \$62,300\.00 difference as a payment dated today/ })
          .isChecked(),
        'the offer to record the difference',
      );
      await shot(ctx, page, 'paid-prefilled-1280-light');
      const saved = page.waitForResponse(isPatchOf(plumbing.id));
      await input.press('Enter');
      const res = await saved;
      const sent = JSON.parse(res.request().postData());
      assert(res.status() === 200 && sent.actual_cost === 62300 && sent.status === 'Paid', JSON.stringify(sent));
      await expectText(page.getByTestId('total-paid'), '$62,300.00');
      // Confetti: a canvas added for the animation, with pixels drawn on it, and no CSP report.
      await eventually(
        () =>
          page.evaluate(() =>
            [...document.querySelectorAll('body > canvas')].some((c) => {
              const g = c.getContext('2d');
              if (!g || !c.width || !c.height) return false;
              const data = g.getImageData(0, 0, c.width, c.height).data;
              for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
              return false;
            }),
          ),
        'a confetti canvas with pixels drawn',
        5000,
      );
      const csp = await page.evaluate(() => window.__csp);
      assert(csp.length === 0, `CSP violations: ${csp.join(', ')}`);

      // "Move to…" in a card's menu goes through the same modal: never pre-filled with the
      // prediction (nothing is recorded yet), which is a hint in whole dollars.
      await page.getByRole('button', { name: 'Actions for Framing' }).click();
      await page.getByRole('menuitem', { name: 'Move to Paid' }).click();
      await dialog.waitFor();
      const predicted = Math.round(framing.regional_average_cost_per_sqft * 100) * 2400;
      assert(
        (await dialog.getByLabel('Actual Cost').inputValue()) === '',
        `no pre-fill: ${await dialog.getByLabel('Actual Cost').inputValue()} (rate ${framing.regional_average_cost_per_sqft})`,
      );
      await expectText(
        dialog.getByTestId('number-prompt-hint'),
        `Predicted $${Math.round(predicted / 100).toLocaleString('en-US')}`,
      );
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expectText(page.getByRole('region', { name: 'To Do column' }), 'Framing');
      // A cleared field still means $0.00.
      await page.getByRole('button', { name: 'Actions for Framing' }).click();
      await page.getByRole('menuitem', { name: 'Move to Paid' }).click();
      await dialog.getByLabel('Actual Cost').fill('');
      const zero = page.waitForResponse(isPatchOf(framing.id));
      await dialog.getByLabel('Actual Cost').press('Enter');
      const zeroSent = JSON.parse((await zero).request().postData());
      assert(zeroSent.actual_cost === 0 && zeroSent.status === 'Paid', `blank: ${JSON.stringify(zeroSent)}`);
      assert((await page.evaluate(() => window.__csp)).length === 0, 'no CSP violation');
      assert(errors.length === 0, errors.join('\n'));
      await context.close();
    },
  },
  {
    name: "board ux: an empty title and an empty budget show the server's messages at their fields",
    run: async (ctx) => {
      const { assert, eventually, expectText } = ctx.helpers;
      const { user, project } = await seedUser(ctx, 'fields');
      await createTask(ctx, user, { project: project.id, title: 'Foundation' });
      const axe = axeScanner();
      for (const theme of ['light', 'dark']) {
        const { context, page } = await signedIn(ctx, user, { theme });
        await openBoard(page, project.id);
        await page.getByRole('button', { name: 'Add Task' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add Task' });
        await dialog.waitFor();
        const answered = page.waitForResponse(
          (r) => r.url().endsWith('/api/tasks/') && r.request().method() === 'POST',
        );
        await dialog.getByRole('button', { name: 'Save' }).click();
        assert((await answered).status() === 400, 'the server refuses a blank title');
        const title = dialog.getByLabel('Task Title');
        await eventually(async () => (await title.getAttribute('aria-invalid')) === 'true', 'title marked invalid');
        const describedBy = await title.getAttribute('aria-describedby');
        await expectText(page.locator(`[id="${describedBy}"]`), 'This field may not be blank.');
        assert((await title.getAttribute('aria-required')) === 'true', 'Task Title marked required');
        await expectText(page.locator('.banner'), 'Failed to save task.');
        await axe.scan(page, `task form with a field error (${theme})`);
        await shot(ctx, page, `title-error-1280-${theme}`);
        // Typing clears the message; a valid title saves.
        await title.fill('Septic System');
        assert((await title.getAttribute('aria-invalid')) === null, 'message cleared while typing');
        await dialog.getByRole('button', { name: 'Cancel' }).click();

        await page.getByRole('button', { name: 'Update Budget' }).click();
        const budget = page.getByRole('dialog', { name: 'Update Project Budget' });
        await budget.getByLabel('Budget').fill('');
        const patched = page.waitForResponse(
          (r) => r.url().endsWith(`/api/projects/${project.id}/`) && r.request().method() === 'PATCH',
        );
        await budget.getByLabel('Budget').press('Enter');
        assert((await patched).status() === 400, 'the server refuses an empty budget');
        const field = budget.getByLabel('Budget');
        await eventually(async () => (await field.getAttribute('aria-invalid')) === 'true', 'budget marked invalid');
        await expectText(
          page.locator(`[id="${await field.getAttribute('aria-describedby')}"]`),
          'This field is required.',
        );
        await expectText(page.locator('.banner'), 'Failed to update budget.');
        await axe.scan(page, `budget dialog with a field error (${theme})`);
        await shot(ctx, page, `budget-error-1280-${theme}`);
        await budget.getByLabel('Budget').fill('475000');
        await budget.getByLabel('Budget').press('Enter');
        await budget.waitFor({ state: 'detached' });
        await expectText(page.getByTestId('budget-value'), '$475,000.00');
        await context.close();
      }
      axe.check(assert);
    },
  },
  {
    name: 'board ux: the chosen view is remembered per project across reloads',
    run: async (ctx) => {
      const { assert, eventually } = ctx.helpers;
      const { user, project } = await seedUser(ctx, 'view');
      const other = await createProject(ctx.base, user, { name: 'Second Lot' });
      for (const p of [project, other]) await createTask(ctx, user, { project: p.id, title: 'Framing' });
      const { context, page } = await signedIn(ctx, user);
      await openBoard(page, project.id);
      const viewSelect = page.getByLabel('View', { exact: true });
      assert((await viewSelect.inputValue()) === 'spreadsheet', 'Spreadsheet by default');
      await viewSelect.selectOption({ label: 'Kanban View' });
      await page.getByRole('region', { name: 'To Do column' }).waitFor();
      await page.reload();
      await page.getByRole('region', { name: 'To Do column' }).waitFor();
      assert((await viewSelect.inputValue()) === 'kanban', 'Kanban after a reload');
      await openBoard(page, other.id);
      await page.getByRole('table', { name: 'Tasks spreadsheet' }).waitFor();
      assert((await viewSelect.inputValue()) === 'spreadsheet', 'another project keeps its own view');
      await openBoard(page, project.id);
      await eventually(async () => (await viewSelect.inputValue()) === 'kanban', 'back to Kanban on the first');
      // One theme control: the board's select; the navbar has none.
      assert((await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).count()) === 0, 'no moon');
      await page.getByLabel('Theme', { exact: true }).selectOption('dark');
      await page.goto('/projects');
      await page.getByRole('heading', { name: 'Your Projects' }).waitFor();
      assert((await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark', 'theme app-wide');
      await context.close();
    },
  },
  {
    name: 'board ux: a card dropped over the summary or the navbar stays where it was (no request)',
    run: async (ctx) => {
      const { assert, eventually, expectText } = ctx.helpers;
      const { user, project } = await seedUser(ctx, 'outside');
      const t = await createTask(ctx, user, { project: project.id, title: 'Roofing' });
      const { context, page } = await signedIn(ctx, user, { views: { [`board-view:${project.id}`]: 'kanban' } });
      await openBoard(page, project.id);
      const card = page.locator(`li[data-task-id="${t.id}"] .task-drag`);
      await card.waitFor();
      let patches = 0;
      page.on('request', (r) => {
        if (r.method() === 'PATCH' && r.url().includes('/api/tasks/')) patches += 1;
      });
      const drag = async (target) => {
        const from = await card.boundingBox();
        const to = await target.boundingBox();
        await page.mouse.move(from.x + 40, from.y + 20);
        await page.mouse.down();
        for (let i = 1; i <= 12; i += 1) {
          await page.mouse.move(
            from.x + 40 + ((to.x + to.width / 2 - from.x - 40) * i) / 12,
            from.y + 20 + ((to.y + to.height / 2 - from.y - 20) * i) / 12,
          );
          await page.waitForTimeout(16);
        }
        await page.waitForTimeout(150);
        await page.mouse.up();
        await page.waitForTimeout(600);
      };
      await drag(page.getByTestId('budget-value'));
      await drag(page.locator('.navbar .brand'));
      assert(patches === 0, `a drop outside the columns sent ${patches} PATCH`);
      await expectText(page.getByRole('region', { name: 'To Do column' }), 'Roofing');
      // The same drag into a column moves the card (one request).
      const moved = page.waitForResponse(isPatchOf(t.id));
      await drag(page.getByRole('region', { name: 'In Progress column' }));
      const sent = JSON.parse((await moved).request().postData());
      assert(sent.status === 'In Progress', `moved with ${JSON.stringify(sent)}`);
      await eventually(async () => patches === 1, 'one request for the drop');
      await context.close();
    },
  },
  {
    name: 'board ux: delete asks first, Undo restores the task and its documents; documents rename, delete, refused upload',
    run: async (ctx) => {
      const { assert, eventually, expectText } = ctx.helpers;
      const { user, project } = await seedUser(ctx, 'undo');
      const t = await createTask(ctx, user, { project: project.id, title: 'Kitchen Cabinets' });
      const gone = await createTask(ctx, user, { project: project.id, title: 'Pool' });
      const left = await createTask(ctx, user, { project: project.id, title: 'Fence' });
      await uploadDoc(ctx, user, t.id, 'cabinet-quote.txt', 'Cabinets: $18,400\n');
      await uploadDoc(ctx, user, t.id, 'old-notes.txt', 'notes\n');
      const axe = axeScanner();
      const { context, page, errors } = await signedIn(ctx, user);
      await openBoard(page, project.id);
      let deletes = 0;
      page.on('request', (r) => {
        if (r.method() === 'DELETE' && /\/api\/tasks\/\d+\/$/.test(r.url())) deletes += 1;
      });
      const row = page.locator(`tr[data-task-id="${t.id}"]`);
      await page.getByRole('button', { name: 'Open task Kitchen Cabinets' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Task' });
      await docName(dialog, 'cabinet-quote.txt').waitFor();

      // Rename (the extension is kept) and delete a document (asked first).
      await dialog.getByRole('button', { name: 'Rename cabinet-quote.txt' }).click();
      await dialog.getByLabel('New name for cabinet-quote.txt').fill('Cabinet quote, Acme');
      const renamed = page.waitForResponse(
        (r) => r.request().method() === 'PATCH' && r.url().includes('/api/documents/'),
      );
      await dialog.getByLabel('New name for cabinet-quote.txt').press('Enter');
      const renameRes = await renamed;
      assert(renameRes.status() === 200, `rename answered ${renameRes.status()}`);
      await docName(dialog, 'Cabinet quote, Acme.txt').waitFor();
      await dialog.getByRole('button', { name: 'Delete old-notes.txt' }).click();
      await dialog.getByRole('button', { name: 'Delete document' }).waitFor();
      await axe.scan(page, 'document delete confirmation');
      await dialog.getByRole('button', { name: 'Delete document' }).click();
      await eventually(async () => (await docName(dialog, 'old-notes.txt').count()) === 0, 'document deleted');
      // A blank name is refused at its field.
      await dialog.getByRole('button', { name: 'Rename Cabinet quote, Acme.txt' }).click();
      const nameField = dialog.getByLabel('New name for Cabinet quote, Acme.txt');
      await nameField.fill('   ');
      await nameField.press('Enter');
      await eventually(async () => (await nameField.getAttribute('aria-invalid')) === 'true', 'blank name refused');
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).first().click();

      // A refused upload says why, in the server's words.
      const bad = join(ctx.downloads, 'installer.exe');
      writeFileSync(bad, 'MZ not really a program');
      await dialog.getByLabel('Documents', { exact: true }).setInputFiles(bad);
      const refused = page.waitForResponse(
        (r) => r.url().endsWith('/api/documents/') && r.request().method() === 'POST',
      );
      await dialog.getByRole('button', { name: 'Save' }).click();
      const refusedRes = await refused;
      const { message } = await refusedRes.json();
      assert(refusedRes.status() === 415, `refused upload answered ${refusedRes.status()}`);
      await expectText(dialog.getByRole('alert'), message);
      const alertText = (await dialog.getByRole('alert').textContent()) ?? '';
      assert(!alertText.includes('See console'), `alert: ${alertText}`);
      await axe.scan(page, 'task form with a refused upload');
      await shot(ctx, page, 'refused-upload-1280-light');

      // Delete asks first; the task leaves the view, Undo brings it back, nothing was sent.
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this task?' });
      await confirm.waitFor();
      await axe.scan(page, 'delete confirmation');
      await shot(ctx, page, 'delete-confirm-1280-light');
      await confirm.getByRole('button', { name: 'Delete task' }).click();
      await confirm.waitFor({ state: 'detached' });
      await dialog.waitFor({ state: 'detached' });
      await row.waitFor({ state: 'detached' });
      await expectText(page.locator('.toast'), 'Task deleted.');
      await axe.scan(page, 'board with the Undo toast');
      await shot(ctx, page, 'undo-toast-1280-light');
      await page.getByRole('button', { name: 'Undo deleting Kitchen Cabinets' }).click();
      await row.waitFor();
      assert(deletes === 0, `Undo: ${deletes} DELETE sent`);
      await page.waitForTimeout(6500);
      assert(deletes === 0, 'nothing sent after the Undo time either');
      await page.getByRole('button', { name: 'Open task Kitchen Cabinets' }).click();
      await docName(dialog, 'Cabinet quote, Acme.txt').waitFor();
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();

      // Without Undo the delete becomes final after a few seconds: one DELETE.
      await page.getByRole('button', { name: 'Open task Pool' }).click();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await confirm.getByRole('button', { name: 'Delete task' }).click();
      await page.locator(`tr[data-task-id="${gone.id}"]`).waitFor({ state: 'detached' });
      await eventually(async () => deletes === 1, 'the DELETE is sent when the Undo time is over', 9000);
      await eventually(async () => !(await taskExists(ctx, user, project.id, gone.id)), 'Pool deleted on the server');
      // Leaving the page makes a pending delete final (keepalive request on pagehide).
      await page.getByRole('button', { name: 'Open task Fence' }).click();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await confirm.getByRole('button', { name: 'Delete task' }).click();
      await page.locator(`tr[data-task-id="${left.id}"]`).waitFor({ state: 'detached' });
      await page.goto('/projects');
      await eventually(
        async () => !(await taskExists(ctx, user, project.id, left.id)),
        'Fence deleted when the page was left',
      );
      assert(await taskExists(ctx, user, project.id, t.id), 'Kitchen Cabinets kept');
      const docs = await apiStatus(ctx, user, `/api/documents/?task=${t.id}`);
      assert(docs.body.length === 1, `documents kept: ${JSON.stringify(docs.body)}`);
      assert(errors.length === 0, errors.join('\n'));
      axe.check(assert);
      await context.close();
    },
  },
  {
    name: 'board ux: on a phone the board fits the first screen, and a touch long-press drag moves a card',
    run: async (ctx) => {
      const { assert, eventually, expectText } = ctx.helpers;
      const { user, project } = await seedUser(ctx, 'phone');
      const tpl = await apiStatus(ctx, user, `/api/projects/${project.id}/tasks/template/`, { method: 'POST' });
      assert(tpl.status === 201, `template ${tpl.status}`);
      const [first] = tpl.body;
      const views = { [`board-view:${project.id}`]: 'kanban' };
      const axe = axeScanner();
      for (const theme of ['light', 'dark']) {
        const { context, page } = await signedIn(ctx, user, { size: PHONE, theme, views, touch: true });
        await openBoard(page, project.id);
        const panel = page.getByRole('tabpanel');
        const header = panel.locator('.column-header');
        const card = panel.locator('li[data-task-id]').first();
        await card.waitFor();
        const h = await header.boundingBox();
        const c = await card.boundingBox();
        const strip = await page.getByRole('region', { name: 'Budget summary' }).boundingBox();
        assert(strip.height < 90, `summary strip is compact (${strip.height}px)`);
        assert(h.y + h.height <= PHONE.height, `column header within the first screen (${h.y + h.height})`);
        assert(c.y + c.height <= PHONE.height, `a card within the first screen (bottom at ${c.y + c.height})`);
        const add = await page.getByRole('button', { name: 'Add Task' }).boundingBox();
        const more = await page.getByRole('button', { name: 'More board actions' }).boundingBox();
        assert(Math.abs(add.y - more.y) < 4, 'Add Task and More on one row');
        const tabs = page.getByRole('tab');
        assert((await tabs.count()) === 3, 'three column tabs');
        await expectText(page.getByRole('tab', { name: /In Progress/ }), /\$0\.00\s*0 tasks/);
        await axe.scan(page, `phone kanban (${theme})`);
        await shot(ctx, page, `phone-kanban-390-${theme}`);
        await shot(ctx, page, `phone-kanban-390-${theme}-full`, true);
        await page.getByRole('button', { name: 'More board actions' }).click();
        await page.getByRole('menuitemradio', { name: 'Kanban View' }).waitFor();
        await axe.scan(page, `phone toolbar menu (${theme})`);
        await shot(ctx, page, `phone-menu-390-${theme}`);
        await page.keyboard.press('Escape');
        await page.locator('.strip-toggle').click();
        await shot(ctx, page, `phone-summary-open-390-${theme}`);
        await context.close();
      }

      // A long press picks the card up; dropped on the In Progress tab it moves there.
      const { context, page, errors } = await signedIn(ctx, user, { size: PHONE, views, touch: true });
      await openBoard(page, project.id);
      const card = page.locator(`li[data-task-id="${first.id}"] .task-drag`);
      await card.waitFor();
      const cdp = await context.newCDPSession(page);
      const touch = (type, x, y) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
      const from = await card.boundingBox();
      const tab = await page.getByRole('tab', { name: /In Progress/ }).boundingBox();
      const [x0, y0] = [from.x + from.width / 3, from.y + from.height / 2];
      const [x1, y1] = [tab.x + tab.width / 2, tab.y + tab.height / 2];
      const moved = page.waitForResponse(isPatchOf(first.id));
      await touch('touchStart', x0, y0);
      await page.waitForTimeout(350); // the long press
      for (let i = 1; i <= 20; i += 1) {
        await touch('touchMove', x0 + ((x1 - x0) * i) / 20, y0 + ((y1 - y0) * i) / 20);
        await page.waitForTimeout(20);
      }
      await page.waitForTimeout(200);
      await touch('touchEnd');
      const res = await moved;
      const sent = JSON.parse(res.request().postData());
      assert(res.status() === 200 && sent.status === 'In Progress', `touch drop sent ${JSON.stringify(sent)}`);
      await page.reload();
      await page.getByRole('tab', { name: /In Progress/ }).click();
      await expectText(page.getByRole('tabpanel'), first.title);
      // "Move to…" in the card's menu, for those who cannot drag.
      await page.getByRole('button', { name: `Actions for ${first.title}` }).click();
      await page.getByRole('menuitem', { name: 'Move to To Do' }).click();
      await eventually(
        async () => !((await page.getByRole('tabpanel').textContent()) ?? '').includes(first.title),
        'moved back to To Do',
      );
      assert(errors.length === 0, errors.join('\n'));
      axe.check(assert);
      await context.close();
    },
  },
  {
    name: 'board ux: screenshots of the board at 1280x800 and 390x844, light and dark',
    run: async (ctx) => {
      const { user, project } = await seedUser(ctx, 'shots');
      await apiStatus(ctx, user, `/api/projects/${project.id}/tasks/template/`, { method: 'POST' });
      const tasks = (await apiStatus(ctx, user, `/api/projects/${project.id}/tasks/`)).body;
      const call = authed(ctx.base, user);
      // A lived-in board: some paid, some in progress, a due date or two (one overdue).
      for (const [i, t] of tasks.slice(0, 8).entries()) {
        const patch =
          i < 4
            ? { status: 'Paid', actual_cost: Math.round(t.regional_average_cost_per_sqft * 2400 * 0.97) }
            : { status: 'In Progress', due_date: i === 4 ? '2025-01-15' : '2027-03-01' };
        await call(`/api/tasks/${t.id}/`, { method: 'PATCH', body: JSON.stringify(patch) });
      }
      for (const size of [DESKTOP, PHONE]) {
        for (const theme of ['light', 'dark']) {
          const { context, page } = await signedIn(ctx, user, {
            size,
            theme,
            views: { [`board-view:${project.id}`]: 'kanban' },
            touch: size === PHONE,
          });
          await openBoard(page, project.id);
          await page.locator('li[data-task-id]').first().waitFor();
          await shot(ctx, page, `kanban-${size.width}-${theme}`);
          if (size === PHONE) {
            await page.evaluate(() => window.scrollTo(0, 900));
            await shot(ctx, page, `kanban-${size.width}-${theme}-scrolled`);
            await page.getByRole('tab', { name: /In Progress/ }).click();
            await page.evaluate(() => window.scrollTo(0, 0));
            await shot(ctx, page, `kanban-${size.width}-${theme}-in-progress`);
          } else {
            await page
              .getByRole('button', { name: /^Actions for / })
              .first()
              .click();
            await shot(ctx, page, `card-menu-${size.width}-${theme}`);
          }
          await context.close();
        }
      }
    },
  },
];
