// Site photos from the phone (issue 21): on a 390x844 touch screen, Add photo takes a camera
// JPEG (4000x3000, EXIF GPS), prepares it, uploads it with a progress bar, and the task shows it
// in a photo strip; a tap opens the full-screen viewer, Escape closes it. The stored file is at
// most 2,560 px and has no GPS. Screenshots: phone light and dark, desktop with two photos.
import { join } from 'node:path';
import { seriousViolations } from './a11y.spec.mjs';
import {
  createProject,
  createTask,
  decodeInPage,
  downloadDocument,
  drawTestJpeg,
  jpegMetadata,
  registerUser,
  signedInPage,
  subscribeLocally,
  withExif,
} from './seed.mjs';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function shot(ctx, page, name) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(ctx.shots, `photos-${name}.png`) });
}

async function openTask(page, projectId, title) {
  await page.goto(`/kanban/${projectId}`);
  await page.getByRole('button', { name: `Open task ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Task' });
  await dialog.waitFor();
  return dialog;
}

/** Records every state the upload rows show (Preparing photo…, 40%, Done), as they change. */
async function watchUploads(page) {
  await page.evaluate(() => {
    window.__uploadStates = [];
    window.__progressSeen = false;
    const seen = () => {
      for (const el of document.querySelectorAll('.upload-state')) {
        const t = el.textContent ?? '';
        if (window.__uploadStates.at(-1) !== t) window.__uploadStates.push(t);
      }
      if (document.querySelector('.upload progress')) window.__progressSeen = true;
    };
    new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const imagesLoaded = (locator) =>
  locator.evaluateAll((imgs) => imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0));

export const journeys = [
  {
    name: 'photos: a phone adds a camera photo (resized, GPS removed), sees it in the strip and full screen',
    run: async (ctx) => {
      const { assert, eventually, expectText } = ctx.helpers;
      const user = await registerUser(ctx.base, 'photos');
      await subscribeLocally(ctx.base, user);
      const project = await createProject(ctx.base, user, { name: 'Cedar Lane House' });
      const task = await createTask(ctx.base, user, project.id, { title: 'Foundation' });
      const problems = [];

      // ---- phone, light: take a photo ----
      const phone = await signedInPage(ctx, user, { size: PHONE, touch: true });
      let page = phone.page;
      let dialog = await openTask(page, project.id, 'Foundation');
      const addPhoto = dialog.getByRole('button', { name: 'Add photo' });
      await addPhoto.scrollIntoViewIfNeeded();
      const box = await addPhoto.boundingBox();
      assert(box && box.height >= 38, `Add photo is a comfortable target: ${JSON.stringify(box)}`);
      const input = dialog.locator('#tf-photos');
      assert((await input.getAttribute('capture')) === 'environment', 'Add photo opens the rear camera');
      assert((await input.getAttribute('accept')) === 'image/*', 'Add photo takes images');

      const camera = withExif(await drawTestJpeg(page, 4000, 3000), { orientation: 6, gps: true });
      assert(jpegMetadata(camera).exif?.hasGps, 'the fixture carries GPS');
      await watchUploads(page);
      const uploaded = page.waitForResponse(
        (r) => r.url().endsWith('/api/documents/') && r.request().method() === 'POST',
        { timeout: 30_000 },
      );
      await input.setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: camera });
      const res = await uploaded;
      assert(res.status() === 201, `upload answered ${res.status()}`);
      const doc = await res.json();
      const uploads = dialog.getByRole('list', { name: 'Uploads' });
      await expectText(uploads, 'Done');
      const states = await page.evaluate(() => window.__uploadStates);
      assert(states.includes('Preparing photo…'), `states seen: ${states.join(' → ')}`);
      assert(await page.evaluate(() => window.__progressSeen), 'a progress bar was shown');
      assert(
        (await uploads.getByLabel('Upload progress for IMG_2041.jpg').getAttribute('value')) === '1',
        'the progress bar ends full',
      );

      // The strip shows it; the thumbnail loads under the page's CSP.
      const strip = dialog.getByRole('list', { name: 'Photos' });
      const thumb = strip.getByRole('button', { name: /View photo IMG_2041\.jpg/ });
      await thumb.waitFor();
      await eventually(() => imagesLoaded(strip.locator('img')), 'thumbnail loaded');
      await strip.scrollIntoViewIfNeeded();
      problems.push(...(await seriousViolations(page, 'task form with a photo (phone, light)')));
      await shot(ctx, page, 'strip-390-light');

      // Tap: the full-screen viewer; Escape closes it and the task stays open.
      await thumb.tap();
      const viewer = page.getByRole('dialog', { name: 'IMG_2041.jpg' });
      await viewer.waitFor();
      await eventually(() => imagesLoaded(viewer.locator('img')), 'full photo loaded');
      const img = await viewer.locator('img').boundingBox();
      assert(img && img.width <= PHONE.width && img.height <= PHONE.height, `photo fits: ${JSON.stringify(img)}`);
      assert(img.width > PHONE.width * 0.9, `photo fills the width: ${JSON.stringify(img)}`);
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      assert(focused === 'Close photo viewer', `focus in the viewer: ${focused}`);
      problems.push(...(await seriousViolations(page, 'photo viewer (phone, light)')));
      await shot(ctx, page, 'viewer-390-light');
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      assert(await dialog.isVisible(), 'Escape closed the viewer only');
      assert(
        (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) ===
          'View photo IMG_2041.jpg (1 of 1)',
        'focus back on the thumbnail',
      );

      // What was stored: at most 2,560 px, no GPS (no EXIF at all).
      const stored = await downloadDocument(ctx.base, doc);
      assert(stored.type === 'image/jpeg', `stored type ${stored.type}`);
      const meta = jpegMetadata(stored.bytes);
      assert(meta.exif === null && !meta.app.includes(0xe1), `EXIF left: ${JSON.stringify(meta)}`);
      const size = await decodeInPage(page, stored.bytes);
      assert(Math.max(size.width, size.height) <= 2560, `stored ${size.width}x${size.height}`);
      assert(size.width === 1920 && size.height === 2560, `upright portrait: ${size.width}x${size.height}`);
      const csp = await page.evaluate(() => window.__csp);
      assert(csp.length === 0 && phone.errors.length === 0, `CSP/page errors: ${[...csp, ...phone.errors].join('\n')}`);
      await phone.context.close();

      // ---- phone, dark ----
      const dark = await signedInPage(ctx, user, { size: PHONE, touch: true, theme: 'dark' });
      page = dark.page;
      dialog = await openTask(page, project.id, 'Foundation');
      const darkStrip = dialog.getByRole('list', { name: 'Photos' });
      await darkStrip.waitFor();
      await eventually(() => imagesLoaded(darkStrip.locator('img')), 'thumbnail loaded (dark)');
      await darkStrip.scrollIntoViewIfNeeded();
      problems.push(...(await seriousViolations(page, 'task form with a photo (phone, dark)')));
      await shot(ctx, page, 'strip-390-dark');
      await dark.context.close();

      // ---- desktop: a second photo from the file picker; viewer with previous/next ----
      const desk = await signedInPage(ctx, user, { size: DESKTOP });
      page = desk.page;
      dialog = await openTask(page, project.id, 'Foundation');
      const second = await drawTestJpeg(page, 1200, 900);
      const again = page.waitForResponse((r) => r.url().endsWith('/api/documents/') && r.request().method() === 'POST');
      await dialog.locator('#tf-photos').setInputFiles({ name: 'rebar.jpg', mimeType: 'image/jpeg', buffer: second });
      await again;
      const deskStrip = dialog.getByRole('list', { name: 'Photos' });
      await eventually(async () => (await deskStrip.getByRole('button').count()) === 2, 'two thumbnails');
      await eventually(() => imagesLoaded(deskStrip.locator('img')), 'thumbnails loaded (desktop)');
      await deskStrip.scrollIntoViewIfNeeded();
      await shot(ctx, page, 'strip-1280-light');
      await deskStrip.getByRole('button', { name: /rebar\.jpg/ }).click();
      const deskViewer = page.getByRole('dialog', { name: /\.jpg$/ });
      await deskViewer.waitFor();
      await page.keyboard.press('ArrowRight');
      await expectText(deskViewer, '1 of 2');
      await eventually(() => imagesLoaded(deskViewer.locator('img')), 'viewer photo loaded (desktop)');
      problems.push(...(await seriousViolations(page, 'photo viewer (desktop)')));
      await shot(ctx, page, 'viewer-1280-light');
      await page.keyboard.press('Escape');
      await deskViewer.waitFor({ state: 'detached' });
      // Non-photo documents keep their rows; photos keep theirs too (rename, delete).
      await dialog.getByRole('button', { name: 'Delete rebar.jpg' }).waitFor();
      assert(desk.errors.length === 0, `page errors: ${desk.errors.join('\n')}`);
      await desk.context.close();
      assert(task.id > 0, 'task seeded');
      assert(problems.length === 0, `axe:\n${problems.join('\n')}`);
    },
  },
];
