// The Money page (issue 19), for e2e/run.mjs. A project with a construction loan, three tasks,
// an awarded bid on Framing, payments on two tasks (receipts attached) and an approved change
// order above 10% of the committed total, all seeded through the API; then the page: the summary
// against the server's, the task chart's table, the change-order register and its warning, a draw
// request pre-filled from the work, submitted and marked funded (the loan left follows), its PDF,
// the payments CSV, a refused delete (409), and axe scans with screenshots at 1280×800 and 390×844
// in both themes. Each journey seeds its own user through the API and depends on no other journey.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seriousViolations } from './a11y.spec.mjs';
import { authed, createProject, registerUser, subscribeLocally } from './seed.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PROJECT = 'Willow Creek House';
const LOAN = 300000;
/** The awarded bid on Framing, and an approved change order of 10.75% of it plus itself. */
const AWARD = 41500;
const CHANGE = 5000;
const PAYMENTS = { permits: 2500, deposit: 12000, second: 8000 };
const PAID = PAYMENTS.permits + PAYMENTS.deposit + PAYMENTS.second;

const isoDay = (offsetDays) => {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** "$1,234.50", as the page writes money. */
const usd = (n) =>
  `${n < 0 ? '-' : ''}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const post = async (call, path, body) => (await call(path, { method: 'POST', body: JSON.stringify(body) })).json();
const get = async (call, path) => (await call(path)).json();

/** A small PDF attached to a task (a receipt). */
async function uploadPdf(ctx, user, taskId, name) {
  const pdf =
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  const form = new FormData();
  form.append('task', String(taskId));
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), name);
  const res = await fetch(`${ctx.base}/api/documents/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user.access}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** The project with its money: tasks, an award, payments with receipts, an approved change order. */
async function seedMoney(ctx, prefix) {
  const user = await registerUser(ctx.base, prefix);
  await subscribeLocally(ctx.base, user);
  const project = await createProject(ctx.base, user, { name: PROJECT, budget: 450000, loan_amount: LOAN });
  const call = authed(ctx.base, user);
  const task = (title) =>
    post(call, '/api/tasks/', {
      project: project.id,
      title,
      description: '',
      status: 'To Do',
      material_quality: 'standard',
    });
  const permits = await task('Building Permits');
  const framing = await task('Framing');
  const roofing = await task('Roofing');
  const birch = await post(call, '/api/contractors/', { name: 'Birch Builders', trade: 'Carpentry' });
  const bid = await post(call, '/api/bids/', { task: framing.id, contractor: birch.id, amount: AWARD });
  await call(`/api/bids/${bid.id}/award/`, { method: 'POST' });
  const permitReceipt = await uploadPdf(ctx, user, permits.id, 'permit-receipt.pdf');
  const invoice = await uploadPdf(ctx, user, framing.id, 'framing-invoice-2.pdf');
  await post(call, '/api/task-payments/', {
    task: permits.id,
    amount: PAYMENTS.permits,
    paid_on: isoDay(-40),
    payee: 'City of Austin',
    method: 'card',
    note: 'Permit fee',
    receipt: permitReceipt.id,
  });
  await post(call, '/api/task-payments/', {
    task: framing.id,
    amount: PAYMENTS.deposit,
    paid_on: isoDay(-20),
    contractor: birch.id,
    method: 'check',
    note: 'Deposit',
  });
  await post(call, '/api/task-payments/', {
    task: framing.id,
    amount: PAYMENTS.second,
    paid_on: isoDay(-5),
    contractor: birch.id,
    method: 'transfer',
    receipt: invoice.id,
  });
  await post(call, '/api/change-orders/', {
    task: framing.id,
    description: 'Steel beam over the garage opening',
    amount: CHANGE,
    status: 'approved',
    date: isoDay(-10),
    contractor: birch.id,
  });
  await post(call, '/api/change-orders/', {
    task: framing.id,
    description: 'Skylight over the stairs',
    amount: 1800,
    status: 'proposed',
    date: isoDay(-8),
  });
  return { user, project, call, permits, framing, roofing };
}

async function signedIn(ctx, user, { size = DESKTOP, theme = 'light' } = {}) {
  const context = await ctx.browser.newContext({ baseURL: ctx.base, viewport: size, acceptDownloads: true });
  await context.addInitScript(
    ({ access, refresh, theme }) => {
      if (window !== window.top || sessionStorage.getItem('seeded')) return;
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
  await page.screenshot({ path: join(ctx.shots, `money-${name}.png`), fullPage });
}

/** The page once its summary, charts, register and draws are in. */
async function openMoney(page, projectId) {
  await page.goto(`/kanban/${projectId}/money`);
  await page.getByRole('heading', { name: `Money — ${PROJECT}`, level: 1 }).waitFor();
  await page.getByTestId('money-budget').waitFor();
  await page.getByTestId('change-order-table').waitFor();
  await page.getByTestId('draws-section').getByRole('button', { name: 'New draw request' }).waitFor();
  // Both charts drawn (Chart.js loads with them).
  await page.locator('.money-chart canvas').nth(1).waitFor();
}

export const journeys = [
  {
    name: 'money: the summary and register match the server, a draw pre-filled from the work is funded, its PDF and the payments CSV',
    critical: true,
    run: async (ctx) => {
      const { assert, eventually, expectText, expectUrl } = ctx.helpers;
      const { user, project, call, framing } = await seedMoney(ctx, 'money');
      const summary = await get(call, `/api/projects/${project.id}/summary/`);
      assert(summary.committed === AWARD + CHANGE, `committed ${summary.committed}`);
      assert(summary.paid_to_date === PAID, `paid to date ${summary.paid_to_date}`);
      assert(summary.loan_amount === LOAN && summary.drawn === 0, 'loan, nothing drawn');
      const register = await get(call, `/api/projects/${project.id}/change-orders/`);
      assert(register.warning === true, 'the register warns: approved change orders above 10%');

      const { context, page, errors } = await signedIn(ctx, user);
      // From the board's toolbar.
      await page.goto(`/kanban/${project.id}`);
      await page.getByRole('toolbar', { name: 'Board actions' }).getByRole('link', { name: 'Money' }).click();
      await expectUrl(page, new RegExp(`^/kanban/${project.id}/money$`));
      await openMoney(page, project.id);
      assert((await page.title()) === `Money — ${PROJECT} – BuildLedger`, `title: ${await page.title()}`);

      // The summary, as the server summed it.
      await expectText(page.getByTestId('money-budget'), usd(summary.budget));
      await expectText(page.getByTestId('money-predicted'), usd(summary.predicted_total));
      await expectText(page.getByTestId('money-committed'), usd(AWARD + CHANGE));
      await expectText(page.getByTestId('money-change-orders'), usd(CHANGE));
      await expectText(page.getByTestId('money-paid'), usd(PAID));
      await expectText(page.getByTestId('money-remaining'), usd(summary.remaining_to_pay));
      await expectText(page.getByTestId('money-uncommitted'), usd(summary.uncommitted));
      await expectText(page.getByTestId('money-contingency'), usd(summary.contingency_left));
      await expectText(page.getByTestId('money-contingency-used'), usd(summary.contingency_used));
      await expectText(page.getByTestId('money-headroom'), usd(summary.headroom));
      const tone = await page.getByTestId('money-contingency').getAttribute('class');
      assert(tone.includes(`tone-${summary.status}`), `contingency tone ${tone} for ${summary.status}`);
      await expectText(page.getByTestId('money-loan'), usd(LOAN));
      await expectText(page.getByTestId('money-loan-left'), usd(LOAN));

      // The task chart's table: Framing's figures.
      const tasks = page.getByRole('region', { name: /^Tasks/ });
      await tasks.locator('summary').click();
      const row = page.getByRole('region', { name: 'Task figures table' }).getByRole('row', { name: /^Framing/ });
      const cells = await row.locator('td').allTextContents();
      assert(
        // Predicted (regional: one award gives no ratio; whole dollars), committed, paid, counts in total.
        JSON.stringify(cells) ===
          JSON.stringify([usd(39696).replace(/\.00$/, ''), usd(AWARD + CHANGE), usd(20000), usd(AWARD + CHANGE)]),
        `Framing row: ${cells.join(' | ')}`,
      );
      // Paid over time: the last day's running total is everything paid.
      await page.getByRole('region', { name: 'Paid over time' }).locator('summary').click();
      const days = page.getByRole('region', { name: 'Payments by date table' }).locator('tbody tr');
      assert((await days.count()) === 3, 'three payment days');
      await expectText(days.last(), usd(PAID));

      // The change-order register: date order, running total, the warning.
      const coRows = page.getByTestId('change-order-table').locator('tbody tr');
      assert((await coRows.count()) === 2, 'two change orders');
      await expectText(coRows.first(), 'Steel beam over the garage opening');
      await expectText(coRows.first(), 'Approved');
      await expectText(coRows.last(), 'Proposed');
      await expectText(coRows.last(), usd(CHANGE)); // the proposed one leaves the running total
      const pct = register.approved_percent.toFixed(1).replace(/\.0$/, '');
      await expectText(
        page.getByTestId('change-order-warning'),
        `Approved change orders are ${pct}% of the committed total — more than 10%.`,
      );
      await shot(ctx, page, '1280-light');

      // A draw request, pre-filled from the work to date.
      const next = await get(call, `/api/projects/${project.id}/draws/next/`);
      const expected = next.items.filter((i) => i.amount > 0);
      assert(
        expected.some((i) => i.task === framing.id && i.amount === PAYMENTS.deposit + PAYMENTS.second),
        `next draw covers Framing's payments: ${JSON.stringify(next)}`,
      );
      const draws = page.getByTestId('draws-section');
      await draws.getByRole('button', { name: 'New draw request' }).click();
      const dialog = page.getByRole('dialog', { name: 'New draw request' });
      for (const item of expected) {
        const box = dialog.getByRole('checkbox', { name: new RegExp(item.title) });
        assert(await box.isChecked(), `${item.title} is ticked`);
      }
      await expectText(dialog.getByTestId('new-draw-total'), `Draw total: ${usd(next.total)}`);
      await dialog.getByLabel(/Note for the lender/).fill('Framing and permits to date');
      await shot(ctx, page, 'new-draw-1280', false);
      await dialog.getByRole('button', { name: 'Create draw request' }).click();
      await dialog.waitFor({ state: 'detached' });
      const drawRow = draws.locator('tr[data-draw-number="1"]');
      await expectText(drawRow.getByTestId('draw-status'), 'Draft');
      await expectText(drawRow.getByTestId('draw-total'), usd(next.total));

      // Submit, then mark funded with the default amount (the total) and today.
      await draws.getByRole('button', { name: 'Submit draw 1 to the lender' }).click();
      // Birch Builders' payments have no lien waiver yet (issue 34): the dialog lists them and submits anyway.
      const submitDialog = page.getByRole('dialog', { name: 'Submit draw 1' });
      await submitDialog.getByRole('button', { name: /^Submit (draw|anyway)$/ }).click();
      await submitDialog.waitFor({ state: 'detached' });
      await expectText(drawRow.getByTestId('draw-status'), 'Submitted');
      await draws.getByRole('button', { name: 'Mark draw 1 funded' }).click();
      const fund = page.getByRole('dialog', { name: 'Mark draw 1 funded' });
      assert(
        Number(await fund.getByLabel('Funded amount ($)').inputValue()) === next.total,
        'the funded amount defaults to the total',
      );
      await fund.getByRole('button', { name: 'Mark funded' }).click();
      await fund.waitFor({ state: 'detached' });
      await expectText(drawRow.getByTestId('draw-status'), 'Funded');
      await expectText(drawRow.getByTestId('draw-funded'), usd(next.total));
      await expectText(page.getByTestId('money-drawn'), usd(next.total));
      await expectText(page.getByTestId('money-loan-left'), usd(LOAN - next.total));
      await expectText(page.getByTestId('loan-balance'), `loan left ${usd(LOAN - next.total)}`);
      const after = await get(call, `/api/projects/${project.id}/summary/`);
      assert(after.drawn === next.total && after.loan_left === LOAN - next.total, 'the server agrees');
      const [draw] = await get(call, `/api/projects/${project.id}/draws/`);
      assert(draw.status === 'funded' && draw.funded_on === isoDay(0), `funded today: ${JSON.stringify(draw)}`);

      // Its PDF.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        draws.getByRole('button', { name: 'Download draw 1 as PDF' }).click(),
      ]);
      assert(download.suggestedFilename() === 'draw_1_willow_creek_house.pdf', download.suggestedFilename());
      const pdfPath = join(ctx.downloads, download.suggestedFilename());
      await download.saveAs(pdfPath);
      const pdf = readFileSync(pdfPath).toString('latin1');
      assert(pdf.startsWith('%PDF-'), 'a PDF file');
      assert(pdf.includes(`(Draw request 1 - ${PROJECT})`), 'the PDF is titled with the draw number');

      // A funded draw is not deleted: the server's message is shown.
      await draws.getByRole('button', { name: 'Delete draw 1' }).click();
      await page.getByRole('dialog', { name: 'Delete draw 1?' }).getByRole('button', { name: 'Delete draw' }).click();
      await expectText(draws.getByTestId('draws-error'), /submitted/i);
      await drawRow.waitFor();

      // Every payment as CSV, with the receipts and a total.
      const [csvDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export payments (CSV)' }).click(),
      ]);
      assert(csvDownload.suggestedFilename() === 'payments_willow_creek_house.csv', csvDownload.suggestedFilename());
      const csvPath = join(ctx.downloads, csvDownload.suggestedFilename());
      await csvDownload.saveAs(csvPath);
      const csv = readFileSync(csvPath, 'utf8');
      assert(csv.includes('Date,Task,Payee,Method,Amount,Note,Receipt'), 'CSV columns');
      assert(csv.includes(`Building Permits,City of Austin,Card,2500.00,Permit fee,permit-receipt.pdf`), csv);
      assert(csv.includes('Framing,Birch Builders,Bank transfer,8000.00,,framing-invoice-2.pdf'), csv);
      assert(csv.includes(`Total (3 payments),,,,${PAID.toFixed(2)},,`), csv);
      await shot(ctx, page, '1280-light-funded');

      // Kept after a reload.
      await page.reload();
      await openMoney(page, project.id);
      await expectText(page.getByTestId('money-loan-left'), usd(LOAN - next.total));
      await eventually(
        async () => (await draws.getByTestId('draws-table').locator('tbody tr').count()) === 1,
        'one draw after the reload',
      );
      assert(errors.length === 0, `page errors: ${errors.join('; ')}`);
      await context.close();
    },
  },
  {
    name: 'money: the Money page at 1280 and 390 px in both themes: no sideways scroll, axe finds no serious issue',
    run: async (ctx) => {
      const { assert } = ctx.helpers;
      const { user, project, call } = await seedMoney(ctx, 'moneyaxe');
      const next = await get(call, `/api/projects/${project.id}/draws/next/`);
      const draw = await post(call, '/api/draws/', { project: project.id, tasks: next.items.map((i) => i.task) });
      // Birch Builders' payments have no lien waivers (issue 34): this walk is about the page, not the paperwork.
      await call(`/api/draws/${draw.id}/`, {
        method: 'PATCH',
        body: JSON.stringify({ status: 'submitted', allow_missing_waivers: true }),
      });
      const problems = [];
      for (const theme of ['light', 'dark']) {
        for (const size of [DESKTOP, PHONE]) {
          const { context, page, errors } = await signedIn(ctx, user, { theme, size });
          const label = `${theme}, ${size.width}px`;
          await openMoney(page, project.id);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert(overflow <= 0, `the page fits ${size.width} px (overflow ${overflow}px, ${theme})`);
          await page.waitForTimeout(250);
          problems.push(...(await seriousViolations(page, `money (${label})`)));
          await shot(ctx, page, `${size.width}-${theme}`);
          // The tables behind the charts, opened with the keyboard.
          for (const summary of await page.locator('details > summary').all()) {
            await summary.focus();
            await page.keyboard.press('Enter');
          }
          problems.push(...(await seriousViolations(page, `money with tables (${label})`)));
          if (size === PHONE) await shot(ctx, page, `390-${theme}-tables`);
          await page.getByRole('button', { name: 'Mark draw 1 funded' }).click();
          await page.getByRole('dialog', { name: 'Mark draw 1 funded' }).waitFor();
          problems.push(...(await seriousViolations(page, `mark funded (${label})`)));
          await page.keyboard.press('Escape');
          await page.getByRole('button', { name: 'New draw request' }).click();
          await page
            .getByRole('dialog', { name: 'New draw request' })
            .getByRole('button', { name: 'Cancel' })
            .waitFor();
          problems.push(...(await seriousViolations(page, `new draw (${label})`)));
          if (size === PHONE) await shot(ctx, page, `new-draw-390-${theme}`, false);
          assert(errors.length === 0, `page errors: ${errors.join('; ')}`);
          await context.close();
        }
      }
      assert(problems.length === 0, `axe:\n${problems.join('\n')}`);
    },
  },
];
