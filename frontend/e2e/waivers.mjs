// Issue 34, lien waivers, for e2e/run.mjs: a $2,000 payment to a roster contractor is missing its
// waiver in a draft draw (the Waivers page's "What each draw still needs" and the task's Payments
// say so); the waiver is requested there, then the signed PDF is uploaded from the Attach dialog,
// which marks it received: the payment says "Waiver received", the draw needs nothing, the signed
// waiver opens. A $300 payment (under the $500 threshold) shows no badge. Screens at 1280x800 and
// 390x844, axe in both themes. Each journey seeds its own user through the API.
import { join } from 'node:path';
import { seriousViolations } from './a11y.spec.mjs';
import { authed, createProject, registerUser, subscribeLocally } from './seed.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

const post = async (call, path, body) => (await call(path, { method: 'POST', body: JSON.stringify(body) })).json();
const get = async (call, path) => (await call(path)).json();

async function seed(ctx, prefix) {
  const user = await registerUser(ctx.base, prefix);
  await subscribeLocally(ctx.base, user);
  const call = authed(ctx.base, user);
  const project = await createProject(ctx.base, user, { name: 'Cedar Hollow House' });
  const task = (title) =>
    post(call, '/api/tasks/', { project: project.id, title, status: 'In Progress', material_quality: 'standard' });
  const framing = await task('Framing');
  const acme = await post(call, '/api/contractors/', { name: 'Acme Framing', trade: 'Framing' });
  const bid = await post(call, '/api/bids/', { task: framing.id, contractor: acme.id, amount: 41500 });
  await call(`/api/bids/${bid.id}/award/`, { method: 'POST' });
  const big = await post(call, '/api/task-payments/', {
    task: framing.id,
    amount: 2000,
    paid_on: '2026-11-20',
    contractor: acme.id,
    method: 'check',
  });
  await post(call, '/api/task-payments/', {
    task: framing.id,
    amount: 300,
    paid_on: '2026-11-21',
    contractor: acme.id,
    method: 'card',
  });
  const draw = await post(call, '/api/draws/', {
    project: project.id,
    tasks: [framing.id],
    requested_on: '2026-11-25',
  });
  return { user, call, project, framing, acme, big, draw };
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

async function shot(ctx, page, name) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(ctx.shots, `waivers-${name}.png`), fullPage: true });
}

async function setTheme(page, theme) {
  await page.evaluate((t) => {
    localStorage.setItem('theme', t);
    document.documentElement.dataset.theme = t;
  }, theme);
  await page.waitForTimeout(400);
}

async function openTask(page, projectId, title) {
  await page.goto(`/kanban/${projectId}`);
  await page
    .getByRole('button', { name: `Open task ${title}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Task' });
  await dialog.waitFor();
  return dialog;
}

export const journeys = [
  {
    name: 'waivers: a $2,000 payment misses its lien waiver in the draft draw; requested, then its signed PDF attached, it is received and the draw needs nothing',
    run: async (ctx) => {
      const { assert, eventually, expectText } = ctx.helpers;
      const { user, call, project, big, draw } = await seed(ctx, 'waivers');
      const { page, context, errors } = await signedIn(ctx, user);
      const problems = [];

      // The task's Payments: the $2,000 payment misses its waiver, the $300 one needs none.
      let form = await openTask(page, project.id, 'Framing');
      let payments = form.getByTestId('payments-section');
      const rows = payments.getByRole('listitem');
      await expectText(rows.filter({ hasText: '$2,000.00' }), 'Waiver missing');
      assert(!(await rows.filter({ hasText: '$300.00' }).textContent()).includes('Waiver'), 'no badge under $500');
      await form.getByRole('button', { name: 'Cancel' }).click();

      // The board's toolbar leads to the Waivers page; the draft draw misses the waiver.
      await page.getByRole('toolbar', { name: 'Board actions' }).getByRole('link', { name: 'Waivers' }).click();
      await page.getByRole('heading', { level: 1, name: /^Lien waivers — Cedar Hollow House/ }).waitFor();
      const needs = page.getByTestId('draw-needs');
      const list = needs.getByRole('list', { name: `What Draw ${draw.number} still needs` });
      await expectText(list, 'Acme Framing');
      await expectText(list, 'Waiver missing');
      await shot(ctx, page, 'missing-1280');
      problems.push(...(await seriousViolations(page, 'waivers, missing (light, 1280)')));

      await list.getByRole('button', { name: /^Request waiver/ }).click();
      await expectText(list, 'Waiver requested');
      const table = page.getByTestId('waivers-table');
      await expectText(table, 'Unconditional progress');
      await expectText(table, 'Requested');
      const waivers = await get(call, `/api/projects/${project.id}/lien-waivers/`);
      assert(
        waivers.length === 1 && waivers[0].payment === big.id,
        `one waiver for the payment: ${JSON.stringify(waivers)}`,
      );
      assert(waivers[0].status === 'requested', 'requested');

      // The signed PDF, uploaded from the Attach dialog, marks it received.
      await table.getByRole('button', { name: /^Attach PDF/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Attach the signed waiver' });
      await dialog.getByLabel('Upload the signed waiver').setInputFiles({
        name: 'acme-waiver-signed.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(PDF),
      });
      await expectText(dialog.getByRole('status'), 'acme-waiver-signed.pdf uploaded to the task and chosen.');
      await dialog.getByLabel(/^Received on/).fill('2026-11-26');
      await shot(ctx, page, 'attach-1280');
      await dialog.getByRole('button', { name: 'Attach and mark received' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expectText(table, 'Received');
      const link = table.getByRole('link', { name: /acme-waiver-signed\.pdf/ });
      await link.waitFor();
      const href = await link.getAttribute('href');
      const file = await fetch(new URL(href, ctx.base));
      assert(file.ok && (await file.text()).startsWith('%PDF'), 'the signed waiver opens');
      await expectText(needs, 'Nothing missing');
      const after = await get(call, `/api/projects/${project.id}/draws/`);
      assert(after[0].waivers_missing.length === 0, 'the draw misses nothing');
      await shot(ctx, page, 'received-1280');
      await setTheme(page, 'dark');
      problems.push(...(await seriousViolations(page, 'waivers, received (dark, 1280)')));
      await setTheme(page, 'light');

      // Back on the task: the payment's waiver is received, with its signed PDF.
      form = await openTask(page, project.id, 'Framing');
      payments = form.getByTestId('payments-section');
      await expectText(payments.getByRole('listitem').filter({ hasText: '$2,000.00' }), 'Waiver received');
      await payments.getByRole('link', { name: /acme-waiver-signed\.pdf/ }).waitFor();
      await context.close();

      // The phone: the page reads as cards, no sideways scroll.
      const phone = await signedIn(ctx, user, { size: PHONE });
      await phone.page.goto(`/kanban/${project.id}/waivers`);
      await phone.page.getByTestId('waivers-table').waitFor();
      const wide = await eventually(
        () => phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
        'no sideways scroll at 390 px',
      );
      assert(wide, 'fits');
      await shot(ctx, phone.page, 'received-390');
      problems.push(...(await seriousViolations(phone.page, 'waivers (light, 390)')));
      await phone.context.close();
      assert(errors.length === 0 && phone.errors.length === 0, [...errors, ...phone.errors].join('\n'));
      assert(problems.length === 0, `\n${problems.join('\n')}`);
    },
  },
];
