import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openQueueStore } from './queue-store';

const entry = (taskId: number) => ({
  kind: 'patch' as const,
  projectId: 1,
  taskId,
  body: { status: 'Paid' },
  base: { status: 'To Do' },
  createdAt: 0,
});

describe('queue store', () => {
  it('keeps the changes in the order they were made, across a reopen', async () => {
    const name = `q-${Math.random()}`;
    const a = openQueueStore(name);
    const first = await a.add(entry(3));
    const second = await a.add(entry(1));
    await a.add(entry(2));
    expect(second.seq).toBeGreaterThan(first.seq);
    const b = openQueueStore(name); // a reload
    expect((await b.all()).map((e) => e.taskId)).toEqual([3, 1, 2]);
    await b.remove(second.seq);
    expect((await b.all()).map((e) => e.taskId)).toEqual([3, 2]);
    await b.put({ ...first, taskId: 30 });
    expect((await b.all()).map((e) => e.taskId)).toEqual([30, 2]);
    await b.clear();
    expect(await b.all()).toEqual([]);
  });
});
