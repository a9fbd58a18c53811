// Issue 35, a build is a team: the owner invites a partner and a viewer by email (the server
// writes mail to DATA_DIR/outbox/ without SMTP_URL), each accepts from the mailed link in their
// own browser context with an account of their own and no subscription (the partner logs in
// from the link, the viewer signs up from it), the partner moves a card, the owner's activity
// feed names the partner, and the viewer sees the board without an edit control.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createProject, createTask, registerUser, signedInPage, subscribeLocally } from './seed.mjs';

/** Undoes quoted-printable: soft line breaks, then =XX bytes (as UTF-8). */
function decodeQuotedPrintable(text) {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A message's readable forms: quoted-printable decoded, base64 blocks decoded, as stored. */
function readableForms(eml) {
  const forms = [];
  if (/content-transfer-encoding:\s*quoted-printable/i.test(eml)) forms.push(decodeQuotedPrintable(eml));
  for (const block of eml.match(/(?:^[A-Za-z0-9+/=]{16,}\r?\n?)+/gm) ?? []) {
    forms.push(Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  forms.push(eml);
  return forms;
}

/** The invitation link in a message, e.g. http://127.0.0.1:1234/join?token=abc. */
function joinLinkIn(eml) {
  for (const text of readableForms(eml)) {
    const m = /https?:\/\/[^\s"'<>]+\/join\?token=[^\s"'<>&]+/.exec(text);
    if (m) return m[0];
  }
  return null;
}

/** The newest message in DATA_DIR/outbox/ addressed to `email`, or null. */
function newestMailTo(dataDir, email) {
  const outbox = join(dataDir, 'outbox');
  if (!existsSync(outbox)) return null;
  const mails = readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => join(outbox, f))
    .map((path) => ({ path, mtime: statSync(path).mtimeMs, text: readFileSync(path, 'utf8') }))
    .filter((m) => m.text.toLowerCase().includes(email.toLowerCase()))
    .sort((a, b) => b.mtime - a.mtime);
  return mails[0]?.text ?? null;
}

/** A browser context without a session (a person opening the mailed link). */
async function visitorPage(ctx) {
  const context = await ctx.browser.newContext({ baseURL: ctx.base, viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => console.log(`    [pageerror] ${e.message}`));
  ctx.state.pages = [...(ctx.state.pages ?? []), page];
  return { context, page };
}

async function shot(ctx, page, name) {
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(ctx.shots, `${name}.png`), fullPage: true });
}

/** Invites `email` as `role` from the project's menu on the projects page (the members dialog). */
async function invite(ctx, page, projectName, email, role) {
  const { assert, expectText } = ctx.helpers;
  const dialog = page.getByRole('dialog', { name: `Members – ${projectName}` });
  if (!(await dialog.isVisible())) {
    await page.getByRole('button', { name: `Actions for ${projectName}` }).click();
    await page.getByRole('menuitem', { name: 'Members…' }).click();
    await dialog.waitFor();
  }
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Role', { exact: true }).selectOption(role);
  const sent = page.waitForResponse(
    (r) => /\/api\/projects\/\d+\/members\/$/.test(r.url()) && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  const res = await sent;
  assert(res.status() === 201, `invitation answered ${res.status()}: ${await res.text()}`);
  await expectText(dialog.getByRole('status'), `An invitation was sent to ${email}.`);
  await expectText(dialog.getByRole('row').filter({ hasText: email }), 'Invited');
}

/** The link mailed to `email`, as a path of this server. */
async function mailedLink(ctx, email) {
  const { assert, eventually } = ctx.helpers;
  const mail = await eventually(() => newestMailTo(ctx.dataDir, email), `an invitation mail to ${email} in the outbox`);
  const link = joinLinkIn(mail);
  assert(link, `no /join link in the mail:\n${mail.slice(0, 2000)}`);
  const url = new URL(link);
  assert(url.origin === ctx.base, `the link points at PUBLIC_URL (${url.origin})`);
  return `${url.pathname}${url.search}`;
}

async function setView(page, label) {
  await page.getByLabel('View', { exact: true }).selectOption({ label });
}

const isTaskPatch = (id) => (r) => r.url().endsWith(`/api/tasks/${id}/`) && r.request().method() === 'PATCH';

export const journeys = [
  {
    name: 'team: the owner invites a partner and a viewer by email; both join from the mailed link',
    critical: true,
    run: async (ctx) => {
      const { assert, expectText, expectUrl } = ctx.helpers;
      assert(ctx.dataDir, 'run.mjs passes the server DATA_DIR as ctx.dataDir');
      const owner = await registerUser(ctx.base, 'owner');
      await subscribeLocally(ctx.base, owner);
      const project = await createProject(ctx.base, owner, { name: 'Maple Street House' });
      const task = await createTask(ctx.base, owner, project.id, { title: 'Pour the footings' });
      const partner = await registerUser(ctx.base, 'partner'); // no subscription of their own
      const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const viewer = { username: `viewer_${stamp}`, email: `viewer_${stamp}@example.com`, password: 'correct-horse-9' };
      ctx.state.team = { owner, partner, viewer, project, task };

      const o = await signedInPage(ctx, owner);
      ctx.state.team.ownerPage = o;
      await o.page.goto('/projects');
      await invite(ctx, o.page, project.name, partner.email, 'partner');
      await invite(ctx, o.page, project.name, viewer.email, 'viewer');
      await shot(ctx, o.page, 'team-01-members-dialog');
      await o.page
        .getByRole('dialog', { name: `Members – ${project.name}` })
        .getByRole('button', { name: 'Close dialog' })
        .click();

      // The partner opens the link signed out, logs in from it, and lands on the board.
      const p = await visitorPage(ctx);
      ctx.state.team.partnerPage = p;
      const partnerLink = await mailedLink(ctx, partner.email);
      await p.page.goto(partnerLink);
      await p.page.getByRole('heading', { name: 'Join a project' }).waitFor();
      // Before signing in, the page names who invites, to what, as what, and the address.
      await expectText(p.page.locator('main'), `${owner.username} invited you to ${project.name} as a partner.`);
      await expectText(p.page.locator('main'), `create an account with ${partner.email} to join it`);
      await shot(ctx, p.page, 'team-02-join-signed-out');
      await p.page.getByRole('link', { name: 'Log in' }).click();
      await expectUrl(p.page, /^\/login$/);
      await p.page.getByLabel('Email or Username').fill(partner.username);
      await p.page.getByLabel('Password').fill(partner.password);
      await p.page.getByRole('button', { name: 'Login' }).click();
      await expectUrl(p.page, new RegExp(`^/kanban/${project.id}$`));
      await p.page.locator(`[data-task-id="${task.id}"]`).first().waitFor();
      // Opening the mail's link again, in another browser, goes back to the project.
      const again = await visitorPage(ctx);
      await again.page.goto('/login');
      await again.page.getByLabel('Email or Username').fill(partner.username);
      await again.page.getByLabel('Password').fill(partner.password);
      await again.page.getByRole('button', { name: 'Login' }).click();
      await expectUrl(again.page, /^\/(projects|choose-plan)$/);
      await again.page.goto(partnerLink);
      await expectUrl(again.page, new RegExp(`^/kanban/${project.id}$`));
      await again.context.close();

      // The viewer opens the link, signs up from it with the invited email, and lands on the board.
      const v = await visitorPage(ctx);
      ctx.state.team.viewerPage = v;
      await v.page.goto(await mailedLink(ctx, viewer.email));
      await v.page.getByRole('link', { name: 'Sign up' }).click();
      await expectUrl(v.page, /^\/signup$/);
      const email = v.page.getByLabel('Email');
      const prefilled = await email.inputValue();
      assert(prefilled === viewer.email, `the sign-up form holds ${prefilled}, not the invited address`);
      await v.page.getByLabel('Username').fill(viewer.username);
      await v.page.getByLabel('Password').fill(viewer.password);
      await v.page.getByRole('button', { name: 'Sign Up' }).click();
      await expectUrl(v.page, new RegExp(`^/kanban/${project.id}$`));
      await v.page.locator(`[data-task-id="${task.id}"]`).first().waitFor();
      // The partner's link, used, works for nobody else.
      await v.page.goto(partnerLink);
      await expectText(v.page.getByRole('alert'), 'This invitation has already been used.');
      await shot(ctx, v.page, 'team-03-join-used-link');

      // The owner's dialog now names both, with the dates they joined.
      await o.page.reload();
      await o.page.getByRole('button', { name: `Actions for ${project.name}` }).click();
      await o.page.getByRole('menuitem', { name: 'Members…' }).click();
      const dialog = o.page.getByRole('dialog', { name: `Members – ${project.name}` });
      await expectText(dialog.getByRole('row').filter({ hasText: partner.email }), partner.username);
      await expectText(dialog.getByRole('row').filter({ hasText: viewer.email }), viewer.username);
      await dialog.getByRole('button', { name: 'Close dialog' }).click();
    },
  },
  {
    name: 'team: the partner moves a card; the owner sees it in the activity feed, naming the partner',
    run: async (ctx) => {
      const { assert, expectText } = ctx.helpers;
      const { partner, project, task, partnerPage, ownerPage } = ctx.state.team;
      const { page } = partnerPage;
      await page.goto('/projects');
      await expectText(page.getByRole('listitem').filter({ hasText: project.name }), 'Shared · Partner');
      await page.getByRole('button', { name: `Actions for ${project.name}` }).click();
      const items = await page.getByRole('menuitem').allTextContents();
      assert(!items.includes('Delete'), `a partner's menu offers ${items.join(', ')}`);
      await page.keyboard.press('Escape');

      await page.goto(`/kanban/${project.id}`);
      await setView(page, 'Kanban View');
      const card = page.locator(`li[data-task-id="${task.id}"]`);
      await card.waitFor();
      await card.locator('.task-drag').focus();
      const moved = page.waitForResponse(isTaskPatch(task.id));
      await page.keyboard.press('Space');
      await page.waitForTimeout(200);
      await page.keyboard.press('ArrowRight');
      await page.waitForTimeout(250);
      await page.keyboard.press('Space');
      const res = await moved;
      assert(res.status() === 200, `the partner's move answered ${res.status()}: ${await res.text()}`);
      await expectText(page.getByRole('region', { name: 'In Progress column' }), 'Pour the footings');
      await shot(ctx, page, 'team-04-partner-board');

      const o = ownerPage.page;
      await o.goto(`/kanban/${project.id}/activity`);
      const feed = o.getByRole('list', { name: 'Changes to the project, newest first' });
      const entry = feed.locator('li[data-action="task.moved"]').first();
      await expectText(entry, partner.username);
      await expectText(entry, 'Pour the footings');
      await shot(ctx, o, 'team-05-owner-activity');
    },
  },
  {
    name: 'team: a viewer sees the board and the list without an edit control',
    run: async (ctx) => {
      const { assert, expectText } = ctx.helpers;
      const { project, task, viewerPage } = ctx.state.team;
      const { page } = viewerPage;
      await page.goto(`/kanban/${project.id}`);
      // The spreadsheet: no status to change, no cell to edit.
      await setView(page, 'Spreadsheet View');
      await page.locator(`[data-task-id="${task.id}"]`).first().waitFor();
      await page.waitForTimeout(500);
      const sheet = {
        'Add Task': await page.getByRole('button', { name: 'Add Task' }).count(),
        'Update Budget': await page.getByRole('button', { name: 'Update Budget' }).count(),
        'enabled status or cell controls': await page
          .locator('table')
          .locator(
            'select:not([disabled]), input:not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly])',
          )
          .count(),
      };
      for (const [what, n] of Object.entries(sheet)) assert(n === 0, `a viewer sees ${n} ${what} (spreadsheet)`);
      await shot(ctx, page, 'team-06-viewer-spreadsheet');
      // The kanban: no card to drag.
      await setView(page, 'Kanban View');
      await page.locator(`li[data-task-id="${task.id}"]`).waitFor();
      await page.waitForTimeout(300);
      const kanban = {
        'Add Task': await page.getByRole('button', { name: 'Add Task' }).count(),
        'drag handles': await page.locator('[aria-roledescription="draggable task"]').count(),
        'Delete buttons': await page.getByRole('button', { name: /^Delete/ }).count(),
      };
      for (const [what, n] of Object.entries(kanban)) assert(n === 0, `a viewer sees ${n} ${what} (kanban)`);
      await shot(ctx, page, 'team-07-viewer-kanban');

      await page.goto('/projects');
      await expectText(page.getByRole('listitem').filter({ hasText: project.name }), 'Shared · Viewer');
      await page.getByRole('button', { name: `Actions for ${project.name}` }).click();
      const items = await page.getByRole('menuitem').allTextContents();
      assert(items.join(',') === 'Members…', `a viewer's menu offers ${items.join(', ')}`);
      await page.getByRole('menuitem', { name: 'Members…' }).click();
      const dialog = page.getByRole('dialog', { name: `Members – ${project.name}` });
      await dialog.getByRole('button', { name: 'Leave project' }).waitFor();
      assert((await dialog.getByRole('button', { name: 'Send invitation' }).count()) === 0, 'a viewer may not invite');
      await dialog.getByRole('button', { name: 'Close dialog' }).click();
      for (const t of ['ownerPage', 'partnerPage', 'viewerPage']) await ctx.state.team[t].context.close();
    },
  },
];
