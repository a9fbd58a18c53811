// Issue 30, for e2e/run.mjs: the facts around a bid and the Money page on a phone.
// - Compare bids shows each bid's scope notes and valid-until date ("(expired)" once past); awarding
//   to a contractor whose insurance expired 320 days ago asks first and says why: Cancel keeps the
//   bid unawarded, "Award anyway" awards it. Axe on the page and the dialog, light and dark.
// - The Money page at 390×844 (touch) with a change order and a draw: stacked rows, no sideways
//   scroll, the draw's Submit and Download PDF inside the screen and working. Axe, light and dark.
// Each journey seeds its own user through the API and depends on no other journey.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seriousViolations } from './a11y.spec.mjs';
import { authed, createProject, registerUser, signedInPage, subscribeLocally } from './seed.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const isoDay = (offsetDays) => {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

const post = async (call, path, body) => {
  const res = await call(path, { method: 'POST', body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
};
const get = async (call, path) => (await call(path)).json();

async function seedUser(ctx, prefix, project = {}) {
  const user = await registerUser(ctx.base, prefix);
  await subscribeLocally(ctx.base, user);
  const created = await createProject(ctx.base, user, { name: 'Juniper Lane House', ...project });
  return { user, project: created, call: authed(ctx.base, user) };
}

const task = (call, projectId, title) =>
  post(call, '/api/tasks/', {
    project: projectId,
    title,
    description: '',
    status: 'To Do',
    material_quality: 'standard',
  });

const PAT_NOTES = 'Rough-in only; fixtures and the water heater by the owner';
const FLOW_NOTES = 'Rough-in, fixtures and a 50-gallon water heater';

/** Plumbing with two bids: Pat's (insurance expired 320 days ago, offer expired) and Flow Bros'. */
async function seedBids(ctx, prefix) {
  const seeded = await seedUser(ctx, prefix);
  const { call, project } = seeded;
  const plumbing = await task(call, project.id, 'Plumbing');
  const pat = await post(call, '/api/contractors/', {
    name: "Pat's Plumbing",
    trade: 'Plumbing',
    insurance_expires: isoDay(-320),
  });
  const flow = await post(call, '/api/contractors/', {
    name: 'Flow Bros',
    trade: 'Plumbing',
    insurance_expires: isoDay(200),
  });
  const patBid = await post(call, '/api/bids/', {
    task: plumbing.id,
    contractor: pat.id,
    amount: 12000,
    notes: PAT_NOTES,
    valid_until: isoDay(-3),
  });
  const flowBid = await post(call, '/api/bids/', {
    task: plumbing.id,
    contractor: flow.id,
    amount: 16800,
    notes: FLOW_NOTES,
    valid_until: isoDay(30),
  });
  return { ...seeded, plumbing, patBid, flowBid };
}

const AWARD_PAT = "Award Plumbing to Pat's Plumbing, $12,000.00";

async function openCompare(page, projectId) {
  await page.goto(`/kanban/${projectId}/bids`);
  await page.getByRole('heading', { name: 'Compare bids', level: 1 }).waitFor();
  await page.locator('.compare-bid').nth(1).waitFor();
}

/** The day as the page writes it (the browser's locale). */
const shownDay = (page, iso) =>
  page.evaluate((v) => {
    const [y, m, d] = v.split('-').map(Number);
    return new Date(y, m - 1, d).toLocaleDateString();
  }, iso);

/** The words drawn in a PDF made by pdfmake: its content streams inflated, the hex strings decoded. */
async function pdfText(path) {
  const { inflateSync } = await import('node:zlib');
  const raw = readFileSync(path);
  const bin = raw.toString('latin1');
  const words = [];
  const re = /stream\r?\n/g;
  let m;
  while ((m = re.exec(bin))) {
    const start = m.index + m[0].length;
    const end = bin.indexOf('endstream', start);
    if (end < 0) break;
    let content;
    try {
      content = inflateSync(raw.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a deflated stream (fonts, images)
    }
    for (const hex of content.matchAll(/<([0-9a-fA-F]+)>/g)) words.push(Buffer.from(hex[1], 'hex').toString('latin1'));
  }
  return { head: bin.slice(0, 5), text: words.join('') };
}

export const journeys = [
  {
    name: 'bids facts: Compare bids shows scope notes and valid-until (also in its PDF); an expired insurance asks before the award',
    async run(ctx) {
      const { assert, eventually, expectText } = ctx.helpers;
      const { user, project, call, patBid, flowBid } = await seedBids(ctx, 'bidfacts');
      const problems = [];
      for (const theme of ['light', 'dark']) {
        const { context, page, errors } = await signedInPage(ctx, user, { size: DESKTOP, theme });
        await openCompare(page, project.id);
        const patCard = page.locator(`.compare-bid[data-bid-id="${patBid.id}"]`);
        const flowCard = page.locator(`.compare-bid[data-bid-id="${flowBid.id}"]`);
        await expectText(patCard.getByTestId('bid-notes'), PAT_NOTES);
        await expectText(flowCard.getByTestId('bid-notes'), FLOW_NOTES);
        await expectText(
          patCard.getByTestId('bid-valid-until'),
          `Valid until ${await shownDay(page, isoDay(-3))} (expired)`,
        );
        const flowValid = (await flowCard.getByTestId('bid-valid-until').textContent()) ?? '';
        assert(
          flowValid === `Valid until ${await shownDay(page, isoDay(30))}`,
          `Flow Bros' offer is current: ${flowValid}`,
        );
        problems.push(...(await seriousViolations(page, `compare bids (${theme})`)));
        await page.screenshot({ path: join(ctx.shots, `bids-facts-compare-${theme}.png`), fullPage: true });

        // The award to Pat's Plumbing asks first, and says why.
        await page.getByRole('button', { name: AWARD_PAT }).click();
        const dialog = page.getByRole('dialog', { name: 'Check the insurance first' });
        await dialog.waitFor();
        const warning = (await dialog.getByTestId('award-insurance-warning').textContent()) ?? '';
        assert(
          warning ===
            `Pat's Plumbing's insurance expired on ${await shownDay(page, isoDay(-320))} (320 days ago). Check the certificate before awarding.`,
          `the warning: ${warning}`,
        );
        await expectText(dialog, `${AWARD_PAT}?`);
        problems.push(...(await seriousViolations(page, `award dialog (${theme})`)));
        await page.screenshot({ path: join(ctx.shots, `bids-facts-award-dialog-${theme}.png`) });

        // Cancel keeps it unawarded.
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
        const after = await get(call, `/api/tasks/${patBid.task}/bids/`);
        assert(
          after.every((b) => b.status === 'pending'),
          `Cancel awarded nothing: ${JSON.stringify(after.map((b) => b.status))}`,
        );
        assert(errors.length === 0, errors.join('\n'));
        if (theme === 'light') await context.close();
        else {
          // "Award anyway" awards it.
          await page.getByRole('button', { name: AWARD_PAT }).click();
          await dialog.getByRole('button', { name: 'Award anyway' }).click();
          await dialog.waitFor({ state: 'detached' });
          await eventually(async () => {
            const bids = await get(call, `/api/tasks/${patBid.task}/bids/`);
            return bids.find((b) => b.id === patBid.id)?.status === 'awarded';
          }, "Award anyway awarded Pat's bid");
          await expectText(patCard.getByTestId('bid-amount'), '$12,000.00');
          await expectText(page.getByTestId('compare-committed'), "$12,000.00, Pat's Plumbing");

          // The PDF of the comparison carries the notes and the valid-until dates.
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            page.getByRole('button', { name: 'Download bid comparison (PDF)' }).click(),
          ]);
          const pdfPath = join(ctx.downloads, `bids-facts-${download.suggestedFilename()}`);
          await download.saveAs(pdfPath);
          const { head, text } = await pdfText(pdfPath);
          assert(head === '%PDF-', 'a PDF file');
          for (const words of ['Valid until', '(expired)', `Scope: ${PAT_NOTES}`, `Scope: ${FLOW_NOTES}`])
            assert(text.includes(words), `the comparison PDF says "${words}": ${text.slice(0, 400)}`);
          assert(errors.length === 0, errors.join('\n'));
          await context.close();
        }
      }
      assert(problems.length === 0, `axe:\n${problems.join('\n')}`);
    },
  },
  {
    name: 'money on a phone: change orders and draws as stacked rows, no sideways scroll, Submit and Download PDF in view and working',
    async run(ctx) {
      const { assert, eventually, expectText } = ctx.helpers;
      const { user, project, call } = await seedUser(ctx, 'moneyphone', { budget: 450000, loan_amount: 300000 });
      const framing = await task(call, project.id, 'Framing and sheathing of the exterior walls');
      const birch = await post(call, '/api/contractors/', {
        name: 'Birch Builders of Central Texas',
        trade: 'Carpentry',
      });
      const bid = await post(call, '/api/bids/', { task: framing.id, contractor: birch.id, amount: 41500 });
      await post(call, `/api/bids/${bid.id}/award/`, {});
      await post(call, '/api/task-payments/', {
        task: framing.id,
        amount: 12000,
        paid_on: isoDay(-20),
        contractor: birch.id,
        method: 'check',
        note: 'Deposit',
      });
      await post(call, '/api/change-orders/', {
        task: framing.id,
        description: 'Steel beam over the garage opening, with the engineer’s stamped drawing',
        amount: 5000,
        status: 'approved',
        date: isoDay(-10),
        contractor: birch.id,
      });
      const draw = await post(call, '/api/draws/', { project: project.id, tasks: [framing.id] });

      const problems = [];
      for (const theme of ['light', 'dark']) {
        const { context, page, errors } = await signedInPage(ctx, user, { size: PHONE, theme, touch: true });
        await page.goto(`/kanban/${project.id}/money`);
        await page.getByRole('heading', { name: 'Money — Juniper Lane House', level: 1 }).waitFor();
        await page.getByTestId('change-order-table').waitFor();
        const row = page.locator(`tr[data-draw-id="${draw.id}"]`);
        await row.waitFor();
        await page.locator('.money-chart canvas').nth(1).waitFor();
        await page.waitForTimeout(300);

        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert(width <= PHONE.width, `no sideways scroll on the phone (${theme}): scrollWidth ${width}`);
        // Stacked: each change-order cell is its own line under the other (label: value).
        const cells = page.getByTestId('change-order-table').locator('tbody tr').first().locator('td');
        const boxes = await cells.evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().toJSON()));
        assert(
          boxes.every((b, i) => i === 0 || b.top >= boxes[i - 1].bottom - 1),
          `change-order cells stacked: ${JSON.stringify(boxes.map((b) => [b.left, b.top]))}`,
        );
        const label = await cells.nth(5).evaluate((td) => getComputedStyle(td, '::before').content.replace(/"/g, ''));
        assert(label === 'Amount', `a stacked cell shows its label: ${label}`);

        const submit = row.getByRole('button', { name: `Submit draw ${draw.number} to the lender` });
        const pdf = row.getByRole('button', { name: `Download draw ${draw.number} as PDF` });
        for (const [name, button] of [
          ['Submit', submit],
          ['Download PDF', pdf],
        ]) {
          await button.scrollIntoViewIfNeeded();
          const box = await button.boundingBox();
          assert(
            box && box.x >= 0 && box.x + box.width <= PHONE.width && box.y >= 0 && box.y + box.height <= PHONE.height,
            `${name} inside the phone's screen (${theme}): ${JSON.stringify(box)}`,
          );
        }
        problems.push(...(await seriousViolations(page, `money on a phone (${theme})`)));
        await page.screenshot({ path: join(ctx.shots, `bids-facts-money-phone-${theme}.png`), fullPage: true });
        await page
          .locator('section', { has: page.getByTestId('change-order-table') })
          .screenshot({ path: join(ctx.shots, `bids-facts-money-phone-co-${theme}.png`) });
        await page
          .getByTestId('draws-section')
          .screenshot({ path: join(ctx.shots, `bids-facts-money-phone-draws-${theme}.png`) });

        if (theme === 'dark') {
          // Both work with a tap.
          const [download] = await Promise.all([page.waitForEvent('download'), pdf.tap()]);
          assert(
            download.suggestedFilename().endsWith('.pdf'),
            `the draw's PDF downloads: ${download.suggestedFilename()}`,
          );
          await submit.tap();
          // The draw's paperwork before it goes (issue 34): submit, anyway when waivers are missing.
          const confirm = page.getByRole('dialog', { name: `Submit draw ${draw.number}` });
          await confirm.getByRole('button', { name: /^Submit (draw|anyway)$/ }).tap();
          await confirm.waitFor({ state: 'detached' });
          await expectText(row.getByTestId('draw-status'), 'Submitted');
          await eventually(
            async () => (await get(call, `/api/projects/${project.id}/draws/`))[0]?.status === 'submitted',
            'the draw is submitted on the server',
          );
          const after = await page.evaluate(() => document.documentElement.scrollWidth);
          assert(after <= PHONE.width, `still no sideways scroll once submitted: ${after}`);
        }
        assert(errors.length === 0, errors.join('\n'));
        await context.close();
      }
      assert(problems.length === 0, `axe:\n${problems.join('\n')}`);
    },
  },
];
