// Read-only share links (issue 21), for e2e/run.mjs. A subscribed owner with a project, tasks
// in each column, an awarded bid, payments and a PDF, all seeded through the API, opens the
// share page from the projects list and creates a link "Bank"; the link opens in a fresh
// browser context (no login, no storage) and shows the budget and the board by column, nothing
// editable, and neither the bids, nor the payments, nor the documents (security issue 28). A
// link "Lender" with bids and payments ticked shows both. Revoked, "Bank" answers "This link is
// no longer available" (and the API 404). A link with documents lists the PDF with a working
// View link. The tasks have durations and a link (issue 33): the page shows the schedule read
// only, a bar per scheduled task without a handle (a drag moves nothing, the page never calls the
// owner's /api/projects/...), the agenda below 600 px. Screenshots at 1280×800 and 390×844 in both
// themes, axe on every state.
import { join } from 'node:path';
import { seriousViolations } from './a11y.spec.mjs';
import {
  authed,
  createBid,
  createContractor,
  createPayment,
  createProject,
  createTask,
  registerUser,
  subscribeLocally,
  uploadPdf,
} from './seed.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PROJECT = 'Maple Ridge House';
const BUDGET = 450000;
const LOAN = 300000;
const AWARD = 41500;
const PAYMENTS = { permits: 2500, deposit: 12000 };

const isoDay = (offsetDays) => {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** The Monday of this week: the project starts there, so its bars are beside today on the chart. */
function thisMonday() {
  const d = new Date();
  return isoDay(-((d.getDay() + 6) % 7));
}

/** "$1,234.50", as the page writes money. */
const usd = (n) =>
  `${n < 0 ? '-' : ''}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The owner, the project with a task in each column, an award, two payments and a receipt PDF. */
async function seedProject(ctx, prefix) {
  const user = await registerUser(ctx.base, prefix);
  await subscribeLocally(ctx.base, user);
  const project = await createProject(ctx.base, user, {
    name: PROJECT,
    budget: BUDGET,
    loan_amount: LOAN,
    start_date: thisMonday(),
    end_date: isoDay(365),
  });
  // Scheduled (issue 33): Framing follows Foundation; the permits take a day.
  const foundation = await createTask(ctx.base, user, project.id, {
    title: 'Foundation',
    description: 'Slab on grade with a vapour barrier',
    duration_days: 5,
  });
  const framing = await createTask(ctx.base, user, project.id, {
    title: 'Framing',
    status: 'In Progress',
    duration_days: 8,
  });
  const permits = await createTask(ctx.base, user, project.id, {
    title: 'Building Permits',
    status: 'Paid',
    actual_cost: PAYMENTS.permits,
    duration_days: 1,
  });
  await authed(ctx.base, user)('/api/dependencies/', {
    method: 'POST',
    body: JSON.stringify({ predecessor: foundation.id, successor: framing.id }),
  });
  const birch = await createContractor(ctx.base, user, { name: 'Birch Builders', trade: 'Carpentry' });
  const oak = await createContractor(ctx.base, user, { name: 'Oak & Sons', trade: 'Carpentry' });
  await createBid(ctx.base, user, { task: framing.id, contractor: birch.id, amount: AWARD, award: true });
  await createBid(ctx.base, user, { task: framing.id, contractor: oak.id, amount: 47250 });
  const receipt = await uploadPdf(ctx.base, user, permits.id, 'permit-receipt.pdf');
  await createPayment(ctx.base, user, {
    task: permits.id,
    amount: PAYMENTS.permits,
    paid_on: isoDay(-30),
    payee: 'City of Austin',
    method: 'card',
    receipt: receipt.id,
  });
  await createPayment(ctx.base, user, {
    task: framing.id,
    amount: PAYMENTS.deposit,
    paid_on: isoDay(-7),
    contractor: birch.id,
    method: 'check',
  });
  return { user, project, foundation, framing, permits };
}

async function signedIn(ctx, user, { size = DESKTOP, theme = 'light' } = {}) {
  const context = await ctx.browser.newContext({ baseURL: ctx.base, viewport: size });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.base });
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
  return openPage(ctx, context);
}

/** A browser with nothing of the owner: no login, no storage (a theme only when asked). */
async function stranger(ctx, { size = DESKTOP, theme = null } = {}) {
  const context = await ctx.browser.newContext({ baseURL: ctx.base, viewport: size });
  if (theme) {
    await context.addInitScript((t) => {
      if (window === window.top) localStorage.setItem('theme', t);
    }, theme);
  }
  return openPage(ctx, context);
}

async function openPage(ctx, context) {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  ctx.state.pages = [...(ctx.state.pages ?? []), page];
  return { context, page, errors };
}

async function shot(ctx, page, name, fullPage = true) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(ctx.shots, `shares-${name}.png`), fullPage });
}

/** Creates a link on the owner's share page; returns its address from the read-only field. */
async function createLink(page, label, { documents = false, bids = false, payments = false } = {}) {
  await page.getByLabel('Label').fill(label);
  if (bids) await page.getByLabel('Include bids').check();
  if (payments) await page.getByLabel('Include payments').check();
  if (documents) await page.getByLabel('Include documents').check();
  await page.getByRole('button', { name: 'Create link' }).click();
  const panel = page.getByTestId('share-created');
  await panel.getByRole('heading', { name: `The link for ${label} is ready` }).waitFor();
  return panel.getByLabel(`Link for ${label}`).inputValue();
}

async function openShared(page, url) {
  const response = await page.goto(url);
  await page.locator('h1').first().waitFor();
  return response;
}

/** Nothing editable on the page: no fields, no drag handles, no buttons but Print. */
async function assertReadOnly(page, assert) {
  const editable = await page
    .locator('main input, main textarea, main select, main [contenteditable], main [draggable="true"]')
    .count();
  assert(editable === 0, `${editable} editable elements on the shared page`);
  const anywhere = await page.locator('input, textarea, select, [contenteditable], [draggable="true"]').count();
  assert(anywhere === 0, `${anywhere} editable elements anywhere on the page`);
  const buttons = await page.locator('main button').allTextContents();
  assert(JSON.stringify(buttons.map((b) => b.trim())) === '["Print"]', `buttons: ${buttons.join(', ')}`);
}

export const journeys = [
  {
    name: 'shares: a link shows the live budget without a login, nothing editable, bids and payments only when ticked; revoked, it is gone',
    critical: true,
    run: async (ctx) => {
      const { assert, eventually, expectText, expectUrl } = ctx.helpers;
      const { user, project } = await seedProject(ctx, 'share');
      const owner = await signedIn(ctx, user);
      const { page } = owner;

      // From the projects list: the project's menu, Share.
      await page.goto('/projects');
      await page.getByRole('button', { name: `Actions for ${PROJECT}` }).click();
      await page.getByRole('menuitem', { name: 'Share…' }).waitFor();
      await shot(ctx, page, 'projects-menu-1280-light', false);
      await page.getByRole('menuitem', { name: 'Share…' }).click();
      await expectUrl(page, new RegExp(`^/kanban/${project.id}/share$`));
      await page.getByRole('heading', { name: 'Share this project', level: 1 }).waitFor();
      await page.getByTestId('share-empty').waitFor();
      assert((await page.title()) === `Share — ${PROJECT} – BuildLedger`, `title: ${await page.title()}`);

      const url = await createLink(page, 'Bank');
      assert(new RegExp(`^${ctx.base}/share/[0-9a-f]{64}$`).test(url), `the link: ${url}`);
      await expectText(page.getByTestId('share-once'), 'Copy it now: for your security we show it only once.');
      await page.getByRole('button', { name: 'Copy link' }).click();
      await expectText(page.getByTestId('share-copy-status'), /Copied|selected/);
      const status = await page.getByTestId('share-copy-status').textContent();
      if (status.startsWith('Copied')) {
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        assert(copied === url, `the clipboard holds ${copied}`);
      }
      const sms = await page.getByRole('link', { name: 'Text message' }).getAttribute('href');
      assert(sms.startsWith('sms:') && decodeURIComponent(sms).includes(url), `sms link: ${sms}`);
      const row = page.getByTestId('share-list').locator('li.share-item').filter({ hasText: 'Bank' });
      await expectText(row, 'No end date');
      await expectText(row, 'Budget and board only');
      await shot(ctx, page, 'owner-1280-light-created');

      // The token is never in the owner's list, only in this one answer.
      const listed = await page.evaluate(
        async (id) =>
          (
            await fetch(`/api/projects/${id}/shares/`, {
              headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` },
            })
          ).text(),
        project.id,
      );
      assert(!listed.includes(url.split('/share/')[1]), 'the list never carries the token');

      // A stranger's browser: no login, nothing stored.
      const lender = await stranger(ctx);
      const response = await openShared(lender.page, url);
      const headers = response.headers();
      const robotsMeta = await lender.page.locator('meta[name="robots"]').getAttribute('content');
      assert(
        /noindex/i.test(headers['x-robots-tag'] ?? '') || /noindex/.test(robotsMeta ?? ''),
        `noindex: header ${headers['x-robots-tag']}, meta ${robotsMeta}`,
      );
      assert(/noindex/i.test(headers['x-robots-tag'] ?? ''), `X-Robots-Tag: ${headers['x-robots-tag']}`);
      await eventually(
        async () => (await lender.page.locator('meta[name="robots"]').getAttribute('content')) === 'noindex, nofollow',
        'the robots meta says noindex, nofollow',
      );
      await lender.page.getByRole('heading', { name: PROJECT, level: 1 }).waitFor();
      assert((await lender.page.title()) === `Shared project – ${PROJECT}`, `title: ${await lender.page.title()}`);
      assert(new URL(lender.page.url()).pathname.startsWith('/share/'), `no redirect: ${lender.page.url()}`);
      const storage = await lender.page.evaluate(() => localStorage.getItem('access_token'));
      assert(storage === null, 'the stranger has no session');
      await expectText(lender.page.getByTestId('share-banner'), 'Read-only view shared by the project owner · Bank');

      const summary = await (await fetch(`${ctx.base}/api/share/${url.split('/share/')[1]}/`)).json();
      await expectText(lender.page.getByTestId('shared-budget'), usd(BUDGET));
      await expectText(lender.page.getByTestId('shared-committed'), usd(AWARD));
      await expectText(lender.page.getByTestId('shared-paid'), usd(PAYMENTS.permits + PAYMENTS.deposit));
      await expectText(lender.page.getByTestId('shared-remaining'), usd(summary.summary.remaining_to_pay));
      await expectText(lender.page.getByTestId('shared-loan'), usd(LOAN));
      await expectText(
        lender.page.getByTestId('shared-contingency-status'),
        /Within the working budget|Using the contingency|Over budget/,
      );

      // The board by column, with the columns' totals.
      for (const [slug, column, title] of [
        ['to-do', 'To Do', 'Foundation'],
        ['in-progress', 'In Progress', 'Framing'],
        ['paid', 'Paid', 'Building Permits'],
      ]) {
        const col = lender.page.getByTestId(`shared-column-${slug}`);
        await expectText(col.getByRole('heading', { level: 3 }), column);
        await expectText(col.getByTestId('shared-task'), title);
        await expectText(col.getByTestId(`shared-total-${slug}`), usd(summary.summary.column_totals[column]));
      }
      await expectText(lender.page.getByTestId('shared-column-to-do'), 'Slab on grade with a vapour barrier');

      // The schedule (issue 33), read only: a bar per scheduled task, no handle; a drag moves
      // nothing and the page never asks the owner's API (no login here).
      const schedule = lender.page.getByTestId('shared-schedule');
      await expectText(schedule.getByRole('heading', { level: 2 }), 'Schedule');
      await expectText(schedule.getByTestId('shared-schedule-summary'), /^Planned finish: /);
      const foundationBar = schedule.getByRole('img', { name: /^Foundation: .*5 working days/ });
      await foundationBar.waitFor();
      const framingBar = schedule.getByRole('img', { name: /^Framing: .*8 working days, after Foundation/ });
      await framingBar.waitFor();
      for (const handle of ['.tl-resize', '.tl-link-handle', '[data-testid^="timeline-resize-"]', 'button']) {
        assert((await schedule.locator(handle).count()) === 0, `no ${handle} in the schedule`);
      }
      const apiCalls = [];
      lender.page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/') && !r.url().includes('/api/share/')) apiCalls.push(r.url());
      });
      const before = await foundationBar.boundingBox();
      assert(before && before.width > 0, `the Foundation bar is drawn: ${JSON.stringify(before)}`);
      await lender.page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
      await lender.page.mouse.down();
      await lender.page.mouse.move(before.x + before.width / 2 + 120, before.y + before.height / 2, { steps: 6 });
      await lender.page.mouse.up();
      await lender.page.mouse.move(before.x + before.width - 2, before.y + before.height / 2);
      await lender.page.mouse.down();
      await lender.page.mouse.move(before.x + before.width + 100, before.y + before.height / 2, { steps: 6 });
      await lender.page.mouse.up();
      await foundationBar.click();
      await lender.page.keyboard.press('ArrowRight');
      const after = await foundationBar.boundingBox();
      assert(after.x === before.x && after.width === before.width, `the bar stayed: ${JSON.stringify(after)}`);
      assert((await lender.page.getByRole('dialog').count()) === 0, 'a bar opens nothing');
      assert(apiCalls.length === 0, `the shared page called ${apiCalls.join(', ')}`);
      const tasksNow = await (await authed(ctx.base, user)(`/api/projects/${project.id}/tasks/`)).json();
      assert(
        tasksNow.every((t) => t.planned_start === null),
        `a planned start was set: ${JSON.stringify(tasksNow.map((t) => t.planned_start))}`,
      );
      await shot(ctx, lender.page, 'shared-schedule-1280-light');

      // Not ticked: no bids, no payments, no documents, not even a name from them. The budget's
      // figures above (the award as committed, the totals paid) show either way.
      for (const section of ['shared-bids', 'shared-payments', 'shared-documents']) {
        assert((await lender.page.getByTestId(section).count()) === 0, `no ${section} section`);
      }
      for (const heading of ['Bids', 'Payments', 'Documents']) {
        assert((await lender.page.getByRole('heading', { name: heading }).count()) === 0, `no ${heading} heading`);
      }
      const shown = await lender.page.locator('main').textContent();
      for (const name of ['Oak & Sons', 'City of Austin', 'permit-receipt']) {
        assert(!shown.includes(name), `the page names ${name}`);
      }
      assert(summary.bids.length === 0 && summary.payments.length === 0, 'the API leaves them out too');
      assert(
        summary.tasks.every((t) => t.bid_count === 0 && t.lowest_bid === null),
        'no bid figures on the board',
      );
      await assertReadOnly(lender.page, assert);
      const problems = await seriousViolations(lender.page, 'shared page (light, 1280px)');
      assert(problems.length === 0, `axe:\n${problems.join('\n')}`);
      await shot(ctx, lender.page, 'shared-budget-only-1280-light');

      // A second link, for the lender, with bids and payments ticked: both show.
      await page.getByRole('button', { name: 'Done' }).click();
      const lenderUrl = await createLink(page, 'Lender', { bids: true, payments: true });
      await expectText(
        page.getByTestId('share-list').locator('li.share-item').filter({ hasText: 'Lender' }),
        'With bids and payments',
      );
      await openShared(lender.page, lenderUrl);
      await expectText(lender.page.getByTestId('share-banner'), 'Read-only view shared by the project owner · Lender');
      const bid = lender.page.getByTestId('shared-bid').filter({ hasText: 'Birch Builders' });
      await expectText(bid, usd(AWARD));
      await expectText(bid, 'Awarded');
      await expectText(lender.page.getByTestId('shared-bid').filter({ hasText: 'Oak & Sons' }), 'Pending');
      const payments = lender.page.getByTestId('shared-payment');
      assert((await payments.count()) === 2, 'two payments');
      await expectText(payments.filter({ hasText: 'City of Austin' }), usd(PAYMENTS.permits));
      await expectText(payments.filter({ hasText: 'Birch Builders' }), usd(PAYMENTS.deposit));
      assert((await lender.page.getByTestId('shared-documents').count()) === 0, 'no document section');
      await assertReadOnly(lender.page, assert);
      const withBids = await seriousViolations(lender.page, 'shared page with bids and payments (light, 1280px)');
      assert(withBids.length === 0, `axe:\n${withBids.join('\n')}`);
      await shot(ctx, lender.page, 'shared-bids-payments-1280-light');
      await openShared(lender.page, url);
      await expectText(lender.page.getByTestId('share-banner'), 'Read-only view shared by the project owner · Bank');

      // Back with the owner: revoke Bank, after the confirmation.
      await page.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('button', { name: 'Revoke the link for Bank' }).click();
      const dialog = page.getByRole('dialog', { name: 'Revoke the link for Bank?' });
      await expectText(dialog, 'Anyone using it will see ‘This link is no longer available.’');
      await shot(ctx, page, 'owner-1280-light-revoke', false);
      await dialog.getByRole('button', { name: 'Revoke link' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Revoke the link for Bank' }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Revoke the link for Lender' }).waitFor();

      // The stranger reloads: the link is gone, and the API agrees.
      await lender.page.reload();
      await lender.page.getByRole('heading', { name: 'This link is no longer available', level: 1 }).waitFor();
      assert(
        (await lender.page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')) === '/',
        'a link home',
      );
      const api = await lender.page.request.get(`/api/share/${url.split('/share/')[1]}/`);
      assert(api.status() === 404, `the API answers ${api.status()}`);
      const still = await lender.page.request.get(`/api/share/${lenderUrl.split('/share/')[1]}/`);
      assert(still.status() === 200, `the other link answers ${still.status()}`);
      const gone = await seriousViolations(lender.page, 'link no longer available (light, 1280px)');
      assert(gone.length === 0, `axe:\n${gone.join('\n')}`);
      await shot(ctx, lender.page, 'gone-1280-light');
      assert(owner.errors.length === 0 && lender.errors.length === 0, [...owner.errors, ...lender.errors].join('; '));
      await lender.context.close();
      await owner.context.close();
    },
  },
  {
    name: 'shares: a link with documents lists the PDF with a working View link',
    run: async (ctx) => {
      const { assert, expectText } = ctx.helpers;
      const { user, project } = await seedProject(ctx, 'sharedocs');
      const owner = await signedIn(ctx, user);
      await owner.page.goto(`/kanban/${project.id}/share`);
      await owner.page.getByTestId('share-empty').waitFor();
      await owner.page.getByLabel('Link works until (optional)').fill(isoDay(30));
      const url = await createLink(owner.page, 'Sam', { documents: true });
      const row = owner.page.getByTestId('share-list').locator('li.share-item').filter({ hasText: 'Sam' });
      await expectText(row, 'With documents');
      await expectText(row, 'Works until');

      const lender = await stranger(ctx);
      await openShared(lender.page, url);
      await lender.page.getByRole('heading', { name: PROJECT, level: 1 }).waitFor();
      await expectText(lender.page.getByTestId('share-banner'), /· Sam · until /);
      const doc = lender.page.getByTestId('shared-document').filter({ hasText: 'permit-receipt.pdf' });
      await expectText(doc, 'Building Permits');
      const view = doc.getByRole('link', { name: /^View permit-receipt\.pdf/ });
      assert((await view.getAttribute('target')) === '_blank', 'opens in a new tab');
      assert((await view.getAttribute('rel')) === 'noopener noreferrer', 'without the opener or the referrer');
      const href = await view.getAttribute('href');
      const file = await lender.page.request.get(href);
      assert(file.status() === 200, `View answers ${file.status()}`);
      assert(file.headers()['content-type']?.startsWith('application/pdf'), `type ${file.headers()['content-type']}`);
      assert((await file.body()).toString('latin1').startsWith('%PDF-'), 'a PDF');
      // Clicking it opens the file in a new tab.
      const [popup] = await Promise.all([lender.page.waitForEvent('popup'), view.click()]);
      await popup.waitForLoadState();
      assert(popup.url().includes('/download/'), `the popup opened ${popup.url()}`);
      await popup.close();
      await assertReadOnly(lender.page, assert);
      const problems = await seriousViolations(lender.page, 'shared page with documents');
      assert(problems.length === 0, `axe:\n${problems.join('\n')}`);
      await shot(ctx, lender.page, 'shared-documents-1280-light');
      assert(owner.errors.length === 0 && lender.errors.length === 0, [...owner.errors, ...lender.errors].join('; '));
      await lender.context.close();
      await owner.context.close();
    },
  },
  {
    name: 'shares: the share page and the shared page at 1280 and 390 px in both themes: no sideways scroll, axe finds no serious issue',
    run: async (ctx) => {
      const { assert } = ctx.helpers;
      const { user, project } = await seedProject(ctx, 'shareaxe');
      const problems = [];
      let url = null;
      for (const theme of ['light', 'dark']) {
        for (const size of [DESKTOP, PHONE]) {
          const label = `${theme}, ${size.width}px`;
          const owner = await signedIn(ctx, user, { theme, size });
          await owner.page.goto(`/kanban/${project.id}/share`);
          await owner.page.getByRole('heading', { name: 'Share this project', level: 1 }).waitFor();
          if (!url) url = await createLink(owner.page, 'Bank', { documents: true, bids: true, payments: true });
          else await owner.page.getByTestId('share-list').waitFor();
          if (size === PHONE && theme === 'light') {
            // The created panel on a phone, with an expired-looking list around it.
            await createLink(owner.page, 'Sam');
          }
          problems.push(...(await seriousViolations(owner.page, `share page (${label})`)));
          const ownerOverflow = await owner.page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          assert(ownerOverflow <= 0, `the share page fits ${size.width} px (overflow ${ownerOverflow}px, ${theme})`);
          await shot(ctx, owner.page, `owner-${size.width}-${theme}`);
          assert(owner.errors.length === 0, `page errors: ${owner.errors.join('; ')}`);
          await owner.context.close();

          const lender = await stranger(ctx, { size, theme });
          await openShared(lender.page, url);
          await lender.page.getByRole('heading', { name: PROJECT, level: 1 }).waitFor();
          await lender.page.getByTestId('shared-document').first().waitFor();
          const overflow = await lender.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert(overflow <= 0, `the shared page fits ${size.width} px (overflow ${overflow}px, ${theme})`);
          if (size === PHONE) {
            // One column above the other.
            const boxes = await Promise.all(
              ['to-do', 'in-progress', 'paid'].map((s) => lender.page.getByTestId(`shared-column-${s}`).boundingBox()),
            );
            assert(
              boxes[0].y < boxes[1].y && boxes[1].y < boxes[2].y && boxes.every((b) => b.x === boxes[0].x),
              `stacked columns: ${JSON.stringify(boxes)}`,
            );
            // The schedule as the agenda (below 600 px), not the day scale.
            await lender.page.getByTestId('shared-schedule').getByTestId('schedule-agenda').waitFor();
            assert((await lender.page.locator('.tl-chart').count()) === 0, 'no chart on a phone');
          } else {
            await lender.page
              .getByTestId('shared-schedule')
              .getByRole('img', { name: /^Framing:/ })
              .waitFor();
          }
          problems.push(...(await seriousViolations(lender.page, `shared page (${label})`)));
          await shot(ctx, lender.page, `shared-${size.width}-${theme}`);
          assert(lender.errors.length === 0, `page errors: ${lender.errors.join('; ')}`);
          await lender.context.close();
        }
      }
      // The page of a link that no longer works, on a phone.
      const gone = await stranger(ctx, { size: PHONE, theme: 'dark' });
      await openShared(gone.page, `/share/${'0'.repeat(64)}`);
      await gone.page.getByRole('heading', { name: 'This link is no longer available', level: 1 }).waitFor();
      problems.push(...(await seriousViolations(gone.page, 'link no longer available (dark, 390px)')));
      await shot(ctx, gone.page, 'gone-390-dark');
      await gone.context.close();
      assert(problems.length === 0, `axe:\n${problems.join('\n')}`);
    },
  },
];
