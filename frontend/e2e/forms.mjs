// Forms that say where (issue 30), for e2e/run.mjs, at 1280×800 and 390×844 (touch): a receipt
// uploaded from inside the payment form (saved with the payment, listed under the task's
// Documents); a bid's PDF uploaded from inside the bid form; the new-project form without a start
// date (the start date takes focus, clear of the sticky header, its message beside it); the first
// payment on a task in To Do offers to move it to In Progress; axe scans of the changed forms in
// both themes. Each journey seeds its own user through the API and depends on no other journey.
import { join } from 'node:path';
import { seriousViolations } from './a11y.spec.mjs';
import { authed, createProject, registerUser, subscribeLocally } from './seed.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SIZES = [
  { label: '1280', size: DESKTOP, touch: false },
  { label: '390', size: PHONE, touch: true },
];
const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
const pdf = (name) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(PDF) });

const post = async (call, path, body) => (await call(path, { method: 'POST', body: JSON.stringify(body) })).json();
const get = async (call, path) => (await call(path)).json();

async function seed(ctx, prefix, titles) {
  const user = await registerUser(ctx.base, prefix);
  await subscribeLocally(ctx.base, user);
  const call = authed(ctx.base, user);
  const project = await createProject(ctx.base, user, { name: 'Maple Court House' });
  const tasks = {};
  for (const title of titles)
    tasks[title] = await post(call, '/api/tasks/', {
      project: project.id,
      title,
      status: 'To Do',
      material_quality: 'standard',
    });
  return { user, call, project, tasks };
}

async function signedIn(ctx, user, { size = DESKTOP, touch = false, theme = 'light' } = {}) {
  const context = await ctx.browser.newContext({
    baseURL: ctx.base,
    viewport: size,
    ...(touch ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {}),
  });
  await context.addInitScript(
    ({ access, refresh, theme }) => {
      if (window !== window.top || sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      if (access) localStorage.setItem('access_token', access);
      if (refresh) localStorage.setItem('refresh_token', refresh);
      localStorage.setItem('theme', theme);
    },
    { access: user?.access ?? null, refresh: user?.refresh ?? null, theme },
  );
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  ctx.state.pages = [...(ctx.state.pages ?? []), page];
  return { context, page, errors };
}

async function shot(ctx, page, name, fullPage = false) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(ctx.shots, `forms-${name}.png`), fullPage });
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

/** The control that has the focus: its id, its box, and the text its aria-describedby points at. */
const focused = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    const r = el.getBoundingClientRect();
    const said = (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter(Boolean);
    const message = said.find((m) => m.classList.contains('field-error'));
    const nav = document.querySelector('.navbar')?.getBoundingClientRect();
    return {
      id: el.id,
      top: r.top,
      bottom: r.bottom,
      viewport: window.innerHeight,
      navBottom: nav ? nav.bottom : 0,
      message: message?.textContent ?? '',
      messageTop: message ? message.getBoundingClientRect().top : null,
    };
  });

export const journeys = [
  {
    name: 'forms: a receipt uploaded from inside the payment form is saved with the payment and listed under the task’s Documents (1280 and 390 touch)',
    run: async (ctx) => {
      const { assert, eventually, expectText } = ctx.helpers;
      const { user, call, project, tasks } = await seed(ctx, 'formsreceipt', ['Framing', 'Roofing']);
      for (const [{ label, size, touch }, title] of SIZES.map((s, i) => [s, i === 0 ? 'Framing' : 'Roofing'])) {
        const { page, context, errors } = await signedIn(ctx, user, { size, touch });
        const form = await openTask(page, project.id, title);
        const payments = form.getByTestId('payments-section');
        await payments.getByRole('button', { name: 'Add payment' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add a payment' });
        await dialog.waitFor();
        assert(
          !(await dialog.textContent()).includes('save the task first'),
          'no "upload under Documents and save the task first"',
        );
        await dialog.getByLabel(/^Amount/).fill('1200');
        const name = `receipt-${title.toLowerCase()}-${label}.pdf`;
        await dialog.getByLabel('Upload a new receipt').setInputFiles(pdf(name));
        await expectText(dialog.getByRole('status'), `${name} uploaded to the task and chosen.`);
        const picker = dialog.getByLabel('Receipt', { exact: true });
        const chosen = await picker.evaluate((el) => el.selectedOptions[0]?.textContent ?? '');
        assert(chosen === name, `the receipt chosen: ${chosen}`);
        await shot(ctx, page, `payment-receipt-uploaded-${label}`);
        await dialog.getByRole('button', { name: 'Add payment' }).click();
        await dialog.waitFor({ state: 'detached' });
        // The first payment of a task in To Do: kept there in this journey.
        const offer = page.getByRole('dialog', { name: 'Move the task to In Progress?' });
        await offer.waitFor();
        await offer.getByRole('button', { name: 'Keep in To Do' }).click();
        await offer.waitFor({ state: 'detached' });

        const docs = await get(call, `/api/documents/?task=${tasks[title].id}`);
        const doc = docs.find((d) => d.name === name);
        assert(doc, `the document is on the task: ${JSON.stringify(docs.map((d) => d.name))}`);
        const saved = await get(call, `/api/tasks/${tasks[title].id}/payments/`);
        assert(
          saved.length === 1 && saved[0].receipt === doc.id,
          `the payment has the receipt: ${JSON.stringify(saved)}`,
        );
        // The task form lists it under its Documents, and the payment links to it.
        await expectText(form.locator('.doc-section'), name);
        await payments.getByRole('link', { name: new RegExp(`Receipt: ${name.replace(/\./g, '\\.')}`) }).waitFor();
        const status = await get(call, `/api/tasks/${tasks[title].id}/`).catch(() => null);
        if (status) assert(status.status === 'To Do', 'kept in To Do');
        await eventually(async () => errors.length === 0, `page errors: ${errors.join('; ')}`, 1000);
        await context.close();
      }
    },
  },
  {
    name: 'forms: a bid with its PDF uploaded from inside the bid form (1280 and 390 touch)',
    run: async (ctx) => {
      const { assert, expectText } = ctx.helpers;
      const { user, call, project, tasks } = await seed(ctx, 'formsbid', ['Framing', 'Roofing']);
      await post(call, '/api/contractors/', { name: 'Acme Framing', trade: 'Framing' });
      for (const [{ label, size, touch }, title] of SIZES.map((s, i) => [s, i === 0 ? 'Framing' : 'Roofing'])) {
        const { page, context } = await signedIn(ctx, user, { size, touch });
        const form = await openTask(page, project.id, title);
        await form.getByRole('button', { name: 'Add bid' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add a bid' });
        await dialog.waitFor();
        await dialog.getByRole('option', { name: 'Acme Framing (Framing)' }).waitFor({ state: 'attached' });
        await dialog.getByLabel('Contractor').selectOption({ label: 'Acme Framing (Framing)' });
        await dialog.getByLabel(/^Amount/).fill('41500');
        const name = `bid-${title.toLowerCase()}-${label}.pdf`;
        await dialog.getByLabel("Upload the bid's PDF").setInputFiles(pdf(name));
        await expectText(dialog.getByRole('status'), `${name} uploaded to the task and chosen.`);
        await shot(ctx, page, `bid-pdf-uploaded-${label}`);
        await dialog.getByRole('button', { name: 'Add bid' }).click();
        await dialog.waitFor({ state: 'detached' });
        const docs = await get(call, `/api/documents/?task=${tasks[title].id}`);
        const doc = docs.find((d) => d.name === name);
        assert(doc, 'the PDF is on the task');
        const bids = await get(call, `/api/tasks/${tasks[title].id}/bids/`);
        assert(bids.length === 1 && bids[0].document === doc.id, `the bid has its PDF: ${JSON.stringify(bids)}`);
        await expectText(form.locator('.doc-section'), name);
        await context.close();
      }
    },
  },
  {
    name: 'forms: the new-project form without a start date focuses the start date, clear of the sticky header, its message beside it (1280 and 390 touch)',
    run: async (ctx) => {
      const { assert, eventually } = ctx.helpers;
      const user = await registerUser(ctx.base, 'formsproject');
      await subscribeLocally(ctx.base, user);
      for (const { label, size, touch } of SIZES) {
        const { page, context } = await signedIn(ctx, user, { size, touch });
        await page.goto('/projects');
        await page.getByRole('button', { name: 'Create New Project' }).click();
        const form = page.getByRole('form', { name: 'New Project' });
        await form.waitFor();
        for (const name of ['Project Name', 'Zip Code', 'Start Date', 'End Date']) {
          const required = await form.getByLabel(name, { exact: true }).evaluate((el) => el.required);
          assert(required, `${name} is required`);
        }
        await form.getByLabel('Project Name').fill(`No start ${label}`);
        await form.getByLabel('Zip Code').fill('78701');
        await form.getByLabel('Project Type').selectOption('new_home_build');
        await form.getByLabel('Property Type').selectOption('single_family');
        await form.getByLabel('Square Footage').fill('2400');
        await form.getByLabel('Budget ($)').fill('450000');
        await form.getByLabel('End Date').fill('2026-12-20');
        await form.getByLabel("No, I'm hiring a general contractor").check();
        await form.getByRole('button', { name: 'Create Project' }).click();
        let seen = {};
        await eventually(async () => {
          seen = await focused(page);
          return seen.id === 'pf-start' && seen.message !== '';
        }, 'the start date takes focus with its message').catch((e) => {
          throw new Error(`${e.message}; ${JSON.stringify(seen)}`);
        });
        await page.waitForTimeout(400); // the scroll settles
        seen = await focused(page);
        assert(seen.message === 'Please provide a project start date.', `message: ${seen.message}`);
        assert(seen.top >= seen.navBottom, `below the sticky header: ${JSON.stringify(seen)}`);
        assert(seen.bottom <= seen.viewport, `in the view: ${JSON.stringify(seen)}`);
        assert(
          seen.messageTop !== null && seen.messageTop >= seen.bottom && seen.messageTop - seen.bottom < 40,
          `the message right under the field: ${JSON.stringify(seen)}`,
        );
        assert((await form.getByRole('alert').count()) === 0, 'no message at the top of the form');
        await shot(ctx, page, `project-no-start-${label}`);
        // Filled in: the project is created.
        await form.getByLabel('Start Date').fill('2026-01-05');
        await form.getByRole('button', { name: 'Create Project' }).click();
        await eventually(
          async () => (await get(authed(ctx.base, user), '/api/projects/')).some((p) => p.name === `No start ${label}`),
          'the project is created',
        );
        await context.close();
      }
    },
  },
  {
    name: 'forms: the first payment on a task in To Do offers to move it; accepting moves it to In Progress (1280 and 390 touch)',
    run: async (ctx) => {
      const { assert, eventually } = ctx.helpers;
      const { user, call, project, tasks } = await seed(ctx, 'formsmove', ['Plumbing', 'Electrical']);
      for (const [{ label, size, touch }, title] of SIZES.map((s, i) => [s, i === 0 ? 'Plumbing' : 'Electrical'])) {
        const { page, context } = await signedIn(ctx, user, { size, touch });
        const form = await openTask(page, project.id, title);
        const payments = form.getByTestId('payments-section');
        await payments.getByRole('button', { name: 'Add payment' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add a payment' });
        await dialog.getByLabel(/^Amount/).fill('2500');
        await dialog.getByRole('button', { name: 'Add payment' }).click();
        const offer = page.getByRole('dialog', { name: 'Move the task to In Progress?' });
        await offer.waitFor();
        await shot(ctx, page, `first-payment-offer-${label}`);
        await offer.getByRole('button', { name: 'Move to In Progress' }).click();
        await offer.waitFor({ state: 'detached' });
        await eventually(
          async () => (await form.getByLabel('Status').inputValue()) === 'In Progress',
          'the form follows',
        );
        await eventually(
          async () =>
            (await get(call, `/api/projects/${project.id}/tasks/`)).find((t) => t.id === tasks[title].id)?.status ===
            'In Progress',
          'the server has the task in In Progress',
        );
        // Saving the form keeps it there.
        await form.getByRole('button', { name: 'Save', exact: true }).click();
        await form.waitFor({ state: 'detached' });
        const after = (await get(call, `/api/projects/${project.id}/tasks/`)).find((t) => t.id === tasks[title].id);
        assert(after.status === 'In Progress', `still In Progress after Save: ${after.status}`);
        await context.close();
      }
    },
  },
  {
    name: 'forms: axe finds nothing serious on the changed forms, light and dark',
    run: async (ctx) => {
      const { assert, expectText } = ctx.helpers;
      const { user, project } = await seed(ctx, 'formsaxe', ['Framing']);
      const problems = [];
      const scan = async (page, what) => {
        await page.waitForTimeout(250);
        problems.push(...(await seriousViolations(page, what)));
      };
      for (const theme of ['light', 'dark']) {
        const { page, context } = await signedIn(ctx, user, { theme });
        // The new-project form with a message beside its field.
        await page.goto('/projects');
        await page.getByRole('button', { name: 'Create New Project' }).click();
        const projectForm = page.getByRole('form', { name: 'New Project' });
        await projectForm.getByRole('button', { name: 'Create Project' }).click();
        await projectForm.locator('#pf-name-error').waitFor();
        await scan(page, `new-project form with messages (${theme})`);
        await shot(ctx, page, `project-messages-1280-${theme}`);
        // The payment form with an uploaded receipt, then the offer.
        const form = await openTask(page, project.id, 'Framing');
        await form.getByTestId('payments-section').getByRole('button', { name: 'Add payment' }).click();
        const pay = page.getByRole('dialog', { name: 'Add a payment' });
        await pay.getByRole('button', { name: 'Add payment' }).click();
        await pay.locator('#pay-amount-error').waitFor();
        await pay.getByLabel('Upload a new receipt').setInputFiles(pdf(`axe-${theme}.pdf`));
        await expectText(pay.getByRole('status'), 'uploaded to the task and chosen.');
        await scan(page, `payment form with a message and an upload (${theme})`);
        await shot(ctx, page, `payment-form-1280-${theme}`);
        await page.keyboard.press('Escape');
        await pay.waitFor({ state: 'detached' });
        await form.getByRole('button', { name: 'Add bid' }).click();
        const bid = page.getByRole('dialog', { name: 'Add a bid' });
        await bid.getByRole('button', { name: 'Add bid' }).click();
        await bid.locator('#bid-amount-error').waitFor();
        await scan(page, `bid form with messages (${theme})`);
        await shot(ctx, page, `bid-form-1280-${theme}`);
        await page.keyboard.press('Escape');
        await bid.waitFor({ state: 'detached' });
        await form.getByRole('button', { name: 'Add change order' }).click();
        const co = page.getByRole('dialog', { name: 'Add a change order' });
        await co.getByRole('button', { name: 'Add change order' }).click();
        await co.locator('#co-description-error').waitFor();
        await scan(page, `change-order form with messages (${theme})`);
        await page.keyboard.press('Escape');
        await co.waitFor({ state: 'detached' });
        await page.keyboard.press('Escape');
        // The share form and its label.
        await page.goto(`/kanban/${project.id}/share`);
        await page.getByLabel(/^Label \(shown to whoever opens the link\)/).waitFor();
        await page.getByRole('button', { name: 'Create link' }).click();
        await page.locator('#share-label-error').waitFor();
        await scan(page, `share form with a message (${theme})`);
        await shot(ctx, page, `share-form-1280-${theme}`);
        await context.close();
        // The login form with its messages beside the fields.
        const anon = await signedIn(ctx, null, { theme });
        await anon.page.goto('/login');
        await anon.page.getByRole('button', { name: 'Login' }).click();
        await anon.page.locator('#login-username-error').waitFor();
        await scan(anon.page, `login with messages (${theme})`);
        await shot(ctx, anon.page, `login-1280-${theme}`);
        await anon.context.close();
      }
      assert(problems.length === 0, `axe:\n${problems.join('\n')}`);
    },
  },
];
