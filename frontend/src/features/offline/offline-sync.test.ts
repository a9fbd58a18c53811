/* eslint-disable @typescript-eslint/require-await -- fakes of an async transport */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createOfflineSync } from './offline-sync';
import { openQueueStore } from './queue-store';
import type { ServerTask } from './types';

describe('offline sync', () => {
  it('queues with the server value as base, lays the queue over the board after a reload, and replays it', async () => {
    const store = openQueueStore(`s-${Math.random()}`);
    const serverTasks: ServerTask[] = [{ id: 1, title: 'Framing', status: 'To Do', actual_cost: null, project: 7 }];
    const transport = {
      readTasks: vi.fn(async () => serverTasks.map((t) => ({ ...t }))),
      patch: vi.fn(async (_id: number, body: Record<string, unknown>) => Object.assign(serverTasks[0], body)),
      create: vi.fn(async () => ({ id: 2 })),
    };
    let online = false;
    const make = (id: number, body: Record<string, unknown>) => ({ id, ...body }) as ServerTask;
    const sync = createOfflineSync({ transport, store, isOnline: () => online });
    await sync.overlay(7, serverTasks, make);
    await sync.enqueuePatch(1, { status: 'In Progress', project: 7, position: 0 });
    const second = await sync.enqueuePatch(1, { status: 'Paid', title: 'Framing', actual_cost: 5000 });
    // Unchanged fields are not sent; the base of the second move is where the first one put the card.
    expect(second.body).toEqual({ status: 'Paid', actual_cost: 5000 });
    expect(second.base).toEqual({ status: 'In Progress', actual_cost: null });
    expect(sync.getState().pending).toBe(2);

    const reloaded = createOfflineSync({ transport, store, isOnline: () => online });
    const shown = await reloaded.overlay(7, serverTasks, make);
    expect(shown[0]).toMatchObject({ status: 'Paid', actual_cost: 5000 });
    expect(reloaded.getState().pending).toBe(2);

    online = true;
    await reloaded.sync();
    expect(transport.patch).toHaveBeenCalledTimes(2);
    expect(serverTasks[0]).toMatchObject({ status: 'Paid', actual_cost: 5000 });
    expect(reloaded.getState()).toMatchObject({ pending: 0, problems: [] });
    expect(await store.all()).toEqual([]);
  });

  it('knows which boards have queued changes and counts what a replay sent ("N changes sent")', async () => {
    const store = openQueueStore(`s-${Math.random()}`);
    const serverTasks: ServerTask[] = [
      { id: 1, title: 'Framing', status: 'To Do', actual_cost: null, project: 7 },
      { id: 2, title: 'Roofing', status: 'To Do', actual_cost: null, project: 7 },
    ];
    const transport = {
      readTasks: vi.fn(async () => serverTasks.map((t) => ({ ...t }))),
      patch: vi.fn(async (id: number, body: Record<string, unknown>) =>
        Object.assign(serverTasks.find((t) => t.id === id) ?? {}, body),
      ),
      create: vi.fn(async () => ({ id: 3 })),
    };
    let online = false;
    const onSynced = vi.fn();
    const sync = createOfflineSync({ transport, store, isOnline: () => online, onSynced });
    await sync.overlay(7, serverTasks, (id, body) => ({ id, ...body }));
    expect(sync.hasQueued(7)).toBe(false);
    await sync.enqueuePatch(1, { status: 'In Progress', project: 7, position: 0 });
    await sync.enqueuePatch(2, { status: 'In Progress', project: 7, position: 1 });
    await sync.enqueuePatch(1, { status: 'Paid', actual_cost: 5000 });
    expect(sync.hasQueued(7)).toBe(true);
    expect(sync.hasQueued(8)).toBe(false);
    expect(sync.getState().sent).toBeNull();

    online = true;
    const before = Date.now();
    await sync.sync();
    expect(sync.hasQueued(7)).toBe(false);
    const { sent, replaying, pending } = sync.getState();
    expect({ replaying, pending }).toEqual({ replaying: false, pending: 0 });
    expect(sent?.count).toBe(3);
    expect(sent?.at).toBeGreaterThanOrEqual(before);
    expect(onSynced).toHaveBeenCalledWith([7]);

    // Nothing queued: a later sync sends nothing and keeps the last count.
    await sync.sync();
    expect(sync.getState().sent).toBe(sent);
  });
});
