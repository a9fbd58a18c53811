// The photo downscaler (issue 21) in real Chromium, through the task form's Add photo input and
// the real server: a 4000x3000 camera JPEG with EXIF Orientation 6 and a GPS position is stored
// as a 1920x2560 portrait (rotated: the red half on top) without any EXIF; a small PNG and a
// small JPEG without metadata are stored byte for byte; a small JPEG with GPS loses it.
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

const isRed = ([r, g, b]) => r > 200 && g < 60 && b < 60;
const isBlue = ([r, g, b]) => b > 200 && r < 60 && g < 60;

/** Chooses `file` on the Add photo input; resolves with the stored document. */
async function addPhoto(page, dialog, file) {
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/documents/') && r.request().method() === 'POST', {
    timeout: 30_000,
  });
  await dialog.locator('#tf-photos').setInputFiles(file);
  const res = await uploaded;
  if (res.status() !== 201) throw new Error(`upload answered ${res.status()}: ${await res.text()}`);
  return res.json();
}

export const journeys = [
  {
    name: 'downscale: camera JPEG rotated, 2,560 px, EXIF and GPS gone; small clean images kept as they are',
    run: async (ctx) => {
      const { assert } = ctx.helpers;
      const user = await registerUser(ctx.base, 'downscale');
      await subscribeLocally(ctx.base, user);
      const project = await createProject(ctx.base, user, { name: 'Photo House' });
      const task = await createTask(ctx.base, user, project.id, { title: 'Slab pour' });
      const { context, page, errors } = await signedInPage(ctx, user);
      await page.goto(`/kanban/${project.id}`);
      await page.getByRole('button', { name: 'Open task Slab pour' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Task' });
      await dialog.waitFor();

      // The fixture: a landscape JPEG, red left half, with the EXIF a phone held upright writes.
      const camera = withExif(await drawTestJpeg(page, 4000, 3000), { orientation: 6, gps: true });
      const before = jpegMetadata(camera);
      assert(before.exif?.orientation === 6 && before.exif.hasGps, `fixture EXIF: ${JSON.stringify(before)}`);
      const shown = await decodeInPage(page, camera);
      assert(
        shown.width === 3000 && shown.height === 4000,
        `Chromium reads the fixture upright: ${JSON.stringify(shown)}`,
      );

      const doc = await addPhoto(page, dialog, { name: 'site.jpg', mimeType: 'image/jpeg', buffer: camera });
      assert(doc.task === task.id && doc.content_type === 'image/jpeg', `stored as ${JSON.stringify(doc)}`);
      const stored = await downloadDocument(ctx.base, doc);
      const after = jpegMetadata(stored.bytes);
      assert(!after.app.includes(0xe1) && after.exif === null, `EXIF left in the upload: ${JSON.stringify(after)}`);
      assert(stored.bytes.length < camera.length, `smaller: ${stored.bytes.length} >= ${camera.length}`);
      const out = await decodeInPage(page, stored.bytes, [
        { x: 0.5, y: 0.1 },
        { x: 0.5, y: 0.9 },
      ]);
      assert(out.width === 1920 && out.height === 2560, `stored size ${out.width}x${out.height}`);
      assert(isRed(out.colours[0]), `top should be red: ${out.colours[0]}`);
      assert(isBlue(out.colours[1]), `bottom should be blue: ${out.colours[1]}`);

      // A small JPEG with GPS: same size, GPS gone.
      const small = await drawTestJpeg(page, 800, 600);
      const smallGps = withExif(small, { gps: true });
      const doc2 = await addPhoto(page, dialog, { name: 'gate.jpg', mimeType: 'image/jpeg', buffer: smallGps });
      const stored2 = await downloadDocument(ctx.base, doc2);
      assert(jpegMetadata(stored2.bytes).exif === null, 'GPS of a small JPEG removed');
      const out2 = await decodeInPage(page, stored2.bytes);
      assert(out2.width === 800 && out2.height === 600, `small JPEG size ${out2.width}x${out2.height}`);

      // Clean small images pass unchanged, byte for byte.
      const doc3 = await addPhoto(page, dialog, { name: 'clean.jpg', mimeType: 'image/jpeg', buffer: small });
      assert((await downloadDocument(ctx.base, doc3)).bytes.equals(small), 'a clean small JPEG is kept as it is');
      const png = Buffer.from(
        await page.evaluate(async () => {
          const c = new OffscreenCanvas(200, 100);
          const g = c.getContext('2d');
          g.fillStyle = 'rgba(0, 128, 0, 0.5)';
          g.fillRect(0, 0, 100, 100);
          const bytes = new Uint8Array(await (await c.convertToBlob({ type: 'image/png' })).arrayBuffer());
          return btoa(String.fromCharCode(...bytes));
        }),
        'base64',
      );
      const doc4 = await addPhoto(page, dialog, { name: 'plan.png', mimeType: 'image/png', buffer: png });
      assert(doc4.name === 'plan.png' && doc4.content_type === 'image/png', `PNG stored as ${JSON.stringify(doc4)}`);
      assert((await downloadDocument(ctx.base, doc4)).bytes.equals(png), 'a small PNG is kept as it is');

      assert(errors.length === 0, `page errors: ${errors.join('\n')}`);
      await context.close();
    },
  },
];
