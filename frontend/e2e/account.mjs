// Account lifecycle journeys for e2e/run.mjs: logout revokes the session, password reset by
// email (the server writes mail to DATA_DIR/outbox/ without SMTP_URL), password change,
// "Download my data" and account deletion; plus screenshots of the new pages at desktop and
// phone sizes. Each journey seeds its own user and depends on no other journey.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createProject, createTasks, registerUser, subscribeLocally } from './seed.mjs';

const NEW_PASSWORD = 'brand-new-horse-7';

async function newPage(ctx, { width = 1280, height = 860 } = {}) {
  const context = await ctx.browser.newContext({
    baseURL: ctx.base,
    viewport: { width, height },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (e) => console.log(`    [pageerror] ${e.message}`));
  ctx.state.pages = [...(ctx.state.pages ?? []), page];
  return { context, page };
}

async function shot(ctx, page, name) {
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(ctx.shots, `${name}.png`), fullPage: true });
}

/** POSTs JSON from the test runner (no browser state) and returns the status and body. */
async function post(ctx, path, body) {
  const res = await fetch(`${ctx.base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const passwordLogin = (ctx, user, password) => post(ctx, '/api/token/', { username: user.username, password });

async function loginThroughUi(ctx, page, login, password, landing = /^\/projects$/) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await ctx.helpers.expectUrl(page, landing);
}

async function openAccountSettings(page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account Settings' }).click();
  await page.getByRole('heading', { name: 'Security' }).waitFor();
}

const storedTokens = (page) =>
  page.evaluate(() => ({
    access: localStorage.getItem('access_token'),
    refresh: localStorage.getItem('refresh_token'),
  }));

// ---------- the outbox ----------

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

/**
 * Every readable form of a message, decoded ones first (a quoted-printable body as stored
 * has "token=3D..." and soft line breaks): quoted-printable decoded, base64 blocks decoded,
 * then as stored.
 */
function readableForms(eml) {
  const forms = [];
  if (/content-transfer-encoding:\s*quoted-printable/i.test(eml)) forms.push(decodeQuotedPrintable(eml));
  // Base64 bodies: runs of lines made only of base64 characters.
  for (const block of eml.match(/(?:^[A-Za-z0-9+/=]{16,}\r?\n?)+/gm) ?? []) {
    forms.push(Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  forms.push(eml);
  return forms;
}

/** The reset link in a message, e.g. http://127.0.0.1:1234/reset-password?token=abc. */
export function resetLinkIn(eml) {
  for (const text of readableForms(eml)) {
    const m = /https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>&]+/.exec(text);
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

// ---------- journeys ----------

export const journeys = [
  {
    name: 'account: logout through the navbar revokes the refresh token on the server',
    run: async (ctx) => {
      const { assert, expectUrl } = ctx.helpers;
      const user = await registerUser(ctx.base, 'logout'); // also a session "elsewhere"
      await subscribeLocally(ctx.base, user);
      const { page, context } = await newPage(ctx);
      await loginThroughUi(ctx, page, user.username, user.password);
      const before = await storedTokens(page);
      assert(before.refresh, 'a refresh token is stored after login');

      const logoutCall = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/logout/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      const res = await logoutCall;
      assert(res.status() === 204, `logout answered ${res.status()}`);
      await expectUrl(page, /^\/login$/);
      const after = await storedTokens(page);
      assert(after.access === null && after.refresh === null, 'both tokens removed');

      const reuse = await post(ctx, '/api/token/refresh/', { refresh: before.refresh });
      assert(reuse.status === 401, `the logged-out refresh token answered ${reuse.status}`);
      // Only this session ended.
      const elsewhere = await post(ctx, '/api/token/refresh/', { refresh: user.refresh });
      assert(elsewhere.status === 200, `another session's refresh answered ${elsewhere.status}`);
      await context.close();
    },
  },
  {
    name: 'account: forgot password, reset through the emailed link, log in with the new password',
    run: async (ctx) => {
      const { assert, eventually, expectText, expectUrl } = ctx.helpers;
      assert(ctx.dataDir, 'run.mjs passes the server DATA_DIR as ctx.dataDir');
      const user = await registerUser(ctx.base, 'forgot');
      const { page, context } = await newPage(ctx);
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expectUrl(page, /^\/forgot-password$/);
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      await page.getByLabel('Email').fill(user.email);
      const requested = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/password/reset/');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      const res = await requested;
      assert(res.status() === 200, `reset request answered ${res.status()}`);
      const { detail } = await res.json();
      await expectText(page.getByRole('status'), detail);
      await shot(ctx, page, 'account-01-forgot-password-sent');

      const mail = await eventually(() => newestMailTo(ctx.dataDir, user.email), 'a reset mail in the outbox');
      const link = resetLinkIn(mail);
      assert(link, `no reset link in the mail:\n${mail.slice(0, 2000)}`);
      const url = new URL(link);
      assert(url.origin === ctx.base, `the link points at PUBLIC_URL (${url.origin})`);
      const path = `${url.pathname}${url.search}`;

      await page.goto(path);
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expectUrl(page, /^\/login$/);
      await expectText(page.getByRole('status'), 'Your password was reset. Log in with your new password.');
      await loginThroughUi(ctx, page, user.email, NEW_PASSWORD, /^\/(choose-plan|projects)$/);
      const old = await passwordLogin(ctx, user, user.password);
      assert(old.status === 401, `the old password answered ${old.status}`);

      // The link works once.
      const again = await newPage(ctx);
      await again.page.goto(path);
      await again.page.getByLabel('New password', { exact: true }).fill('yet-another-horse-8');
      await again.page.getByLabel('Confirm new password').fill('yet-another-horse-8');
      await again.page.getByRole('button', { name: 'Set new password' }).click();
      await again.page.getByRole('alert').getByRole('link', { name: 'Request a new link' }).waitFor();
      const still = await passwordLogin(ctx, user, NEW_PASSWORD);
      assert(still.status === 200, `the new password answered ${still.status} after the link was reused`);
      await again.context.close();
      await context.close();
    },
  },
  {
    name: 'account: change password in account settings, sign out everywhere, log in with the new password',
    run: async (ctx) => {
      const { assert, expectText, expectUrl } = ctx.helpers;
      const user = await registerUser(ctx.base, 'chpw'); // also a session "elsewhere"
      await subscribeLocally(ctx.base, user);
      const { page, context } = await newPage(ctx);
      await loginThroughUi(ctx, page, user.username, user.password);
      await openAccountSettings(page);

      // A wrong current password is shown at its field.
      await page.getByLabel('Current password').fill('not-my-password');
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Change password' }).click();
      await ctx.helpers.eventually(
        async () => (await page.getByLabel('Current password').getAttribute('aria-invalid')) === 'true',
        'wrong current password flagged at its field',
      );

      await page.getByLabel('Current password').fill(user.password);
      await page.getByRole('button', { name: 'Change password' }).click();
      await expectText(
        page.getByRole('status').filter({ hasText: 'password' }),
        'Your password was changed. Other sessions were signed out.',
      );
      await shot(ctx, page, 'account-02-password-changed');

      const elsewhere = await post(ctx, '/api/token/refresh/', { refresh: user.refresh });
      assert(elsewhere.status === 401, `another session's refresh answered ${elsewhere.status}`);
      // This session stays: its refresh token still works (and is rotated).
      const here = await page.evaluate(async () => {
        const res = await fetch('/api/token/refresh/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ refresh: localStorage.getItem('refresh_token') }),
        });
        if (res.ok) {
          const t = await res.json();
          localStorage.setItem('access_token', t.access);
          localStorage.setItem('refresh_token', t.refresh);
        }
        return res.status;
      });
      assert(here === 200, `this session's refresh answered ${here}`);

      // Sign out everywhere ends this session too.
      const { refresh } = await storedTokens(page);
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await expectUrl(page, /^\/login$/);
      await expectText(page.getByRole('status'), 'You were signed out on every device.');
      const stored = await storedTokens(page);
      assert(stored.access === null && stored.refresh === null, 'tokens removed');
      const revoked = await post(ctx, '/api/token/refresh/', { refresh });
      assert(revoked.status === 401, `this session's refresh answered ${revoked.status} after sign-out everywhere`);

      await loginThroughUi(ctx, page, user.username, NEW_PASSWORD);
      const old = await passwordLogin(ctx, user, user.password);
      assert(old.status === 401, `the old password answered ${old.status}`);
      await context.close();
    },
  },
  {
    name: 'account: download my data, then delete the account',
    run: async (ctx) => {
      const { assert, eventually, expectText, expectUrl } = ctx.helpers;
      const user = await registerUser(ctx.base, 'closer');
      await subscribeLocally(ctx.base, user);
      const project = await createProject(ctx.base, user, { name: 'Export Me House' });
      await createTasks(ctx.base, user, project.id, 3, 3);
      const { page, context } = await newPage(ctx);
      await loginThroughUi(ctx, page, user.username, user.password);
      await openAccountSettings(page);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download my data' }).click();
      const file = await download;
      assert(file.suggestedFilename() === 'buildledger-data.json', `file name ${file.suggestedFilename()}`);
      const saved = join(ctx.downloads, `${user.username}-${file.suggestedFilename()}`);
      await file.saveAs(saved);
      const data = JSON.parse(readFileSync(saved, 'utf8'));
      assert(Array.isArray(data.projects) && data.projects.length === 1, 'the export lists the one project');
      const text = JSON.stringify(data);
      assert(text.includes('Export Me House') && text.includes('Foundation 1'), 'the export has the project and tasks');

      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      const password = dialog.getByLabel('Enter your password to confirm');
      await password.fill('not-my-password');
      await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
      await eventually(async () => (await password.getAttribute('aria-invalid')) === 'true', 'wrong password flagged');
      await shot(ctx, page, 'account-03-delete-wrong-password');
      assert((await passwordLogin(ctx, user, user.password)).status === 200, 'still there after a wrong password');

      await password.fill(user.password);
      await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
      await expectUrl(page, /^\/signup$/);
      await expectText(page.getByRole('status'), 'Your account and all of its data were deleted.');
      const stored = await storedTokens(page);
      assert(stored.access === null && stored.refresh === null, 'tokens removed');

      await page.goto('/login');
      await page.getByLabel('Email or Username').fill(user.username);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expectText(page.getByRole('alert'), 'Invalid credentials. Please try again.');
      const api = await passwordLogin(ctx, user, user.password);
      assert(api.status === 401, `login after deletion answered ${api.status}`);
      await context.close();
    },
  },
  {
    name: 'account: a user who never subscribed reaches their account from the plan page and deletes it',
    run: async (ctx) => {
      const { assert, expectText, expectUrl } = ctx.helpers;
      const user = await registerUser(ctx.base, 'unpaid');
      const { page, context } = await newPage(ctx);
      await loginThroughUi(ctx, page, user.username, user.password, /^\/choose-plan$/);
      await page.getByRole('link', { name: 'Your account' }).click();
      await expectUrl(page, /^\/account$/);
      await page.getByRole('heading', { name: 'Security' }).waitFor();
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByLabel('Enter your password to confirm').fill(user.password);
      await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
      await expectUrl(page, /^\/signup$/);
      await expectText(page.getByRole('status'), 'Your account and all of its data were deleted.');
      const api = await passwordLogin(ctx, user, user.password);
      assert(api.status === 401, `login after deletion answered ${api.status}`);
      await context.close();
    },
  },
  {
    name: 'account: screenshots of the new pages at 1280x800 and 390x844',
    run: async (ctx) => {
      const user = await registerUser(ctx.base, 'shots');
      await subscribeLocally(ctx.base, user);
      for (const [width, height] of [
        [1280, 800],
        [390, 844],
      ]) {
        const { page, context } = await newPage(ctx, { width, height });
        const name = (s) => `account-${width}-${s}`;
        await page.goto('/forgot-password');
        await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
        await shot(ctx, page, name('forgot-password'));
        await page.goto('/reset-password');
        await page.getByRole('link', { name: 'Request a new link' }).waitFor();
        await shot(ctx, page, name('reset-password-no-token'));
        await page.goto('/reset-password?token=example');
        await page.getByLabel('Confirm new password').fill('x');
        await page.getByLabel('New password', { exact: true }).fill('new-password-1');
        await page.getByRole('button', { name: 'Set new password' }).click();
        await page.getByText('The passwords do not match.').waitFor();
        await shot(ctx, page, name('reset-password-mismatch'));
        await page.goto('/login');
        await page.getByLabel('Email or Username').fill(user.username);
        await page.getByLabel('Password').fill(user.password);
        await shot(ctx, page, name('login'));
        await page.getByRole('button', { name: 'Login' }).click();
        await ctx.helpers.expectUrl(page, /^\/projects$/);
        await page.goto('/account-settings');
        await page.getByRole('heading', { name: 'Security' }).waitFor();
        await page.getByRole('heading', { name: 'Billing History' }).waitFor();
        await shot(ctx, page, name('account-settings'));
        await page.evaluate(() => localStorage.setItem('theme', 'dark'));
        await page.reload();
        await page.getByRole('heading', { name: 'Billing History' }).waitFor();
        await shot(ctx, page, name('account-settings-dark'));
        await page.evaluate(() => localStorage.setItem('theme', 'light'));
        await page.reload();
        await page.getByRole('heading', { name: 'Security' }).waitFor();
        await page.getByRole('button', { name: 'Delete my account' }).click();
        await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
        await page.screenshot({ path: join(ctx.shots, `${name('delete-dialog')}.png`) });
        await context.close();
      }
    },
  },
];
