// Issue 20 in Chromium: estimate ranges, jobs priced as jobs, and the sources in the product.
// On the landing page a kitchen remodel costs the same in a 1,200 and a 4,000 sq ft house, the
// total carries its likely range, and a line's source link lands on its entry of /cost-sources,
// which shows the source's date and says the location factor is state level. Axe on both pages;
// screenshots at desktop and 390x844, light and dark. Journeys for e2e/run.mjs.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { seriousViolations } from './a11y.spec.mjs';
import { open } from './public.spec.mjs';

const DESKTOP = { width: 1280, height: 900, tag: 'desktop' };
const PHONE = { width: 390, height: 844, tag: 'phone' };
const RANGE = /^\(\d{1,3}(,\d{3})*–\d{1,3}(,\d{3})*\)$/;

/** A fresh context at `size` with `theme` stored, the page, and its uncaught errors checked at the end. */
async function withSized(ctx, { size = DESKTOP, theme = 'light' } = {}, fn) {
  const context = await ctx.browser.newContext({
    baseURL: ctx.base,
    viewport: { width: size.width, height: size.height },
  });
  await context.addInitScript((t) => {
    if (window !== window.top) return;
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
  ctx.state.pages = [...(ctx.state.pages ?? []), page];
  try {
    await fn(page);
    assert.deepEqual(errors, [], 'uncaught errors in the page');
  } finally {
    await context.close();
  }
}

/** Runs the landing estimate and waits for the answer to these entries to be on screen. */
async function estimate(page, { zip = '78701', sqft, type = 'renovation', options = ['Kitchen'] }) {
  await page.getByLabel('Zip code').fill(zip);
  await page.getByLabel('Square footage').fill(String(sqft));
  await page.getByLabel('Quality').selectOption('standard');
  await page.getByLabel('Project type').selectOption(type);
  for (const o of options) await page.getByLabel(o, { exact: true }).check();
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/estimate/') && r.url().includes(`square_footage=${sqft}`) && r.status() === 200,
  );
  await page.getByRole('button', { name: 'Get my free estimate' }).click();
  await answered;
  const result = page.getByTestId('estimate-result');
  await result.waitFor();
  // The result is for these entries (no "This estimate is for ..." note about older ones).
  await page.waitForFunction(() => !document.querySelector('[data-testid="estimate-previous"]'));
  return result;
}

const kitchenLine = (page) => page.locator('[data-testid="estimate-line"][data-task^="Kitchen"]').first();

async function shot(ctx, page, name, opts = {}) {
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(ctx.shots, `cost-sources-${name}.png`), ...opts });
}

/** Scrolls so the element's top sits just under the sticky navbar. */
async function scrollUnderNav(page, locator) {
  await locator.evaluate((el) => {
    const nav = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--nav-height')) || 60;
    window.scrollTo(0, window.scrollY + el.getBoundingClientRect().top - nav - 12);
  });
}

export const journeys = [
  {
    name: 'cost-sources: a kitchen remodel costs the same at 1,200 and 4,000 sq ft; the total shows its range; a source link lands on its dated entry',
    run: async (ctx) =>
      withSized(ctx, { size: DESKTOP }, async (page) => {
        await open(page, '/');
        await estimate(page, { sqft: 1200 });
        const line = kitchenLine(page);
        await line.waitFor();
        const small = await line.getByTestId('estimate-line-cost').innerText();
        assert.match(small, /^\$\d{1,3}(,\d{3})+$/, 'the kitchen line has a cost');
        assert.equal(await line.getByTestId('estimate-line-pricing').innerText(), 'per job');
        assert.match(await line.innerText(), /\$\d[\d,]* \(\d[\d,]*–\d[\d,]*\)/, 'the line shows its range');
        assert.match(await line.getByTestId('estimate-line-basis').innerText(), /^Range: .*\$/);
        const perSqftSmall = await page.getByTestId('estimate-result').locator('.pub-stat').nth(1).innerText();

        await estimate(page, { sqft: 4000, options: [] }); // Kitchen stays ticked
        assert.equal(
          await kitchenLine(page).getByTestId('estimate-line-cost').innerText(),
          small,
          'same job, same price',
        );
        assert.notEqual(
          await page.getByTestId('estimate-result').locator('.pub-stat').nth(1).innerText(),
          perSqftSmall,
          'the per-sq-ft figure follows the new size (the answer is the new one)',
        );
        assert.match(await page.getByTestId('estimate-total').innerText(), /^\$\d{1,3}(,\d{3})+$/);
        assert.match((await page.getByTestId('estimate-total-range').innerText()).trim(), RANGE);
        assert.match(await page.getByTestId('estimate-result').innerText(), /Likely range/);
        assert.match(await page.getByTestId('estimate-factor-note').innerText(), /state level/i);

        const link = kitchenLine(page).locator('a[href="/cost-sources#S10"]');
        assert.equal(await link.count(), 1, 'the kitchen line cites S10');
        assert.match(await link.innerText(), /Zonda|Remodeling/);
        await link.click();
        await page.waitForURL((u) => u.pathname === '/cost-sources' && u.hash === '#S10');
        const item = page.locator('#S10');
        await item.waitFor();
        await page.waitForFunction(() => {
          const r = document.getElementById('S10')?.getBoundingClientRect();
          return !!r && r.top >= 0 && r.top < window.innerHeight - 100;
        });
        assert.ok(await item.isVisible(), 'S10 is on screen');
        assert.match(await item.getByTestId('cost-source-date').innerText(), /\b(19|20)\d{2}\b/, 'S10 shows its year');
        const tasks = item.locator('.src-tasks');
        if (await tasks.locator('summary').count()) await tasks.locator('summary').click();
        assert.ok(
          await item.getByText('Kitchen Remodel - Major', { exact: true }).isVisible(),
          'S10 lists the kitchen task',
        );
        const out = item.getByRole('link', { name: /Cost vs\. Value/ });
        assert.equal(await out.getAttribute('target'), '_blank');
        assert.equal(await out.getAttribute('rel'), 'noopener noreferrer');
        assert.match(await page.getByTestId('factor-note').innerText(), /location factor: state level/i);
        assert.equal(await page.locator('h1').innerText(), 'Cost data sources');
      }),
  },
  {
    name: 'cost-sources: opened directly at #S1 it scrolls to the entry; every source has an anchor; the footer links the page',
    run: async (ctx) =>
      withSized(ctx, { size: PHONE }, async (page) => {
        const api = await (await fetch(`${ctx.base}/api/cost-sources/`)).json();
        await page.goto('/cost-sources#S1');
        await page.locator('#S1').waitFor();
        await page.waitForFunction(() => {
          const r = document.getElementById('S1')?.getBoundingClientRect();
          return !!r && r.top >= 0 && r.top < window.innerHeight / 2;
        });
        const ids = await page.getByTestId('cost-source').evaluateAll((els) => els.map((e) => e.id));
        assert.deepEqual(
          ids,
          api.sources.map((s) => s.id),
          'one entry per source, anchored by its id',
        );
        // A long task list is folded and opens.
        const s1 = page.locator('#S1');
        const summary = s1.locator('.src-tasks summary');
        assert.match(await summary.innerText(), /^Used for \d+ tasks/);
        await summary.click();
        assert.ok(await s1.getByText('Building Permits', { exact: true }).isVisible());
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `/cost-sources overflows by ${overflow}px at 390px`);
        await open(page, '/');
        await page.locator('footer').getByRole('link', { name: 'Cost data sources' }).click();
        await page.waitForURL((u) => u.pathname === '/cost-sources');
        await page.getByTestId('cost-source').first().waitFor();
      }),
  },
  ...['light', 'dark'].flatMap((theme) =>
    [DESKTOP, PHONE].map((size) => ({
      name: `cost-sources: axe on the landing renovation estimate and /cost-sources; screenshots (${theme}, ${size.tag})`,
      run: async (ctx) =>
        withSized(ctx, { size, theme }, async (page) => {
          const problems = [];
          await open(page, '/');
          await estimate(page, { sqft: 2400, options: ['Kitchen', 'Roofing', 'Flooring'] });
          problems.push(...(await seriousViolations(page, `/ with a renovation estimate (${theme}, ${size.tag})`)));
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `/ with a renovation estimate overflows by ${overflow}px`);
          await scrollUnderNav(page, page.getByTestId('estimate-result'));
          await shot(ctx, page, `landing-result-${theme}-${size.tag}`);
          await scrollUnderNav(page, page.locator('.pub-table-wrap'));
          await shot(ctx, page, `landing-lines-${theme}-${size.tag}`);
          await scrollUnderNav(page, page.locator('form[aria-label="Free cost estimate"]'));
          await shot(ctx, page, `landing-form-${theme}-${size.tag}`);

          await page.goto('/cost-sources');
          await page.getByTestId('cost-source').first().waitFor();
          problems.push(...(await seriousViolations(page, `/cost-sources (${theme}, ${size.tag})`)));
          await shot(ctx, page, `page-top-${theme}-${size.tag}`);
          await page.goto('/cost-sources#S10');
          await page.locator('#S10.src-item--target').waitFor();
          await page.waitForTimeout(200);
          problems.push(...(await seriousViolations(page, `/cost-sources#S10 (${theme}, ${size.tag})`)));
          await shot(ctx, page, `page-s10-${theme}-${size.tag}`);
          assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
        }),
    })),
  ),
];
