// axe-core scan (@axe-core/playwright 4.13.0) of every public route, light and dark
// theme, desktop and 360 px, including the states with results on screen. Serious and
// critical violations fail. Journeys for e2e/run.mjs, like public.spec.mjs:
//   const { journeys: a11yJourneys } = await import('./a11y.spec.mjs');
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { PUBLIC_ROUTES, open, withPage } from './public.spec.mjs';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Runs axe on the page and returns serious/critical findings as readable lines. */
export async function seriousViolations(page, label) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: [${v.impact}] ${v.id}: ${v.help}\n      ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n      ')}`);
}

const RESULT_STATES = {
  '/house-affordability': async (page) => {
    await page.getByLabel('Annual household income').fill('95000');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await page.getByTestId('affordability-result').waitFor();
  },
  '/find-lender': async (page) => {
    await page.getByLabel('Your state').selectOption('OH');
    await page.getByTestId('lender-list').waitFor();
  },
  '/': async (page) => {
    await page.getByLabel('Zip code').fill('78701');
    await page.getByRole('button', { name: 'Get my free estimate' }).click();
    await page.locator('[data-testid="estimate-result"], [data-testid="estimate-error"]').first().waitFor();
  },
};

export const journeys = ['light', 'dark'].flatMap((theme) =>
  [1280, 360].map((width) => ({
    name: `a11y: axe finds no serious or critical issue on the public pages (${theme}, ${width}px)`,
    run: async (ctx) =>
      withPage(ctx, { theme, width }, async (page) => {
        const problems = [];
        for (const route of PUBLIC_ROUTES) {
          await open(page, route);
          problems.push(...(await seriousViolations(page, `${route} (${theme}, ${width}px)`)));
          const setup = RESULT_STATES[route];
          if (setup) {
            await setup(page);
            problems.push(...(await seriousViolations(page, `${route} with results (${theme}, ${width}px)`)));
          }
        }
        assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
      }),
  })),
);
