import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { tokens } from '../../lib/auth-store';
import { contractorKeys, contractorsQuery, createContractor, projectContractorsQuery } from './api';
import type { Contractor } from './types';

// Issue 35: inside a project the contractors are its owner's roster (`?project=`), for the owner
// and every member; the user's own roster (the Contractors page) is asked for without it.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const contractor = (id: number, name: string): Contractor => ({
  id,
  name,
  trade: '',
  phone: '',
  email: '',
  license_number: '',
  insurance_expires: null,
  notes: '',
});

/** The owner's roster for project 3, another owner's for project 4, the user's own without `project`. */
function serve() {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ key, body });
      if (key === 'GET /api/contractors/?project=3') return Promise.resolve(json(200, [contractor(1, 'Acme Framing')]));
      if (key === 'GET /api/contractors/?project=4')
        return Promise.resolve(json(200, [contractor(2, 'Birch Roofing')]));
      if (key === 'GET /api/contractors/') return Promise.resolve(json(200, [contractor(9, 'My Own Plumber')]));
      if (key === 'POST /api/contractors/')
        return Promise.resolve(json(201, { ...contractor(5, 'Cedar'), ...(body as object) }));
      return Promise.resolve(json(500, { error: 'unexpected', message: key }));
    }),
  );
  tokens.set('A1', 'R1');
  return calls;
}

describe("a project's roster (issue 35)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the project owner’s contractors with ?project=', async () => {
    const calls = serve();
    const qc = new QueryClient();
    const list = await qc.fetchQuery(projectContractorsQuery(3));
    expect(list.map((c) => c.name)).toEqual(['Acme Framing']);
    expect(calls.map((c) => c.key)).toEqual(['GET /api/contractors/?project=3']);
  });

  it("keeps each project's roster and the user's own apart in the cache", async () => {
    serve();
    const qc = new QueryClient();
    await qc.fetchQuery(contractorsQuery());
    await qc.fetchQuery(projectContractorsQuery(3));
    await qc.fetchQuery(projectContractorsQuery(4));
    const names = (key: readonly unknown[]) => qc.getQueryData<Contractor[]>(key)?.map((c) => c.name);
    expect(names(contractorKeys.all)).toEqual(['My Own Plumber']);
    expect(names(contractorKeys.project(3))).toEqual(['Acme Framing']);
    expect(names(contractorKeys.project(4))).toEqual(['Birch Roofing']);
    // One invalidation of every roster (a contractor added or edited) reaches the projects' too.
    await qc.invalidateQueries({ queryKey: contractorKeys.all });
    expect(qc.getQueryState(contractorKeys.project(3))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(contractorKeys.project(4))?.isInvalidated).toBe(true);
  });

  it('adds a contractor to the project owner’s roster by sending `project`', async () => {
    const calls = serve();
    const created = await createContractor({ name: 'Cedar', trade: 'Roofing', project: 3 });
    expect(created.id).toBe(5);
    expect(calls).toEqual([{ key: 'POST /api/contractors/', body: { name: 'Cedar', trade: 'Roofing', project: 3 } }]);
  });
});
