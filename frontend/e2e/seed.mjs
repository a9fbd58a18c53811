// API-only seeding helpers shared by the perf spec and scripts/lighthouse.mjs:
// register a user, subscribe through the local checkout, create a project and tasks.
const json = (body) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

async function ok(res, what) {
  if (!res.ok && res.status !== 303) throw new Error(`${what}: HTTP ${res.status} ${await res.text().catch(() => '')}`);
  return res;
}

/** Registers and logs in a fresh user; returns { username, password, access, refresh }. */
export async function registerUser(base, prefix = 'seed') {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const user = { username: `${prefix}_${stamp}`, email: `${prefix}_${stamp}@example.com`, password: 'correct-horse-9' };
  await ok(await fetch(`${base}/api/register/`, json(user)), 'register');
  const tok = await (
    await ok(await fetch(`${base}/api/token/`, json({ username: user.username, password: user.password })), 'login')
  ).json();
  return { ...user, access: tok.access, refresh: tok.refresh };
}

export function authed(base, user) {
  return async (path, init = {}) => {
    const res = await fetch(`${base}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.access}`, ...(init.headers ?? {}) },
    });
    return ok(res, `${init.method ?? 'GET'} ${path}`);
  };
}

/** Subscribes through the built-in local payments mode (checkout session + complete). */
export async function subscribeLocally(base, user) {
  const call = authed(base, user);
  const cfg = await (await fetch(`${base}/api/config/`)).json();
  const session = await (
    await call('/payments/create-checkout-session/', {
      method: 'POST',
      body: JSON.stringify({ priceId: cfg.stripe_price_id ?? 'price_local' }),
    })
  ).json();
  await ok(
    await fetch(`${base}/payments/local-checkout/${session.sessionId}/complete/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    }),
    'complete local checkout',
  );
}

export async function createProject(base, user, overrides = {}) {
  const call = authed(base, user);
  const body = {
    name: 'Benchmark Board',
    description: 'A board with many tasks',
    project_type: 'new_home_build',
    zip_code: '78701',
    square_footage: 2400,
    budget: 450000,
    property_type: 'single_family',
    owner_builder: 'yes_owner_builder',
    start_date: '2026-01-01',
    end_date: '2026-12-31',
    ...overrides,
  };
  return (await call('/api/projects/', { method: 'POST', body: JSON.stringify(body) })).json();
}

const TITLES = [
  'Foundation',
  'Framing',
  'Roofing',
  'Plumbing',
  'Electrical',
  'HVAC',
  'Insulation',
  'Drywall',
  'Flooring',
  'Painting',
];
const STATUSES = ['To Do', 'In Progress', 'Paid'];

/** Creates `n` tasks concurrently (`concurrency` requests in flight). */
export async function createTasks(base, user, projectId, n, concurrency = 16) {
  const call = authed(base, user);
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const status = STATUSES[i % 3];
      await call('/api/tasks/', {
        method: 'POST',
        body: JSON.stringify({
          project: projectId,
          title: `${TITLES[i % TITLES.length]} ${i + 1}`,
          description: `Seeded task ${i + 1}`,
          status,
          material_quality: 'standard',
          actual_cost: status === 'Paid' ? 1000 + i : null,
        }),
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Creates one task (standard quality, To Do unless `body` says otherwise); returns it. */
export async function createTask(base, user, projectId, body) {
  const call = authed(base, user);
  const res = await call('/api/tasks/', {
    method: 'POST',
    body: JSON.stringify({ project: projectId, status: 'To Do', material_quality: 'standard', ...body }),
  });
  return res.json();
}

/** Creates a contractor of the user's roster; returns it. */
export async function createContractor(base, user, body) {
  const call = authed(base, user);
  return (await call('/api/contractors/', { method: 'POST', body: JSON.stringify(body) })).json();
}

/** A bid on a task; with `award`, awarded at once (the task's committed cost). Returns the bid. */
export async function createBid(base, user, { task, contractor, amount, award = false }) {
  const call = authed(base, user);
  const bid = await (
    await call('/api/bids/', { method: 'POST', body: JSON.stringify({ task, contractor, amount }) })
  ).json();
  if (award) await call(`/api/bids/${bid.id}/award/`, { method: 'POST' });
  return bid;
}

/** A payment on a task (`paid_on` YYYY-MM-DD, `payee` text or `contractor` id); returns it. */
export async function createPayment(base, user, body) {
  const call = authed(base, user);
  return (await call('/api/task-payments/', { method: 'POST', body: JSON.stringify(body) })).json();
}

/** A small PDF attached to a task; returns the document (its `file` is a signed link). */
export async function uploadPdf(base, user, taskId, name = 'document.pdf') {
  const pdf =
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  const form = new FormData();
  form.append('task', String(taskId));
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), name);
  const res = await fetch(`${base}/api/documents/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user.access}` },
    body: form,
  });
  await ok(res, 'upload');
  return res.json();
}

// ---------- photos (issue 21) ----------

/** An EXIF block (TIFF, big-endian): IFD0 with Orientation and, with `gps`, a GPS IFD (Austin, TX). */
function exifTiff({ orientation, gps }) {
  const ifd0 = [];
  if (orientation) ifd0.push({ tag: 0x0112, type: 3, count: 1, value: orientation });
  if (gps) ifd0.push({ tag: 0x8825, type: 4, count: 1, value: 0 }); // offset filled below
  const ifd0Size = 2 + ifd0.length * 12 + 4;
  const gpsAt = 8 + ifd0Size;
  const gpsEntries = 4;
  const gpsSize = 2 + gpsEntries * 12 + 4;
  const latAt = gpsAt + gpsSize;
  const lonAt = latAt + 24;
  const b = Buffer.alloc(gps ? lonAt + 24 : gpsAt);
  b.write('MM', 0, 'latin1');
  b.writeUInt16BE(42, 2);
  b.writeUInt32BE(8, 4);
  b.writeUInt16BE(ifd0.length, 8);
  ifd0.forEach((e, i) => {
    const at = 10 + i * 12;
    b.writeUInt16BE(e.tag, at);
    b.writeUInt16BE(e.type, at + 2);
    b.writeUInt32BE(e.count, at + 4);
    if (e.type === 3) b.writeUInt16BE(e.value, at + 8);
    else b.writeUInt32BE(e.tag === 0x8825 ? gpsAt : e.value, at + 8);
  });
  if (gps) {
    b.writeUInt16BE(gpsEntries, gpsAt);
    const entry = (i, tag, type, count, write) => {
      const at = gpsAt + 2 + i * 12;
      b.writeUInt16BE(tag, at);
      b.writeUInt16BE(type, at + 2);
      b.writeUInt32BE(count, at + 4);
      write(at + 8);
    };
    entry(0, 0x0001, 2, 2, (at) => b.write('N\0', at, 'latin1'));
    entry(1, 0x0002, 5, 3, (at) => b.writeUInt32BE(latAt, at));
    entry(2, 0x0003, 2, 2, (at) => b.write('W\0', at, 'latin1'));
    entry(3, 0x0004, 5, 3, (at) => b.writeUInt32BE(lonAt, at));
    [30, 1, 16, 1, 1234, 100].forEach((v, i) => b.writeUInt32BE(v, latAt + i * 4));
    [97, 1, 44, 1, 3142, 100].forEach((v, i) => b.writeUInt32BE(v, lonAt + i * 4));
  }
  return b;
}

/** `jpeg` (Buffer) with an EXIF APP1 segment right after SOI, as cameras write it. */
export function withExif(jpeg, { orientation = 1, gps = true } = {}) {
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifTiff({ orientation, gps })]);
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xffe1, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, body, jpeg.subarray(2)]);
}

/**
 * The metadata segments of a JPEG (Buffer): `app` lists the APPn markers found before the image
 * data (0xe1 = EXIF/XMP), `exif` the Orientation and whether a GPS IFD is present, or null.
 */
export function jpegMetadata(buf) {
  if (buf[0] !== 0xff || buf[1] !== 0xd8) throw new Error('not a JPEG');
  const app = [];
  let exif = null;
  let at = 2;
  while (at + 4 <= buf.length && buf[at] === 0xff) {
    const marker = buf[at + 1];
    if (marker === 0xda || marker === 0xd9) break;
    const length = buf.readUInt16BE(at + 2);
    if (marker >= 0xe0 && marker <= 0xef) app.push(marker);
    const body = buf.subarray(at + 4, at + 2 + length);
    if (marker === 0xe1 && body.subarray(0, 6).toString('latin1') === 'Exif\0\0') {
      const t = body.subarray(6);
      const le = t.subarray(0, 2).toString('latin1') === 'II';
      const u16 = (o) => (le ? t.readUInt16LE(o) : t.readUInt16BE(o));
      const ifd0 = le ? t.readUInt32LE(4) : t.readUInt32BE(4);
      exif = { orientation: null, hasGps: false };
      for (let i = 0; i < u16(ifd0); i += 1) {
        const tag = u16(ifd0 + 2 + i * 12);
        if (tag === 0x0112) exif.orientation = u16(ifd0 + 10 + i * 12);
        if (tag === 0x8825) exif.hasGps = true;
      }
    }
    at += 2 + length;
  }
  return { app, exif };
}

/**
 * A `width` x `height` JPEG drawn in the page: the left half red, the right half blue, so a
 * rotation shows. Returns a Buffer (no EXIF: add it with `withExif`).
 */
export async function drawTestJpeg(page, width = 4000, height = 3000) {
  const b64 = await page.evaluate(
    async ({ width, height }) => {
      const canvas = new OffscreenCanvas(width, height);
      const g = canvas.getContext('2d');
      g.fillStyle = '#0000ff';
      g.fillRect(0, 0, width, height);
      g.fillStyle = '#ff0000';
      g.fillRect(0, 0, width / 2, height);
      const bytes = new Uint8Array(
        await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer(),
      );
      let s = '';
      for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(s);
    },
    { width, height },
  );
  return Buffer.from(b64, 'base64');
}

/**
 * Decodes image bytes in the page: its size and the colour at a few points given as fractions
 * of the width and height ({ x, y } in 0..1), as [r, g, b].
 */
export async function decodeInPage(page, bytes, points = []) {
  return page.evaluate(
    async ({ b64, points }) => {
      const bin = atob(b64);
      const arr = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i += 1) arr[i] = bin.charCodeAt(i);
      const bitmap = await createImageBitmap(new Blob([arr]));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const g = canvas.getContext('2d');
      g.drawImage(bitmap, 0, 0);
      const colours = points.map(({ x, y }) =>
        Array.from(g.getImageData(Math.floor(x * bitmap.width), Math.floor(y * bitmap.height), 1, 1).data.slice(0, 3)),
      );
      return { width: bitmap.width, height: bitmap.height, colours };
    },
    { b64: Buffer.from(bytes).toString('base64'), points },
  );
}

/**
 * A signed-in page in its own browser context (tokens, theme in local storage), recording CSP
 * violations in `window.__csp` and page errors in `errors`. `touch` makes it a phone.
 */
export async function signedInPage(
  ctx,
  user,
  { size = { width: 1280, height: 800 }, theme = 'light', touch = false } = {},
) {
  const context = await ctx.browser.newContext({
    baseURL: ctx.base,
    viewport: size,
    ...(touch ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {}),
  });
  await context.addInitScript(
    ({ access, refresh, theme }) => {
      window.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('access_token', access);
      localStorage.setItem('refresh_token', refresh);
      localStorage.setItem('theme', theme);
    },
    { access: user.access, refresh: user.refresh, theme },
  );
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) errors.push(m.text());
  });
  ctx.state.pages = [...(ctx.state.pages ?? []), page];
  return { context, page, errors };
}

/** Fetches a document's stored bytes through its signed link (no login header needed). */
export async function downloadDocument(base, doc) {
  const res = await fetch(new URL(doc.file, base));
  if (!res.ok) throw new Error(`download answered ${res.status}`);
  return { bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') };
}
