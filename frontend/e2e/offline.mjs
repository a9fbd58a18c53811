// Issue 21, offline board, for e2e/run.mjs: the service worker caches the app shell and the board;
// offline, two cards move (one of them twice: To Do -> In Progress -> Paid) and a cost is edited,
// the board survives a reload offline with the changes on it; meanwhile the same cost is changed
// through the API. Back online the queue is replayed in order and the conflicting cost is asked
// about ("Keep mine" sends ours). Screenshots of the banner and the dialog at 1280 and 390x844.
import { join } from 'node:path';
import { authed, createProject, createTask, registerUser, subscribeLocally } from './seed.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function shots(ctx, page, name) {
  await page.screenshot({ path: join(ctx.shots, `${name}-desktop.png`) });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(ctx.shots, `${name}-phone.png`) });
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
}

export const journeys = [
  {
    name: 'offline board: moves, a cost edit and a new task queued offline, replayed in order, conflict surfaced',
    async run(ctx) {
      const { assert, eventually, expectText } = ctx.helpers;
      const user = await registerUser(ctx.base, 'offline');
      await subscribeLocally(ctx.base, user);
      const call = authed(ctx.base, user);
      const project = await createProject(ctx.base, user, { name: 'Cedar Cabin' });
      const framing = await createTask(ctx.base, user, project.id, { title: 'Framing' });
      const roofing = await createTask(ctx.base, user, project.id, { title: 'Roofing' });
      const drywall = await createTask(ctx.base, user, project.id, { title: 'Drywall', actual_cost: 1000 });

      const context = await ctx.browser.newContext({ baseURL: ctx.base, viewport: DESKTOP });
      await context.addInitScript(
        ({ access, refresh, key }) => {
          if (sessionStorage.getItem('seeded')) return;
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem('access_token', access);
          localStorage.setItem('refresh_token', refresh);
          localStorage.setItem(key, 'kanban');
        },
        { access: user.access, refresh: user.refresh, key: `board-view:${project.id}` },
      );
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      ctx.state.pages = [page];
      const cspErrors = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
      });
      const board = `/kanban/${project.id}`;
      await page.goto(board);
      await page.getByRole('heading', { name: 'Cedar Cabin' }).waitFor();
      // The manifest is linked and served.
      const manifest = await (await fetch(`${ctx.base}/manifest.webmanifest`)).json();
      assert(manifest.start_url === '/projects' && manifest.icons.length >= 3, JSON.stringify(manifest));

      // The service worker takes control; the board read again through it lands in its cache.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await eventually(() => page.evaluate(() => !!navigator.serviceWorker.controller), 'page controlled by the SW');
      await page.reload();
      await page.getByRole('heading', { name: 'Cedar Cabin' }).waitFor();
      const cached = (path) =>
        page.evaluate(async (p) => {
          const cache = await caches.open('buildledger-api');
          return !!(await cache.match(new URL(p, location.href).href, { ignoreVary: true }));
        }, path);
      await eventually(() => cached(`/api/projects/${project.id}/tasks/`), 'board tasks cached by the SW');
      await eventually(() => cached(`/api/projects/${project.id}/`), 'project cached by the SW');

      await context.setOffline(true);
      const menu = async (title, item) => {
        await page.getByRole('button', { name: `Actions for ${title}` }).click();
        await page.getByRole('menuitem', { name: item }).click();
      };
      await menu('Framing', 'Move to In Progress');
      await menu('Roofing', 'Move to In Progress');
      await menu('Framing', 'Move to Paid');
      const prompt = page.getByRole('dialog', { name: 'Enter Actual Cost' });
      await prompt.getByLabel('Actual Cost').fill('5000');
      await prompt.getByLabel('Actual Cost').press('Enter');
      await prompt.waitFor({ state: 'detached' });
      await page.getByLabel('View', { exact: true }).selectOption('spreadsheet');
      const cost = page.getByLabel('Your cost for Drywall');
      await cost.fill('2500');
      await cost.press('Enter');
      // A new task made offline.
      await page.getByRole('button', { name: 'Add Task' }).click();
      const add = page.getByRole('dialog', { name: 'Add Task' });
      await add.getByLabel('Task Title').fill('Gutters');
      await add.getByRole('button', { name: 'Save' }).click();
      await add.waitFor({ state: 'detached' });
      await page.getByLabel('Your cost for Gutters').waitFor();
      const banner = page.getByRole('status').filter({ hasText: "You're offline" });
      await expectText(banner, '5 changes will be sent');

      // Meanwhile someone changes the same cost on the server.
      await call(`/api/tasks/${drywall.id}/`, { method: 'PATCH', body: JSON.stringify({ actual_cost: 3000 }) });

      // Reload offline: the board comes from the cache, with the offline changes on it.
      await page.reload();
      await page.getByRole('heading', { name: 'Cedar Cabin' }).waitFor();
      await expectText(banner, '5 changes will be sent');
      await page.getByLabel('Your cost for Gutters').waitFor();
      await eventually(
        async () =>
          (await page.getByLabel('Your cost for Drywall').inputValue()).replace(/[$,]/g, '').startsWith('2500'),
        'Drywall shows our cost after the reload',
      );
      assert((await page.getByLabel('Status of Framing').inputValue()) === 'Paid', 'Framing in Paid after reload');
      assert((await page.getByLabel('Status of Roofing').inputValue()) === 'In Progress', 'Roofing moved');
      await shots(ctx, page, 'offline-01-banner');

      // Back online: replayed in order, the conflicting cost asked about.
      await context.setOffline(false);
      const dialog = page.getByRole('dialog', { name: 'Needs your decision' });
      await dialog.waitFor();
      await expectText(dialog, 'Drywall');
      await expectText(dialog, 'On the server: $3,000.00');
      await expectText(dialog, 'Yours: $2,500.00');
      await shots(ctx, page, 'offline-02-conflict');
      const tasks = async () => (await call(`/api/projects/${project.id}/tasks/`)).json();
      await eventually(async () => {
        const t = await tasks();
        return t.find((x) => x.id === framing.id).status === 'Paid';
      }, 'Framing replayed to Paid (two moves in order)');
      await dialog.getByRole('button', { name: 'Keep mine for Drywall' }).click();
      await dialog.waitFor({ state: 'detached' });
      const after = await tasks();
      const byId = (id) => after.find((x) => x.id === id);
      assert(
        byId(framing.id).status === 'Paid' && byId(framing.id).actual_cost === 5000,
        JSON.stringify(byId(framing.id)),
      );
      assert(byId(roofing.id).status === 'In Progress', JSON.stringify(byId(roofing.id)));
      assert(byId(drywall.id).actual_cost === 2500, `Drywall kept ours: ${JSON.stringify(byId(drywall.id))}`);
      assert(
        after.filter((x) => x.title === 'Gutters').length === 1,
        `the task made offline was created once: ${JSON.stringify(after.map((x) => x.title))}`,
      );
      await eventually(async () => (await banner.count()) === 0, 'banner gone once online');
      assert(cspErrors.length === 0, `CSP violations: ${cspErrors.join('\n')}`);
      await context.close();
    },
  },
  {
    name: 'offline board: column totals follow a move queued offline, and "1 change sent" confirms the replay',
    async run(ctx) {
      const { assert, eventually, expectText } = ctx.helpers;
      const user = await registerUser(ctx.base, 'offtotals');
      await subscribeLocally(ctx.base, user);
      const call = authed(ctx.base, user);
      const project = await createProject(ctx.base, user, { name: 'Aspen Barn' });
      const framing = await createTask(ctx.base, user, project.id, { title: 'Framing', actual_cost: 5000 });
      await createTask(ctx.base, user, project.id, { title: 'Roofing', actual_cost: 3000 });

      const context = await ctx.browser.newContext({ baseURL: ctx.base, viewport: DESKTOP });
      await context.addInitScript(
        ({ access, refresh, key }) => {
          if (sessionStorage.getItem('seeded')) return;
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem('access_token', access);
          localStorage.setItem('refresh_token', refresh);
          localStorage.setItem(key, 'kanban');
        },
        { access: user.access, refresh: user.refresh, key: `board-view:${project.id}` },
      );
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      ctx.state.pages = [page];
      await page.goto(`/kanban/${project.id}`);
      await page.getByRole('heading', { name: 'Aspen Barn' }).waitFor();
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await eventually(() => page.evaluate(() => !!navigator.serviceWorker.controller), 'page controlled by the SW');
      await page.reload();
      await page.getByRole('heading', { name: 'Aspen Barn' }).waitFor();
      const view = page.getByLabel('View', { exact: true });
      if ((await view.inputValue()) !== 'kanban') await view.selectOption('kanban');
      const cached = (path) =>
        page.evaluate(async (p) => {
          const cache = await caches.open('buildledger-api');
          return !!(await cache.match(new URL(p, location.href).href, { ignoreVary: true }));
        }, path);
      await eventually(() => cached(`/api/projects/${project.id}/tasks/`), 'board tasks cached by the SW');
      await eventually(() => cached(`/api/projects/${project.id}/summary/`), 'summary cached by the SW');
      const todo = page.getByTestId('total-to-do');
      const doing = page.getByTestId('total-in-progress');
      await expectText(todo, '$8,000.00');
      await expectText(doing, '$0.00');

      await context.setOffline(true);
      await page.getByRole('button', { name: 'Actions for Framing' }).click();
      await page.getByRole('menuitem', { name: 'Move to In Progress' }).click();
      const banner = page.getByRole('status').filter({ hasText: "You're offline" });
      await expectText(banner, '1 change will be sent');
      // The totals follow the queued move, also once the board and summary are read again
      // (from the service worker's copies, which do not have the move).
      await expectText(doing, '$5,000.00');
      await expectText(todo, '$3,000.00');
      await page.waitForTimeout(1500);
      assert((await doing.textContent()).includes('$5,000.00'), `In Progress total kept: ${await doing.textContent()}`);
      assert((await todo.textContent()).includes('$3,000.00'), `To Do total kept: ${await todo.textContent()}`);
      await shots(ctx, page, 'offline-03-totals');

      // Back online: the replay is confirmed before the banner goes.
      await context.setOffline(false);
      const sent = page.getByRole('status').filter({ hasText: '1 change sent' });
      await sent.waitFor();
      await page.screenshot({ path: join(ctx.shots, 'offline-04-sent-desktop.png') });
      await eventually(async () => {
        const t = await (await call(`/api/projects/${project.id}/tasks/`)).json();
        return t.find((x) => x.id === framing.id).status === 'In Progress';
      }, 'the move reached the server');
      await expectText(doing, '$5,000.00');
      await eventually(async () => (await sent.count()) === 0, '"1 change sent" goes away', 15_000);
      assert((await banner.count()) === 0, 'no offline banner once online');
      await context.close();
    },
  },
];
