// One money story (issue 29), for e2e/run.mjs: the walk through one project. A project
// (budget, zip code), its tasks, three awarded bids (enough for a local ratio), $25,000 paid on
// Framing, a +$2,500 change order approved on Framing (API), then "Other / Miscellaneous" moved to
// Paid at $6,800 on the board (through the card's menu and the Paid dialog, whether or not the
// dialog offers to record the difference as a payment). Then the board, the Money page, the share
// page and both exports must show the server's predicted total, Paid and contingency left: the
// same figures on every screen. Screenshots of the Money page at 1280×800 and 390×844, and the
// exports kept in e2e/downloads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  authed,
  createBid,
  createContractor,
  createPayment,
  createProject,
  createTask,
  registerUser,
  signedInPage,
  subscribeLocally,
} from './seed.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PROJECT = 'Juniper Lane House';
const BUDGET = 450000;
const LOAN = 300000;
const MISC = 'Other / Miscellaneous';
const MISC_COST = 6800;
const FRAMING_PAID = 25000;
const CHANGE = 2500;

/** "$1,234.50", as the pages write money. */
const usd = (n) =>
  `${n < 0 ? '-' : ''}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** The figure as a page may write it: "$1,234.00", or "$1,234" for whole dollars. */
const shown = (n) => {
  const text = usd(n).replace(/[$.]/g, (c) => `\\${c}`);
  return new RegExp(Number.isInteger(n) ? `${text.replace(/\\\.00$/, '')}(\\.00)?(?![\\d,])` : text);
};
/** "1234.50", as the CSV writes money. */
const plain = (n) => n.toFixed(2);

async function seed(ctx) {
  const user = await registerUser(ctx.base, 'story');
  await subscribeLocally(ctx.base, user);
  const project = await createProject(ctx.base, user, {
    name: PROJECT,
    budget: BUDGET,
    zip_code: '78701',
    square_footage: 2400,
    loan_amount: LOAN,
  });
  const call = authed(ctx.base, user);
  const task = (title, body = {}) => createTask(ctx.base, user, project.id, { title, ...body });
  const tasks = {};
  for (const title of ['Foundation', 'Framing', 'Roofing', 'Drywall', 'Building Permits', MISC])
    tasks[title] = await task(title, title === 'Framing' ? { status: 'In Progress' } : {});
  // Three awards near their predictions (each within 25% of the others): the project gets a ratio.
  const awards = [
    ['Foundation', 'Stone Concrete', 0.96],
    ['Framing', 'Birch Builders', 0.94],
    ['Roofing', 'Summit Roofing', 1.05],
  ];
  for (const [title, name, factor] of awards) {
    const contractor = await createContractor(ctx.base, user, { name, trade: 'General' });
    const amount = Math.round(tasks[title].predicted_cost * factor);
    await createBid(ctx.base, user, { task: tasks[title].id, contractor: contractor.id, amount, award: true });
  }
  await createPayment(ctx.base, user, { task: tasks.Framing.id, amount: FRAMING_PAID, method: 'check' });
  await call('/api/change-orders/', {
    method: 'POST',
    body: JSON.stringify({
      task: tasks.Framing.id,
      description: 'Owner asked for a bigger porch',
      amount: CHANGE,
      status: 'approved',
    }),
  });
  return { user, project, call, tasks };
}

const summaryOf = async (call, id) => (await call(`/api/projects/${id}/summary/`)).json();

export const journeys = [
  {
    name: 'money story: the board, the Money page, the share page and both exports show the same predicted total, paid and contingency',
    run: async (ctx) => {
      const { assert, eventually, expectText } = ctx.helpers;
      const { user, project, call, tasks } = await seed(ctx);
      const before = await summaryOf(call, project.id);
      assert(
        before.calibrated !== null && before.use_calibration === true,
        'three awards give a ratio, used by default',
      );

      // On the board: "Other / Miscellaneous" to Paid at $6,800 through the card's menu.
      const { context, page, errors } = await signedInPage(ctx, user, { size: DESKTOP });
      await page.goto(`/kanban/${project.id}`);
      const view = page.getByRole('combobox', { name: 'View' });
      await view.waitFor();
      if ((await view.inputValue()) !== 'kanban') await view.selectOption('kanban');
      const actions = page.getByRole('button', { name: `Actions for ${MISC}` });
      const toPaid = page.getByRole('menuitem', { name: 'Move to Paid' });
      await eventually(async () => {
        await actions.scrollIntoViewIfNeeded();
        await actions.click();
        return toPaid.waitFor({ timeout: 2000 }).then(
          () => true,
          () => false,
        );
      }, "the card's menu opens");
      // The dialog may send the difference as a payment just after the move: note whether it does.
      const paymentPosts = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/api/task-payments/')) paymentPosts.push(r);
      });
      await toPaid.click();
      const dialog = page.getByRole('dialog');
      const cost = dialog.getByLabel(/actual cost/i).first();
      // The dialog pre-fills from what is recorded (nothing here), never from the prediction: type it.
      await cost.fill(String(MISC_COST));
      const moved = page.waitForResponse(
        (r) => r.url().endsWith(`/api/tasks/${tasks[MISC].id}/`) && r.request().method() === 'PATCH',
      );
      await cost.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      assert((await moved).ok(), 'the task was moved');
      // The dialog may have recorded the difference as a payment: either way, Paid is the same.
      // Wait for the payment too when one was sent (it follows the move).
      await page.waitForTimeout(300);
      const summary = await eventually(async () => {
        const s = await summaryOf(call, project.id);
        const paymentDone = paymentPosts.length === 0 || s.payments_recorded === FRAMING_PAID + MISC_COST;
        return s.column_totals.Paid === MISC_COST && paymentDone ? s : null;
      }, 'the server has the task in Paid (and the difference recorded, when the dialog sent it)');
      assert(
        summary.payments_recorded === FRAMING_PAID || summary.payments_recorded === FRAMING_PAID + MISC_COST,
        `payments recorded ${summary.payments_recorded}`,
      );
      assert(
        summary.paid_to_date === FRAMING_PAID + MISC_COST,
        `Paid is payments or final cost: ${summary.paid_to_date}`,
      );
      assert(summary.change_orders_approved === CHANGE, 'the change order counts');
      assert(
        Math.round((summary.contingency_used + summary.contingency_left) * 100) ===
          Math.round(summary.contingency_reserve * 100),
        'used + left = reserve',
      );
      assert(
        Math.round(summary.headroom * 100) === Math.round((summary.budget - summary.predicted_total) * 100),
        'headroom = budget - predicted total',
      );
      const figures = {
        predicted: usd(summary.predicted_total),
        paid: usd(summary.paid_to_date),
        left: usd(summary.contingency_left),
      };

      // The board.
      await expectText(page.getByTestId('predicted-total'), figures.predicted);
      await expectText(page.getByTestId('ledger-summary'), figures.paid);
      await expectText(page.getByTestId('ledger-summary'), figures.left);
      await page.screenshot({ path: join(ctx.shots, 'money-story-board-1280.png') });

      // Both exports, from the board.
      await page.getByRole('button', { name: 'Export' }).click();
      const csvDownload = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'Export CSV' }).click();
      const csvFile = await csvDownload;
      assert(csvFile.suggestedFilename() === `kanban_tasks_project_${project.id}.csv`, csvFile.suggestedFilename());
      const csvPath = join(ctx.downloads, `story-${csvFile.suggestedFilename()}`);
      await csvFile.saveAs(csvPath);
      const lines = readFileSync(csvPath, 'utf8').split('\r\n');
      assert(lines[0] === `Project,${PROJECT}`, lines[0]);
      assert(lines.includes(`Budget,${plain(BUDGET)}`), 'budget line');
      assert(
        lines.some((l) => l.startsWith(`Predicted total,${plain(summary.predicted_total)},calibrated`)),
        `predicted total line: ${lines.slice(0, 4).join(' | ')}`,
      );
      assert(lines.includes(`Contingency left,${plain(summary.contingency_left)}`), 'contingency left line');
      assert(lines.includes(`Contingency used,${plain(summary.contingency_used)}`), 'contingency used line');
      assert(lines.includes(`Loan,${plain(LOAN)}`), 'loan line');
      const header = lines.findIndex((l) => l.startsWith('Task,Description,Actual Cost,Status,'));
      assert(header > 0, 'the spec columns first');
      const columns = lines[header].split(',');
      const rows = lines.slice(header + 1, header + 7).map((l) => l.split(','));
      const cell = (row, column) => row[columns.indexOf(column)];
      const misc = rows.find((r) => r[0] === MISC);
      assert(misc && cell(misc, 'Paid') === plain(MISC_COST) && cell(misc, 'Status') === 'Paid', `misc row ${misc}`);
      const framing = rows.find((r) => r[0] === 'Framing');
      assert(cell(framing, 'Contractor') === 'Birch Builders', `framing contractor ${framing}`);
      assert(cell(framing, 'Change orders') === plain(CHANGE), `framing change orders ${framing}`);
      const total = lines[header + 7].split(',');
      assert(total[0] === 'Total (6 tasks)', `totals row ${total}`);
      assert(cell(total, 'Counts in total') === plain(summary.predicted_total), `total ${total}`);
      assert(cell(total, 'Paid') === plain(summary.paid_to_date), `paid ${total}`);
      assert(cell(total, 'Committed') === plain(summary.committed), `committed ${total}`);
      assert(cell(total, 'Remaining') === plain(summary.remaining_to_pay), `remaining ${total}`);
      // The columns add up to the totals row.
      for (const column of ['Counts in total', 'Paid', 'Committed', 'Remaining']) {
        const sum = rows.reduce((s, r) => s + Math.round(Number(cell(r, column) || 0) * 100), 0);
        assert(sum === Math.round(Number(cell(total, column)) * 100), `${column} adds up: ${sum}`);
      }

      await page.getByRole('button', { name: 'Export' }).click();
      const pdfDownload = page.waitForEvent('download', { timeout: 60_000 });
      await page.getByRole('menuitem', { name: 'Export PDF' }).click();
      const pdfFile = await pdfDownload;
      assert(pdfFile.suggestedFilename() === `kanban_tasks_project_${project.id}.pdf`, pdfFile.suggestedFilename());
      const pdfPath = join(ctx.downloads, `story-${pdfFile.suggestedFilename()}`);
      await pdfFile.saveAs(pdfPath);
      const pdf = readFileSync(pdfPath);
      assert(pdf.subarray(0, 5).toString() === '%PDF-', 'a PDF');
      assert(/\/MediaBox \[0 0 792 612\]/.test(pdf.toString('latin1')), 'US Letter, landscape');

      // The Money page.
      await page.goto(`/kanban/${project.id}/money`);
      await expectText(page.getByTestId('money-predicted'), figures.predicted);
      await expectText(page.getByTestId('money-predicted'), 'Predicted total (calibrated)');
      await expectText(page.getByTestId('money-paid'), figures.paid);
      await expectText(page.getByTestId('money-contingency'), figures.left);
      await expectText(page.getByTestId('money-contingency-used'), usd(summary.contingency_used));
      await expectText(page.getByTestId('money-headroom'), usd(summary.headroom));
      // Payments recorded is its own figure only when it differs from Paid (the dialog did not
      // record the difference): read what the server says now, and check the page says the same.
      const now = await summaryOf(call, project.id);
      assert(now.paid_to_date === summary.paid_to_date, `Paid is stable: ${now.paid_to_date}`);
      if (Math.round(now.payments_recorded * 100) !== Math.round(now.paid_to_date * 100))
        await expectText(page.getByTestId('money-payments-recorded'), usd(now.payments_recorded));
      else assert((await page.getByTestId('money-payments-recorded').count()) === 0, 'no separate payments figure');
      const register = await (await call(`/api/projects/${project.id}/change-orders/`)).json();
      await expectText(
        page.getByTestId('change-order-table').getByTestId('co-contingency-left'),
        usd(register.change_orders[0].contingency_left_after),
      );
      await page.locator('.money-chart canvas').nth(1).waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(ctx.shots, 'money-story-money-1280.png'), fullPage: true });
      assert(errors.length === 0, `page errors: ${errors.join('; ')}`);
      await context.close();

      const phone = await signedInPage(ctx, user, { size: PHONE });
      await phone.page.goto(`/kanban/${project.id}/money`);
      await expectText(phone.page.getByTestId('money-predicted'), figures.predicted);
      await phone.page.locator('.money-chart canvas').nth(1).waitFor();
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 0, `the Money page fits 390 px (overflow ${overflow}px)`);
      await phone.page.waitForTimeout(300);
      await phone.page.screenshot({ path: join(ctx.shots, 'money-story-money-390.png'), fullPage: true });
      // What a phone shows, screen by screen: the summary, the contingency, the charts, the register.
      for (const [name, testId] of [
        ['summary', 'money-budget'],
        ['contingency', 'money-contingency-group'],
        ['register', 'change-order-table'],
      ]) {
        await phone.page.getByTestId(testId).evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await phone.page.waitForTimeout(150);
        await phone.page.screenshot({ path: join(ctx.shots, `money-story-money-390-${name}.png`) });
      }
      await phone.context.close();

      // The share page, in a browser with no login.
      const share = await (
        await call('/api/shares/', { method: 'POST', body: JSON.stringify({ project: project.id, label: 'Lender' }) })
      ).json();
      const lender = await ctx.browser.newContext({ viewport: DESKTOP });
      const shared = await lender.newPage();
      ctx.state.pages = [...(ctx.state.pages ?? []), shared];
      await shared.goto(new URL(share.url, ctx.base).href);
      const body = shared.getByTestId('shared-project');
      await expectText(body, shown(summary.predicted_total));
      await expectText(body, shown(summary.paid_to_date));
      await expectText(body, shown(summary.contingency_left));
      await shared.screenshot({ path: join(ctx.shots, 'money-story-share-1280.png'), fullPage: true });
      await lender.close();
    },
  },
];
