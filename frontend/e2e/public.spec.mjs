// Public pages in Chromium: content, links and buttons, metadata per route, the
// calculator journey, the lender journey with and without partners, and the free
// estimate. Written as journeys for e2e/run.mjs (same ctx: base, browser), e.g.
//   const { journeys: publicJourneys } = await import('./public.spec.mjs');
// Each journey opens its own browser context and depends on no other journey.
import assert from 'node:assert/strict';

export const PUBLIC_ROUTES = [
  '/',
  '/find-lender',
  '/find-land',
  '/resource-hub',
  '/house-affordability',
  '/blog/10-tips-to-save-money',
  '/terms-of-service',
  '/privacy-policy',
  '/contact',
  '/tell-us-what-you-think',
  '/what-is-buildledger',
  '/checklist',
  '/cost-sources',
];

/** Opens a page in a fresh context (theme and width optional), runs fn, closes it. */
export async function withPage(ctx, opts, fn) {
  const { width = 1280, theme = 'light' } = opts ?? {};
  const context = await ctx.browser.newContext({ baseURL: ctx.base, viewport: { width, height: 900 } });
  await context.addInitScript((t) => {
    if (window !== window.top) return; // not inside embedded frames (the video player)
    try {
      window.localStorage.setItem('theme', t);
    } catch {
      /* storage unavailable */
    }
  }, theme);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (ctx.state) ctx.state.pages = [...(ctx.state.pages ?? []), page];
  try {
    await fn(page);
    assert.deepEqual(errors, [], 'uncaught errors in the page');
  } finally {
    await context.close();
  }
}

export async function open(page, path) {
  await page.goto(path);
  await page.locator('h1').first().waitFor();
  // `/` is prerendered (dist/landing.html): its h1 is in the HTML before the app has taken
  // over the page. Once the landing page has hydrated, it points the canonical link at the
  // page's absolute URL; wait for that before interacting.
  if (new URL(page.url()).pathname === '/') {
    await page.waitForFunction(() =>
      /^https?:/.test(document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? ''),
    );
  }
}

async function clickTo(page, locator, path) {
  await locator.click();
  await page.waitForURL((u) => u.pathname === path);
  assert.equal(new URL(page.url()).pathname, path);
}

async function waitForText(locator, expected) {
  const deadline = Date.now() + 10_000;
  let seen = '';
  while (Date.now() < deadline) {
    seen = (await locator.textContent().catch(() => '')) ?? '';
    if (seen === expected) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(seen, expected);
}

const meta = (page, name) => page.locator(`meta[name="${name}"]`).getAttribute('content');

async function config(ctx) {
  const res = await fetch(`${ctx.base}/api/config/`);
  assert.equal(res.status, 200, 'GET /api/config/');
  return res.json();
}

export const journeys = [
  {
    name: 'public: landing metadata is in the server HTML; robots.txt and favicon are served',
    run: async (ctx) => {
      const html = await (await fetch(`${ctx.base}/`)).text();
      assert.match(html, /<title>[^<]*BuildLedger[^<]*<\/title>/);
      assert.match(html, /<meta\s+name="description"\s+content="[^"]{50,}"/);
      assert.match(html, /<meta\s+name="keywords"\s+content="[^"]+"/);
      assert.match(html, /<meta name="robots" content="index, follow"/);
      assert.match(html, /<link rel="canonical" href="[^"]+"/);
      assert.match(html, /rel="icon"/);
      const robots = await fetch(`${ctx.base}/robots.txt`);
      assert.equal(robots.status, 200, '/robots.txt');
      assert.match(await robots.text(), /User-agent: \*/);
      const ico = await fetch(`${ctx.base}/favicon.ico`);
      assert.equal(ico.status, 200, '/favicon.ico');
      assert.ok((await ico.arrayBuffer()).byteLength > 100);
    },
  },
  {
    name: 'public: `/` is prerendered: the landing page paints from HTML without JavaScript; other routes get the empty shell',
    run: async (ctx) => {
      const res = await fetch(`${ctx.base}/`);
      assert.equal(res.headers.get('cache-control'), 'no-cache', 'the landing HTML is revalidated');
      const html = await res.text();
      assert.match(html, /<div id="root"><div class="app-shell">/, '`/` carries the rendered markup');
      assert.match(html, /<h1 id="hero-title">/);
      assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script (CSP)');
      for (const path of ['/projects', '/what-is-buildledger', '/landing.html']) {
        assert.match(
          await (await fetch(`${ctx.base}${path}`)).text(),
          /<div id="root"><\/div>/,
          `${path} gets the shell`,
        );
      }
      const context = await ctx.browser.newContext({
        baseURL: ctx.base,
        javaScriptEnabled: false,
        viewport: { width: 412, height: 900 },
      });
      try {
        const page = await context.newPage();
        await page.goto('/');
        assert.equal(await page.locator('h1').innerText(), 'Build or remodel your home with a budget you can trust');
        assert.ok(
          await page.getByRole('link', { name: 'Signup', exact: true }).isVisible(),
          'Signup link visible without JavaScript',
        );
        assert.ok(await page.locator('footer a[href="/privacy-policy"]').isVisible(), 'footer without JavaScript');
        // Styled from the inlined stylesheets: the hero is the dark band, not unstyled text.
        const bg = await page
          .locator('.pub-hero')
          .evaluate((el) => getComputedStyle(el).backgroundImage + getComputedStyle(el).backgroundColor);
        assert.notEqual(bg, 'nonergba(0, 0, 0, 0)', 'hero is styled');
        await page.screenshot({ path: new URL('./screenshots/00-landing-no-js.png', import.meta.url).pathname });
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'public: every route renders with its own title, description, robots and absolute canonical',
    run: async (ctx) =>
      withPage(ctx, {}, async (page) => {
        const titles = new Set();
        for (const route of PUBLIC_ROUTES) {
          await open(page, route);
          await page.waitForFunction(() => document.title.length > 0 && document.title !== 'BuildLedger');
          const title = await page.title();
          assert.ok(title.length > 10, `${route}: title`);
          titles.add(title);
          assert.ok(((await meta(page, 'description')) ?? '').length > 40, `${route}: description`);
          assert.equal(await meta(page, 'robots'), 'index, follow', `${route}: robots`);
          assert.equal(
            await page.locator('link[rel="canonical"]').getAttribute('href'),
            `${ctx.base}${route}`,
            `${route}: canonical`,
          );
          assert.equal(await page.locator('h1').count(), 1, `${route}: one h1`);
          for (const href of ['/terms-of-service', '/privacy-policy', '/contact']) {
            assert.equal(await page.locator(`footer a[href="${href}"]`).count(), 1, `${route}: footer link ${href}`);
          }
        }
        assert.equal(titles.size, PUBLIC_ROUTES.length, 'every public page has a different title');
      }),
  },
  {
    name: 'public: landing shows the promises and info items; Signup, Resource Hub and footer links go where they should',
    run: async (ctx) =>
      withPage(ctx, {}, async (page) => {
        await open(page, '/');
        const text = await page.locator('main').innerText();
        for (const s of [
          'Predict building costs in your zip code',
          'Compare bids from multiple contractors',
          'Track everything in one app',
          'pre-built or customizable task list',
          'Upload and view contractor quotes',
          'Real-time final-cost prediction',
          'Lender finder to define your budget',
          'land-buying guide',
          'free house-affordability calculator',
          'Not sure where to start?',
        ]) {
          assert.ok(text.includes(s), `landing mentions "${s}"`);
        }
        await clickTo(page, page.getByRole('link', { name: 'Signup', exact: true }).first(), '/signup');
        await open(page, '/');
        await clickTo(
          page,
          page.locator('main').getByRole('link', { name: 'Resource Hub', exact: true }),
          '/resource-hub',
        );
        for (const [name, path] of [
          ['Terms of Service', '/terms-of-service'],
          ['Privacy Policy', '/privacy-policy'],
          ['Contact', '/contact'],
        ]) {
          await open(page, '/');
          await clickTo(page, page.locator('footer').getByRole('link', { name, exact: true }), path);
        }
      }),
  },
  {
    name: 'public: free estimate shows a predicted total, breakdown and sources; bad input is flagged beside its field',
    run: async (ctx) =>
      withPage(ctx, {}, async (page) => {
        await open(page, '/');
        await page.getByLabel('Zip code').fill('78701');
        await page.getByLabel('Square footage').fill('2400');
        await page.getByLabel('Quality').selectOption('standard');
        await page.getByRole('button', { name: 'Get my free estimate' }).click();
        const result = page.getByTestId('estimate-result');
        await result.waitFor();
        assert.match(await page.getByTestId('estimate-total').innerText(), /^\$\d{1,3}(,\d{3})+$/);
        assert.match(await result.innerText(), /Texas/);
        assert.ok((await result.locator('tbody tr').count()) >= 3, 'breakdown rows');
        assert.equal(await result.getByText('Where these numbers come from').count(), 1);
        assert.ok((await result.locator('a[href^="http"]').count()) > 0, 'source links');

        await page.getByLabel('Zip code').fill('12');
        await page.getByRole('button', { name: 'Get my free estimate' }).click();
        // The server's refusal, in words, beside the field; the last estimate stays on screen.
        const err = page.getByTestId('estimate-zip-error');
        await err.waitFor();
        assert.equal(await err.innerText(), 'Enter a 5-digit zip code, like 78701.');
        assert.equal(await page.getByLabel('Zip code').getAttribute('aria-invalid'), 'true');
        assert.equal(await page.getByTestId('estimate-error').count(), 0);
        assert.equal(await page.getByTestId('estimate-result').count(), 1);
      }),
  },
  {
    name: 'public: lender finder lists lenders for a state with partners',
    run: async (ctx) =>
      withPage(ctx, {}, async (page) => {
        await open(page, '/find-lender');
        assert.equal(await page.locator('h1').innerText(), 'Find Out Your Home Building Budget');
        const select = page.getByLabel('Your state');
        assert.equal(await select.locator('option').count(), 52, '51 places + placeholder');
        assert.equal(await select.locator('option').first().innerText(), '-- Select your state --');
        assert.equal(await select.locator('option', { hasText: 'Washington, D.C.' }).count(), 1);
        await page.getByTestId('lender-helper').waitFor();

        await select.selectOption('GA');
        const list = page.getByTestId('lender-list');
        await list.waitFor();
        assert.equal(await page.getByTestId('lender-helper').count(), 0, 'helper text gone after a choice');
        assert.ok((await page.getByTestId('lender-card').count()) >= 2);
        assert.match(await list.innerText(), /Georgia's Own Credit Union/);
        const links = list.locator('a');
        for (let i = 0; i < (await links.count()); i++) {
          assert.match((await links.nth(i).getAttribute('href')) ?? '', /^https:\/\//);
          assert.equal(await links.nth(i).getAttribute('target'), '_blank');
          assert.match((await links.nth(i).getAttribute('rel')) ?? '', /noopener/);
        }
      }),
  },
  {
    name: 'public: lender finder says no listed partner for a state without one; Back goes back one page',
    run: async (ctx) =>
      withPage(ctx, {}, async (page) => {
        await open(page, '/resource-hub');
        await clickTo(page, page.getByRole('link', { name: 'Find a lender' }), '/find-lender');
        await page.getByLabel('Your state').selectOption('AK');
        const none = page.getByTestId('no-lenders');
        await none.waitFor();
        const text = await none.innerText();
        assert.match(text, /listed partner is not available/);
        assert.match(text, /local banks or credit unions/);
        assert.equal(await page.getByTestId('lender-card').count(), 0);
        await clickTo(page, page.getByRole('button', { name: 'Back' }), '/resource-hub');
      }),
  },
  {
    name: 'public: affordability calculator (title, defaults, results only after Calculate, updates, empty = 0, keyboard)',
    run: async (ctx) =>
      withPage(ctx, {}, async (page) => {
        await open(page, '/house-affordability');
        assert.equal(await page.title(), 'Build Your Dream Home');
        assert.equal(await page.locator('h1').innerText(), 'Build Your Dream Home');
        assert.equal(await page.getByLabel('Interest rate (%)').inputValue(), '7');
        assert.equal(await page.getByLabel('Loan term (years)').inputValue(), '30');
        assert.equal(await page.getByLabel('Property tax rate (%)').inputValue(), '1.2');
        assert.equal(await page.getByLabel('Homeowners insurance per month').inputValue(), '100');
        const disclaimer = await page.getByTestId('affordability-disclaimer').innerText();
        assert.match(disclaimer, /estimates only/i);
        assert.match(disclaimer, /lender/i);

        await page.getByLabel('Annual household income').fill('120000');
        await page.getByLabel('Down payment').fill('50000');
        await page.getByLabel('Total monthly non-housing debts').fill('500');
        assert.equal(await page.getByTestId('affordability-result').count(), 0, 'no result before Calculate');
        await page.getByRole('button', { name: 'Calculate' }).click();
        await page.getByTestId('affordability-result').waitFor();
        assert.equal(await page.getByTestId('result-monthly-payment').innerText(), '$2,800');
        assert.equal(await page.getByTestId('result-loan-amount').innerText(), '$405,830');
        assert.equal(await page.getByTestId('result-house-price').innerText(), '$455,830');

        await page.getByLabel('Interest rate (%)').fill('0');
        assert.equal(await page.getByTestId('result-loan-amount').innerText(), '$405,830', 'unchanged until pressed');
        await page.getByRole('button', { name: 'Calculate' }).click();
        await waitForText(page.getByTestId('result-loan-amount'), '$972,000');
        assert.equal(await page.getByTestId('result-house-price').innerText(), '$1,022,000');

        for (const label of [
          'Annual household income',
          'Down payment',
          'Total monthly non-housing debts',
          'Interest rate (%)',
          'Loan term (years)',
          'Property tax rate (%)',
          'Homeowners insurance per month',
        ]) {
          await page.getByLabel(label).fill('');
        }
        await page.getByRole('button', { name: 'Calculate' }).click();
        await waitForText(page.getByTestId('result-house-price'), '$0');
        assert.equal(await page.getByTestId('result-monthly-payment').innerText(), '$0');
        assert.equal(await page.getByTestId('result-loan-amount').innerText(), '$0');

        await open(page, '/house-affordability');
        await page.getByLabel('Annual household income').focus();
        await page.keyboard.type('90000');
        await page.keyboard.press('Enter');
        await page.getByTestId('affordability-result').waitFor();
        assert.equal(await page.getByTestId('result-monthly-payment').innerText(), '$2,100');
      }),
  },
  {
    name: 'public: land guide sections 1-10 and a click-to-load privacy-enhanced video',
    run: async (ctx) =>
      withPage(ctx, {}, async (page) => {
        await open(page, '/find-land');
        const headings = await page.locator('article h2').allInnerTexts();
        for (let i = 1; i <= 10; i++)
          assert.ok(
            headings.some((h) => h.startsWith(`${i}. `)),
            `section ${i}`,
          );
        const text = (await page.locator('article').innerText()).toLowerCase();
        for (const s of [
          'zoning',
          'soil',
          'utilities',
          'environment',
          'survey',
          'title',
          'permits',
          'negotiate',
          'close on the land',
          'prepare the land',
          'tips',
          'pitfalls',
          'conclusion',
        ]) {
          assert.ok(text.includes(s), `land guide mentions ${s}`);
        }
        assert.equal(await page.locator('iframe').count(), 0, 'nothing loaded from YouTube before play');
        await page.getByRole('button', { name: /Play video/ }).click();
        assert.match(
          (await page.locator('iframe').first().getAttribute('src')) ?? '',
          /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
        );
      }),
  },
  {
    name: 'public: resource hub, blog (ten tips, video), checklist (11 steps, facts, buttons), about page',
    run: async (ctx) =>
      withPage(ctx, {}, async (page) => {
        await open(page, '/resource-hub');
        for (const href of [
          '/find-lender',
          '/find-land',
          '/house-affordability',
          '/blog/10-tips-to-save-money',
          '/checklist',
        ]) {
          assert.ok((await page.locator(`main a[href="${href}"]`).count()) > 0, `resource hub links to ${href}`);
        }
        await clickTo(page, page.getByRole('link', { name: 'Read the article' }), '/blog/10-tips-to-save-money');

        // The article is a lazy chunk: wait for its tips, not just any heading.
        await page.locator('article h2').nth(9).waitFor({ timeout: 15_000 });
        const tips = await page.locator('article h2').allInnerTexts();
        [
          /budget/i,
          /must-haves/i,
          /lot/i,
          /architecture/i,
          /simple/i,
          /plumbing/i,
          /multi-use/i,
          /place/i,
          /materials/i,
          /high-end and low-end/i,
        ].forEach((re, i) => assert.match(tips[i] ?? '', re, `tip ${i + 1}`));
        assert.equal(await page.getByRole('button', { name: /Play video/ }).count(), 1, 'blog video');

        await open(page, '/checklist');
        const steps = page.getByTestId('checklist-step');
        assert.equal(await steps.count(), 11);
        const text = await page.locator('main').innerText();
        assert.match(text, /10–20%/);
        assert.match(text, /680 or higher/);
        assert.match(text, /20%–50%/);
        await clickTo(page, steps.nth(0).getByRole('link'), '/find-lender');
        await open(page, '/checklist');
        await clickTo(page, page.getByTestId('checklist-step').nth(1).getByRole('link'), '/find-land');
        await open(page, '/checklist');
        await clickTo(page, page.locator('main').getByRole('link', { name: 'Signup', exact: true }), '/signup');

        await open(page, '/what-is-buildledger');
        assert.equal(await page.locator('h1').innerText(), 'What is BuildLedger?');
        assert.equal(await page.getByRole('button', { name: /Play video/ }).count(), 1, 'about video');
      }),
  },
  {
    name: 'public: terms and privacy effective 3/11/2025; contact and feedback show the support address',
    run: async (ctx) =>
      withPage(ctx, {}, async (page) => {
        for (const route of ['/terms-of-service', '/privacy-policy']) {
          await open(page, route);
          assert.match(await page.getByTestId('effective-date').innerText(), /3\/11\/2025/);
        }
        const text = await page.locator('article').innerText();
        for (const s of ['username', 'email', 'Argon2id', 'Stripe', 'upload', 'tracking cookies'])
          assert.ok(text.includes(s), `privacy mentions ${s}`);

        const { support_email: email } = await config(ctx);
        for (const route of ['/contact', '/tell-us-what-you-think']) {
          await open(page, route);
          if (email) {
            const link = page.getByTestId('support-email').first();
            await link.waitFor();
            assert.equal(await link.innerText(), email);
            assert.ok(((await link.getAttribute('href')) ?? '').startsWith(`mailto:${email}`));
          } else {
            await page.getByText('the address could not be loaded').first().waitFor();
          }
        }
      }),
  },
  {
    name: 'public: no public page scrolls sideways at 360 px',
    run: async (ctx) =>
      withPage(ctx, { width: 360 }, async (page) => {
        for (const route of PUBLIC_ROUTES) {
          await open(page, route);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `${route} overflows by ${overflow}px at 360px`);
        }
      }),
  },
];
