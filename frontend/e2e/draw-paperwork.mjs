// A draw a bank accepts (issue 34), for e2e/run.mjs: a project with its property, lender, loan
// number and 5% retainage; Acme Framing awarded and paid $2,000 (receipt attached); a draw
// request whose paperwork says the waiver is missing before submit, the inspector's percent on
// its Framing line, its continuation sheet on screen; the lien waiver received with its signed
// PDF (through the API: the Waivers page has its own journey), then Submit goes through, and
// "Download draw package" gives one ZIP with the draw PDF, the receipt, the waiver and index.csv.
// Screenshots at 1280×800 and 390×844; on the phone the sheet scrolls inside its own region.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { seriousViolations } from './a11y.spec.mjs';
import { authed, createProject, registerUser, subscribeLocally } from './seed.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PROJECT = 'Willow Creek House';

const isoDay = (offsetDays) => {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

const post = async (call, path, body) => (await call(path, { method: 'POST', body: JSON.stringify(body) })).json();
const get = async (call, path) => (await call(path)).json();

/** A small PDF attached to a task. */
async function uploadPdf(ctx, user, taskId, name) {
  const pdf = `%PDF-1.4\n% ${name}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
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

async function signedIn(ctx, user, size) {
  const context = await ctx.browser.newContext({ baseURL: ctx.base, viewport: size, acceptDownloads: true });
  await context.addInitScript(
    ({ access, refresh }) => {
      if (window !== window.top || sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('access_token', access);
      localStorage.setItem('refresh_token', refresh);
    },
    { access: user.access, refresh: user.refresh },
  );
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  ctx.state.pages = [...(ctx.state.pages ?? []), page];
  return { context, page, errors };
}

async function openDraws(page, projectId) {
  await page.goto(`/kanban/${projectId}/money`);
  await page.getByTestId('draws-section').getByRole('button', { name: 'New draw request' }).waitFor();
}

export const journeys = [
  {
    name: 'draw paperwork: the missing waiver before submit, the inspector percent, the continuation sheet, the package ZIP',
    critical: true,
    run: async (ctx) => {
      const { assert, eventually, expectText } = ctx.helpers;
      const user = await registerUser(ctx.base, 'drawpaper');
      await subscribeLocally(ctx.base, user);
      const project = await createProject(ctx.base, user, {
        name: PROJECT,
        loan_amount: 300000,
        address: '12 Willow Creek Rd, Austin TX',
        lender_name: 'First Hill Bank',
        loan_number: 'CL-2026-0042',
        retainage_percent: 5,
      });
      const call = authed(ctx.base, user);
      const framing = await post(call, '/api/tasks/', {
        project: project.id,
        title: 'Framing',
        description: '',
        status: 'In Progress',
        material_quality: 'standard',
      });
      const acme = await post(call, '/api/contractors/', { name: 'Acme Framing', trade: 'Carpentry' });
      const bid = await post(call, '/api/bids/', { task: framing.id, contractor: acme.id, amount: 40000 });
      await call(`/api/bids/${bid.id}/award/`, { method: 'POST' });
      const invoice = await uploadPdf(ctx, user, framing.id, 'acme-invoice-1.pdf');
      const payment = await post(call, '/api/task-payments/', {
        task: framing.id,
        amount: 2000,
        paid_on: isoDay(-7),
        contractor: acme.id,
        method: 'check',
        receipt: invoice.id,
      });
      assert(payment.waiver_status === 'missing', `the payment needs a waiver: ${payment.waiver_status}`);

      const { context, page, errors } = await signedIn(ctx, user, DESKTOP);
      await openDraws(page, project.id);
      const draws = page.getByTestId('draws-section');
      await draws.getByRole('button', { name: 'New draw request' }).click();
      const create = page.getByRole('dialog', { name: 'New draw request' });
      await create.getByRole('checkbox', { name: /Framing/ }).waitFor();
      await create.getByRole('button', { name: 'Create draw request' }).click();
      await create.waitFor({ state: 'detached' });
      const row = draws.locator('tr[data-draw-number="1"]');
      await expectText(row.getByTestId('draw-missing'), '1 lien waiver missing');

      // The draft: the paperwork first, then the inspector's 10% on Framing.
      await draws.getByRole('button', { name: 'Edit draw 1' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit draw 1' });
      await expectText(
        edit.getByTestId('waivers-missing'),
        /\$2,000\.00 to Acme Framing, paid .* — no lien waiver received/,
      );
      await edit.getByLabel('Percent complete, Framing').fill('10');
      await edit.getByLabel('Inspector').fill('Pat Lee');
      await page.screenshot({ path: join(ctx.shots, 'draw-paperwork-edit-1280.png') });
      await edit.getByRole('button', { name: 'Save draft' }).click();
      await edit.waitFor({ state: 'detached' });
      const [draft] = await get(call, `/api/projects/${project.id}/draws/`);
      const line = draft.items[0];
      assert(line.inspected_percent === 10, `the inspector's percent kept: ${JSON.stringify(line)}`);
      // The awarded bid is the line's scheduled value: 10% of $40,000, nothing drawn before.
      assert(
        line.scheduled_value === 40000 && line.previous === 0 && line.this_period === 4000,
        `the line asks for scheduled value x 10%: ${JSON.stringify(line)}`,
      );

      // The continuation sheet shows the server's line.
      const sheet = page.getByRole('region', { name: 'Draw 1 continuation sheet' });
      const usd = (n) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      await expectText(sheet.getByRole('row', { name: /^Framing/ }), usd(line.scheduled_value));
      await expectText(page.getByTestId('continuation-total'), usd(draft.retainage_total));

      // Submit: the dialog lists the waiver and would only submit anyway; cancel, receive the waiver.
      await draws.getByRole('button', { name: 'Submit draw 1 to the lender' }).click();
      let submit = page.getByRole('dialog', { name: 'Submit draw 1' });
      await expectText(submit.getByTestId('waivers-missing'), 'Acme Framing');
      assert((await submit.getByRole('button', { name: 'Submit anyway' }).count()) === 1, 'Submit anyway offered');
      await page.screenshot({ path: join(ctx.shots, 'draw-paperwork-submit-missing-1280.png') });
      await submit.getByRole('button', { name: 'Cancel' }).click();
      const signed = await uploadPdf(ctx, user, framing.id, 'acme-waiver-signed.pdf');
      const waiver = await post(call, '/api/lien-waivers/', {
        project: project.id,
        contractor: acme.id,
        payment: payment.id,
        kind: 'unconditional_progress',
        amount: 2000,
        status: 'received',
        document: signed.id,
      });
      await openDraws(page, project.id);
      await eventually(async () => (await row.getByTestId('draw-missing').count()) === 0, 'no waiver missing now');
      await draws.getByRole('button', { name: 'Submit draw 1 to the lender' }).click();
      submit = page.getByRole('dialog', { name: 'Submit draw 1' });
      await expectText(submit.getByTestId('draw-paperwork'), 'nothing missing');
      await submit.getByRole('button', { name: 'Submit draw' }).click();
      await submit.waitFor({ state: 'detached' });
      await expectText(row.getByTestId('draw-status'), 'Submitted');

      // The package: the PDF, the receipt, the waiver and index.csv.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        draws.getByRole('button', { name: "Download draw 1's package (ZIP: PDF, receipts, lien waivers)" }).click(),
      ]);
      assert(download.suggestedFilename() === 'draw_1_willow_creek_house_package.zip', download.suggestedFilename());
      const zipPath = join(ctx.downloads, download.suggestedFilename());
      await download.saveAs(zipPath);
      const files = unzipSync(new Uint8Array(readFileSync(zipPath)));
      const names = Object.keys(files).sort();
      assert(
        JSON.stringify(names) ===
          JSON.stringify([
            'draw_1_willow_creek_house.pdf',
            'index.csv',
            `receipts/${payment.id}_acme-invoice-1.pdf`,
            `waivers/${waiver.id}_acme-waiver-signed.pdf`,
          ]),
        `the package's files: ${names.join(', ')}`,
      );
      const pdf = Buffer.from(files['draw_1_willow_creek_house.pdf']).toString('latin1');
      assert(pdf.startsWith('%PDF-'), 'the draw request is a PDF');
      assert(pdf.includes(`(Draw request 1 - ${PROJECT})`), 'the PDF is titled with the draw number');
      assert(
        Buffer.from(files[`waivers/${waiver.id}_acme-waiver-signed.pdf`])
          .toString('latin1')
          .includes('acme-waiver-signed'),
        "the waiver's own bytes",
      );
      const index = Buffer.from(files['index.csv']).toString('utf8');
      assert(index.startsWith('file,kind,task,payment,contractor,amount\r\n'), index);
      assert(
        index.includes(`receipts/${payment.id}_acme-invoice-1.pdf,receipt,Framing,${payment.id},Acme Framing,2000.00`),
        index,
      );
      assert(
        index.includes(
          `waivers/${waiver.id}_acme-waiver-signed.pdf,lien_waiver_unconditional_progress,Framing,${payment.id},Acme Framing,2000.00`,
        ),
        index,
      );
      await draws.screenshot({ path: join(ctx.shots, 'draw-paperwork-submitted-1280.png') });
      const problems = await seriousViolations(page, 'draws with paperwork (1280)');
      assert(problems.length === 0, problems.join('\n'));
      assert(errors.length === 0, errors.join('\n'));
      await context.close();

      // The phone: no sideways scroll of the page; the sheet scrolls inside its region.
      const phone = await signedIn(ctx, user, PHONE);
      await openDraws(phone.page, project.id);
      const region = phone.page.getByRole('region', { name: 'Draw 1 continuation sheet' });
      await region.waitFor();
      const [inner, outer] = await region.evaluate((r) => [r.scrollWidth, r.clientWidth]);
      assert(inner > outer, `the sheet scrolls sideways inside its region: ${inner} > ${outer}`);
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      assert(width <= PHONE.width, `no sideways scroll of the page: ${width}`);
      await phone.page.getByTestId('draws-section').screenshot({ path: join(ctx.shots, 'draw-paperwork-phone.png') });
      const phoneProblems = await seriousViolations(phone.page, 'draws on a phone');
      assert(phoneProblems.length === 0, phoneProblems.join('\n'));
      assert(phone.errors.length === 0, phone.errors.join('\n'));
      await phone.context.close();
    },
  },
];
