// Bids (issue 18), for e2e/run.mjs: three bids on Framing from three contractors (two seeded
// through the API, one entered in the task form with a contractor added on the spot), the board's
// bid line, Compare bids from the board's toolbar, the award of the middle bid moving the board's
// predicted total by exactly (awarded amount − prediction), kept after a reload, the comparison
// PDF; the Contractors page at 390×844 (insurance highlights, a delete refused while bids exist);
// axe scans of the compare page, the task form's Bids section and the Contractors page in both
// themes. Each journey seeds its own user through the API and depends on no other journey.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seriousViolations } from './a11y.spec.mjs';
import { authed, createProject, registerUser, subscribeLocally } from './seed.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Bids on Framing (prediction $16.54/sq ft × 2,400 sq ft = $39,696 in Austin, standard quality). */
const BIDS = [
  { name: 'Acme Framing', trade: 'Framing', amount: 36000 },
  { name: 'Cedar & Sons', trade: 'Framing', amount: 52000 }, // +31%: "check the scope"
  { name: 'Birch Builders', trade: 'Carpentry', amount: 41500 }, // the middle one, entered in the UI
];
const MIDDLE = 41500;

const isoDay = (offsetDays) => {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

async function seedUser(ctx, prefix) {
  const user = await registerUser(ctx.base, prefix);
  await subscribeLocally(ctx.base, user);
  const project = await createProject(ctx.base, user, { name: 'Willow Creek House' });
  return { user, project, call: authed(ctx.base, user) };
}

const post = async (call, path, body) => (await call(path, { method: 'POST', body: JSON.stringify(body) })).json();
const get = async (call, path) => (await call(path)).json();

/** Framing and Roofing; two contractors with bids on Framing (the third bid is entered in the UI). */
async function seedBoard(ctx, prefix) {
  const seeded = await seedUser(ctx, prefix);
  const { call, project } = seeded;
  const framing = await post(call, '/api/tasks/', {
    project: project.id,
    title: 'Framing',
    description: 'Walls and roof structure',
    status: 'To Do',
    material_quality: 'standard',
  });
  const roofing = await post(call, '/api/tasks/', {
    project: project.id,
    title: 'Roofing',
    description: '',
    status: 'To Do',
    material_quality: 'standard',
  });
  const contractors = [];
  for (const b of BIDS.slice(0, 2)) {
    const c = await post(call, '/api/contractors/', { name: b.name, trade: b.trade, phone: '512-555-0100' });
    contractors.push(c);
    await post(call, '/api/bids/', {
      task: framing.id,
      contractor: c.id,
      amount: b.amount,
      received_on: isoDay(-5),
      valid_until: isoDay(25),
      notes: b.amount > 50000 ? 'Includes roof trusses and sheathing' : 'Labour and lumber',
    });
  }
  return { ...seeded, framing, roofing, contractors };
}

/** A small PDF attached to the task (the bid's document). */
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

async function signedIn(ctx, user, { size = DESKTOP, theme = 'light', views = {} } = {}) {
  const context = await ctx.browser.newContext({ baseURL: ctx.base, viewport: size, acceptDownloads: true });
  await context.addInitScript(
    ({ access, refresh, theme, views }) => {
      if (window !== window.top || sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('access_token', access);
      localStorage.setItem('refresh_token', refresh);
      localStorage.setItem('theme', theme);
      for (const [k, v] of Object.entries(views)) localStorage.setItem(k, v);
    },
    { access: user.access, refresh: user.refresh, theme, views },
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
  await page.screenshot({ path: join(ctx.shots, `bids-${name}.png`), fullPage });
}

/** "$1,234.56" somewhere in the text -> 1234.56. */
function dollars(text) {
  const m = /\$([\d,]+(?:\.\d+)?)/.exec(text ?? '');
  if (!m) throw new Error(`no dollar amount in ${JSON.stringify(text)}`);
  return Number(m[1].replace(/,/g, ''));
}

async function predictedTotalOnPage(page) {
  return dollars(await page.getByTestId('predicted-total').first().textContent());
}

/** The board's predicted total once the page shows what the server's summary says. */
async function settledTotal(ctx, page, call, projectId) {
  const { eventually } = ctx.helpers;
  const summary = await get(call, `/api/projects/${projectId}/summary/`);
  await eventually(
    async () => (await predictedTotalOnPage(page)) === summary.predicted_total,
    `the board shows the server's predicted total ${summary.predicted_total}`,
  );
  return summary.predicted_total;
}

function axeScanner() {
  const problems = [];
  return {
    scan: async (page, label) => {
      await page.waitForTimeout(250); // colour transitions
      problems.push(...(await seriousViolations(page, label)));
    },
    problems,
  };
}

async function openTask(page, title) {
  await page
    .getByRole('button', { name: `Open task ${title}` })
    .first()
    .click();
  return page.getByRole('dialog', { name: 'Edit Task' });
}

export const journeys = [
  {
    name: 'bids: three bids on Framing, Compare bids, award the middle one: the predicted total moves by exactly the difference, after a reload too',
    run: async (ctx) => {
      const { assert, expectText, expectUrl, eventually } = ctx.helpers;
      const { user, project, call, framing } = await seedBoard(ctx, 'bids');
      const doc = await uploadPdf(ctx, user, framing.id, 'birch-bid.pdf');
      const { context, page, errors } = await signedIn(ctx, user);
      await page.goto(`/kanban/${project.id}`);
      await page.getByRole('button', { name: 'Add Task' }).waitFor();
      const before = await settledTotal(ctx, page, call, project.id);

      // The third bid, in the task form: a contractor added on the spot.
      const dialog = await openTask(page, 'Framing');
      const section = dialog.getByRole('region', { name: /^Bids/ });
      await section.getByText('Acme Framing', { exact: true }).waitFor();
      await section.getByRole('button', { name: 'Add bid' }).click();
      const bidDialog = page.getByRole('dialog', { name: 'Add a bid' });
      await bidDialog.getByLabel(/^Contractor/).selectOption({ label: '+ Add a new contractor' });
      // A name is required: the form says so beside the field.
      await bidDialog.getByLabel(/^Amount/).fill(String(MIDDLE));
      await bidDialog.getByRole('button', { name: 'Add bid' }).click();
      await expectText(bidDialog.locator('#bid-new-name-error'), "Enter the new contractor's name.");
      await bidDialog.getByLabel(/^Name/).fill(BIDS[2].name);
      await bidDialog.getByLabel(/^Trade/).fill(BIDS[2].trade);
      await bidDialog.getByLabel('Received on').fill(isoDay(-1));
      await bidDialog.getByLabel(/Scope notes/).fill('Framing labour only; lumber by owner');
      await bidDialog.getByLabel('Bid PDF').selectOption({ label: 'birch-bid.pdf' });
      await bidDialog.getByLabel(/^Amount/).press('Enter'); // Enter submits the bid, not the task form
      await bidDialog.waitFor({ state: 'detached' });
      await section.getByText(BIDS[2].name, { exact: true }).waitFor();
      assert((await section.getByRole('listitem').count()) === 3, 'three bids listed in the task form');
      assert(await dialog.isVisible(), 'the task form stays open');
      await expectText(section, '3 bids');
      const pdfLink = section.getByRole('link', { name: /Bid PDF: birch-bid\.pdf/ });
      assert((await pdfLink.getAttribute('href')).startsWith(`/api/documents/${doc.id}/download/`), 'the PDF link');
      await section.getByRole('listitem').last().scrollIntoViewIfNeeded();
      await shot(ctx, page, 'section-1280', false);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      // The spreadsheet's Bids column reads the task's own fields.
      const row = page.locator(`tr[data-task-id="${framing.id}"]`);
      await expectText(row.getByTestId('sheet-bids'), '3 bids · low $36,000.00');
      assert((await predictedTotalOnPage(page)) === before, 'bids alone do not change the predicted total');

      // Compare bids, from the board's toolbar.
      await page.getByRole('toolbar', { name: 'Board actions' }).getByRole('link', { name: 'Compare bids' }).click();
      await expectUrl(page, new RegExp(`^/kanban/${project.id}/bids$`));
      await page.getByRole('heading', { name: 'Compare bids', level: 1 }).waitFor();
      const card = page.locator(`section[data-task-id="${framing.id}"]`);
      await expectText(card.getByTestId('compare-prediction'), '$39,696');
      await expectText(card.getByTestId('compare-spread'), '$16,000.00');
      const bidCards = card.locator('li.compare-bid');
      assert((await bidCards.count()) === 3, 'three bids side by side');
      const texts = await bidCards.allTextContents();
      const acme = texts.find((t) => t.includes('Acme Framing'));
      const cedar = texts.find((t) => t.includes('Cedar & Sons'));
      const birch = texts.find((t) => t.includes('Birch Builders'));
      assert(acme.includes('Lowest bid') && acme.includes('9.3% below the prediction'), `acme: ${acme}`);
      assert(cedar.includes('31% above the prediction') && cedar.includes('Check the scope'), `cedar: ${cedar}`);
      assert(birch.includes('4.5% above the prediction') && !birch.includes('Check the scope'), `birch: ${birch}`);
      assert(!birch.includes('Lowest bid'), 'only the lowest is marked');
      await shot(ctx, page, 'compare-1280');

      // The PDF of the comparison.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download bid comparison (PDF)' }).click(),
      ]);
      assert(download.suggestedFilename() === `bid_comparison_project_${project.id}.pdf`, 'PDF file name');
      const pdfPath = join(ctx.downloads, download.suggestedFilename());
      await download.saveAs(pdfPath);
      assert(readFileSync(pdfPath).subarray(0, 5).toString() === '%PDF-', 'a PDF file');

      // Award the middle one, with the keyboard: focus stays on the button, now "Withdraw award".
      await page.getByRole('button', { name: `Award Framing to ${BIDS[2].name}, $41,500.00` }).focus();
      await page.keyboard.press('Enter');
      // Birch Builders was added on the spot, without an insurance date: the award asks first.
      const check = page.getByRole('dialog', { name: 'Check the insurance first' });
      await expectText(check, `${BIDS[2].name} has no insurance date on file.`);
      await page.keyboard.press('Tab'); // from Cancel to "Award anyway"
      await page.keyboard.press('Enter');
      await check.waitFor({ state: 'detached' });
      await expectText(card.getByTestId('compare-committed'), `$41,500.00, ${BIDS[2].name}`);
      await expectText(page.getByRole('status').filter({ hasText: 'awarded' }), 'committed cost $41,500.00');
      const awardedTexts = await bidCards.allTextContents();
      assert(awardedTexts.filter((t) => t.includes('Declined')).length === 2, 'the other two are declined');
      await page.getByRole('button', { name: `Withdraw the award to ${BIDS[2].name} for Framing` }).waitFor();
      await eventually(
        () => page.evaluate(() => document.activeElement?.textContent === 'Withdraw award'),
        'focus stays on the award button',
      );
      await shot(ctx, page, 'compare-awarded-1280');

      // Back to the board: the total moved by exactly (awarded − prediction).
      const prediction = 39696;
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Willow Creek House' })
        .click();
      await expectUrl(page, new RegExp(`^/kanban/${project.id}$`));
      const expected = Math.round((before - prediction + MIDDLE) * 100) / 100;
      await eventually(
        async () => (await predictedTotalOnPage(page)) === expected,
        `predicted total ${before} -> ${expected} on the board`,
      );
      const summary = await get(call, `/api/projects/${project.id}/summary/`);
      assert(summary.predicted_total === expected, `server summary ${summary.predicted_total} = ${expected}`);
      await expectText(row.getByTestId('sheet-bids'), 'Committed $41,500.00 · 3 bids');
      await shot(ctx, page, 'sheet-awarded-1280');
      await page.reload();
      await page.getByRole('button', { name: 'Add Task' }).waitFor();
      await eventually(async () => (await predictedTotalOnPage(page)) === expected, 'kept after a reload');
      const tasks = await get(call, `/api/projects/${project.id}/tasks/`);
      assert(tasks.find((t) => t.id === framing.id).committed_cost === MIDDLE, 'committed cost on the task');

      // Kanban: the card's bid line.
      await page.getByRole('combobox', { name: 'View' }).selectOption('kanban');
      const kanbanCard = page.locator(`li[data-task-id="${framing.id}"]`);
      await expectText(kanbanCard.getByTestId('task-bids'), 'Committed $41,500.00');
      await expectText(kanbanCard.getByTestId('task-bids'), '3 bids');
      await shot(ctx, page, 'kanban-awarded-1280');

      // Withdraw in the task form: back to the prediction.
      const again = await openTask(page, 'Framing');
      await again.getByRole('button', { name: `Withdraw the award to ${BIDS[2].name}` }).click();
      await again.getByRole('button', { name: `Award the bid of ${BIDS[2].name}, $41,500.00` }).waitFor();
      await again.getByRole('button', { name: 'Cancel' }).click();
      await eventually(async () => (await predictedTotalOnPage(page)) === before, 'withdrawn: back to the prediction');
      await expectText(kanbanCard.getByTestId('task-bids'), '3 bids · low $36,000.00');

      assert(errors.length === 0, `page errors: ${errors.join('; ')}`);
      await context.close();

      // Phone screenshots of the compare page and the Bids section.
      const phone = await signedIn(ctx, user, { size: PHONE });
      await phone.page.goto(`/kanban/${project.id}/bids`);
      await phone.page.getByRole('heading', { name: 'Compare bids', level: 1 }).waitFor();
      await phone.page.locator('li.compare-bid').first().waitFor();
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 0, `the compare page fits 390 px (overflow ${overflow}px)`);
      await shot(ctx, phone.page, 'compare-390');
      await phone.page.goto(`/kanban/${project.id}`);
      await phone.page.getByRole('link', { name: 'Compare bids' }).waitFor();
      const toolbar = phone.page.getByRole('toolbar', { name: 'Board actions' });
      const clipped = await toolbar.evaluate((el) => el.scrollWidth - el.clientWidth);
      assert(clipped <= 0, `the phone toolbar fits one row (${clipped}px clipped)`);
      await shot(ctx, phone.page, 'board-toolbar-390', false);
      await phone.page.getByRole('button', { name: 'Open task Framing' }).first().click();
      const phoneDialog = phone.page.getByRole('dialog', { name: 'Edit Task' });
      const phoneSection = phoneDialog.getByRole('region', { name: /^Bids/ });
      await phoneSection.getByText('Acme Framing', { exact: true }).waitFor();
      await phoneSection.getByRole('listitem').last().scrollIntoViewIfNeeded();
      await shot(ctx, phone.page, 'section-390', false);
      await phone.context.close();
    },
  },
  {
    name: 'bids: the Contractors page at 390×844: add one, insurance highlights say why, a contractor with bids is not deleted',
    run: async (ctx) => {
      const { assert, expectText, expectUrl } = ctx.helpers;
      const { user, project, call } = await seedUser(ctx, 'roster');
      const task = await post(call, '/api/tasks/', {
        project: project.id,
        title: 'Plumbing Rough',
        status: 'To Do',
        material_quality: 'basic',
      });
      const lapsed = await post(call, '/api/contractors/', {
        name: 'Lapsed Plumbing',
        trade: 'Plumbing',
        email: 'office@lapsed.example',
        insurance_expires: isoDay(-3),
      });
      await post(call, '/api/contractors/', {
        name: 'Soon Electric',
        trade: 'Electrical',
        license_number: 'TX-4411',
        insurance_expires: isoDay(10),
      });
      await post(call, '/api/contractors/', {
        name: 'Sound Roofing',
        trade: 'Roofing',
        insurance_expires: isoDay(200),
      });
      await post(call, '/api/bids/', { task: task.id, contractor: lapsed.id, amount: 9800 });

      for (const size of [PHONE, DESKTOP]) {
        const { context, page, errors } = await signedIn(ctx, user, { size });
        await page.goto('/projects');
        // From the navbar's menu.
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contractors' }).click();
        await expectUrl(page, /^\/contractors$/);
        await page.getByRole('heading', { name: 'Contractors', level: 1 }).waitFor();
        const card = (name) => page.locator('li.contractor-card').filter({ hasText: name });
        await expectText(card('Lapsed Plumbing').getByTestId('insurance'), /Insurance expired on .* \(3 days ago\)/);
        await expectText(card('Soon Electric').getByTestId('insurance'), /Insurance expires in 10 days/);
        await expectText(card('Sound Roofing').getByTestId('insurance'), /Insured until/);
        await expectText(page.getByTestId('insurance-summary'), '2 contractors need an insurance check');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert(overflow <= 0, `the page fits ${size.width} px (overflow ${overflow}px)`);
        await shot(ctx, page, `contractors-${size.width}`);

        if (size === PHONE) {
          // Add one with the keyboard; the name is required.
          await page.getByRole('button', { name: 'Add contractor' }).focus();
          await page.keyboard.press('Enter');
          const dialog = page.getByRole('dialog', { name: 'Add a contractor' });
          await dialog.getByLabel('Email').fill('not-an-email');
          await dialog.getByRole('button', { name: 'Add contractor' }).click();
          await expectText(dialog.locator('#contractor-name-error'), "Enter the contractor's name.");
          await expectText(dialog.locator('#contractor-email-error'), 'Enter a valid email address');
          await shot(ctx, page, 'contractor-form-errors-390', false);
          await dialog.getByLabel('Name (required)').fill('Oak Tile Co');
          await dialog.getByLabel('Email').fill('hello@oaktile.example');
          await dialog.getByLabel('Trade').fill('Tile');
          await dialog.getByLabel('Trade').press('Enter');
          await dialog.waitFor({ state: 'detached' });
          await card('Oak Tile Co').waitFor();
          await expectText(card('Oak Tile Co').getByTestId('insurance'), 'No insurance expiry on file');

          // Edit it.
          await page.getByRole('button', { name: 'Edit Oak Tile Co' }).click();
          const edit = page.getByRole('dialog', { name: 'Edit Oak Tile Co' });
          await edit.getByLabel('Insurance expires').fill(isoDay(45));
          await edit.getByRole('button', { name: 'Save contractor' }).click();
          await edit.waitFor({ state: 'detached' });
          await expectText(card('Oak Tile Co').getByTestId('insurance'), /Insured until/);

          // A contractor with bids: the server's 409 message is shown.
          await page.getByRole('button', { name: 'Delete Lapsed Plumbing' }).click();
          await page
            .getByRole('dialog', { name: 'Delete this contractor?' })
            .getByRole('button', { name: 'Delete contractor' })
            .click();
          await expectText(
            page.getByRole('alert'),
            'This contractor has bids. Delete their bids first, then the contractor.',
          );
          await card('Lapsed Plumbing').waitFor();
          await shot(ctx, page, 'contractors-delete-refused-390', false);

          // One without bids goes.
          await page.getByRole('button', { name: 'Delete Oak Tile Co' }).click();
          await page
            .getByRole('dialog', { name: 'Delete this contractor?' })
            .getByRole('button', { name: 'Delete contractor' })
            .click();
          await card('Oak Tile Co').waitFor({ state: 'detached' });
          const left = await get(call, '/api/contractors/');
          assert(left.length === 3 && !left.some((c) => c.name === 'Oak Tile Co'), 'deleted on the server');
        }
        assert(errors.length === 0, `page errors: ${errors.join('; ')}`);
        await context.close();
      }
    },
  },
  {
    name: 'bids: axe finds no serious or critical issue on Compare bids, the Bids section and Contractors (light, dark)',
    run: async (ctx) => {
      const { assert } = ctx.helpers;
      const { user, project, call, framing } = await seedBoard(ctx, 'bidsaxe');
      const [first] = await get(call, `/api/tasks/${framing.id}/bids/`);
      await call(`/api/bids/${first.id}/award/`, { method: 'POST' });
      await post(call, '/api/contractors/', { name: 'Expired Insurance Co', insurance_expires: isoDay(-40) });
      const axe = axeScanner();
      for (const theme of ['light', 'dark']) {
        for (const size of [DESKTOP, PHONE]) {
          const { context, page, errors } = await signedIn(ctx, user, { theme, size });
          const label = `${theme}, ${size.width}px`;
          await page.goto(`/kanban/${project.id}/bids`);
          await page.locator('li.compare-bid').first().waitFor();
          await axe.scan(page, `compare bids (${label})`);
          if (size === DESKTOP) await shot(ctx, page, `compare-1280-${theme}`);
          await page.goto('/contractors');
          await page.locator('li.contractor-card').first().waitFor();
          await axe.scan(page, `contractors (${label})`);
          if (size === DESKTOP && theme === 'dark') await shot(ctx, page, 'contractors-1280-dark');
          await page.goto(`/kanban/${project.id}`);
          const dialog = await openTask(page, 'Framing');
          await dialog.getByRole('region', { name: /^Bids/ }).getByText('Acme Framing', { exact: true }).waitFor();
          await axe.scan(page, `task form with bids (${label})`);
          await dialog.getByRole('region', { name: /^Bids/ }).getByRole('button', { name: 'Add bid' }).click();
          await page.getByRole('dialog', { name: 'Add a bid' }).waitFor();
          await axe.scan(page, `add a bid (${label})`);
          if (size === DESKTOP && theme === 'dark') await shot(ctx, page, 'add-bid-1280-dark', false);
          assert(errors.length === 0, `page errors: ${errors.join('; ')}`);
          await context.close();
        }
      }
      assert(axe.problems.length === 0, `axe:\n${axe.problems.join('\n')}`);
    },
  },
];
