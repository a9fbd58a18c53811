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
