/* eslint-disable @typescript-eslint/require-await -- fakes of an async transport */
import { describe, expect, it, vi } from 'vitest';
import { replay, type SyncTransport } from './replay';
import type { QueueEntry, ServerTask } from './types';

let seq = 0;
const patch = (taskId: number, body: Record<string, unknown>, base: Record<string, unknown>): QueueEntry => ({
  seq: ++seq,
  kind: 'patch',
  projectId: 1,
  taskId,
  body,
  base,
  createdAt: 0,
});

/** A fake server: tasks by id, PATCH merges, POST appends. */
function server(tasks: ServerTask[]) {
  const calls: string[] = [];
  let next = 100;
  const transport: SyncTransport = {
    readTasks: vi.fn(async () => tasks.map((t) => ({ ...t }))),
    patch: vi.fn(async (id: number, body: Record<string, unknown>) => {
      calls.push(`PATCH ${id} ${JSON.stringify(body)}`);
      const t = tasks.find((x) => x.id === id);
      if (!t) throw Object.assign(new Error('Task not found'), { status: 404 });
      Object.assign(t, body);
      return t;
    }),
    create: vi.fn(async (body: Record<string, unknown>) => {
      calls.push(`POST ${JSON.stringify(body)}`);
      const t = { ...body, id: next++ } as ServerTask;
      tasks.push(t);
      return t;
    }),
  };
  return { tasks, calls, transport };
}
const hooks = () => ({ done: vi.fn(async () => {}), mapped: vi.fn(async () => {}) });

describe('replay', () => {
  it('sends the changes in order: two moves of one card end where the last one put it', async () => {
    const s = server([{ id: 1, title: 'Framing', status: 'To Do' }]);
    const h = hooks();
    const result = await replay(
      [
        patch(1, { status: 'In Progress', project: 1, position: 0 }, { status: 'To Do' }),
        patch(
          1,
          { status: 'Paid', actual_cost: 5000, project: 1, position: 0 },
          { status: 'In Progress', actual_cost: null },
        ),
      ],
      s.transport,
      h,
    );
    expect(result).toEqual({ problems: [], stopped: false });
    expect(s.calls.map((c) => c.split(' {')[0])).toEqual(['PATCH 1', 'PATCH 1']);
    expect(s.tasks[0]).toMatchObject({ status: 'Paid', actual_cost: 5000 });
    expect(h.done).toHaveBeenCalledTimes(2);
  });

  it('holds a change whose field someone else changed meanwhile, field by field, and goes on', async () => {
    const s = server([
      { id: 1, title: 'Drywall', actual_cost: 3000, status: 'To Do' },
      { id: 2, title: 'Roofing', status: 'To Do' },
    ]);
    const result = await replay(
      [
        patch(1, { actual_cost: 2500, status: 'In Progress' }, { actual_cost: 1000, status: 'To Do' }),
        patch(2, { status: 'In Progress' }, { status: 'To Do' }),
      ],
      s.transport,
      hooks(),
    );
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({
      kind: 'conflict',
      title: 'Drywall',
      fields: [{ field: 'actual_cost', server: 3000, yours: 2500 }],
    });
    expect(s.tasks[0].actual_cost).toBe(3000); // not sent
    expect(s.tasks[1].status).toBe('In Progress');
  });

  it('is no conflict when the server already has our value or still has the base', async () => {
    const s = server([{ id: 1, title: 'Drywall', actual_cost: 2500, status: 'To Do' }]);
    const result = await replay(
      [patch(1, { actual_cost: 2500, status: 'Paid' }, { actual_cost: 1000, status: 'To Do' })],
      s.transport,
      hooks(),
    );
    expect(result.problems).toEqual([]);
    expect(s.tasks[0].status).toBe('Paid');
  });

  it('maps a task created offline to its real id for the changes after it', async () => {
    const s = server([]);
    const h = hooks();
    const create: QueueEntry = {
      seq: ++seq,
      kind: 'create',
      projectId: 1,
      taskId: -5,
      body: { title: 'Deck', project: 1 },
      base: {},
      createdAt: 0,
    };
    const result = await replay([create, patch(-5, { status: 'In Progress' }, {})], s.transport, h);
    expect(result.problems).toEqual([]);
    expect(s.calls).toEqual(['POST {"title":"Deck","project":1}', 'PATCH 100 {"status":"In Progress"}']);
    expect(h.mapped).toHaveBeenCalledWith(-5, 100);
  });

  it('shows a refusal (4xx) or a task gone instead of dropping it, and stops on a network error', async () => {
    const s = server([{ id: 1, title: 'Framing', status: 'To Do' }]);
    s.transport.patch = vi.fn(async () => {
      throw Object.assign(new Error('Invalid status'), { status: 400 });
    });
    const result = await replay(
      [patch(1, { status: 'Nope' }, { status: 'To Do' }), patch(9, { status: 'Paid' }, { status: 'To Do' })],
      s.transport,
      hooks(),
    );
    expect(result.problems.map((p) => [p.kind, p.message])).toEqual([
      ['rejected', 'Invalid status'],
      ['rejected', 'This task is no longer on the server.'],
    ]);
    const h = hooks();
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    s.transport.patch = failing;
    const stopped = await replay(
      [patch(1, { status: 'Paid' }, { status: 'To Do' }), patch(1, { title: 'X' }, { title: 'Framing' })],
      s.transport,
      h,
    );
    expect(stopped.stopped).toBe(true);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(h.done).not.toHaveBeenCalled();
  });
});
