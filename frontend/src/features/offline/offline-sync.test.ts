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
});
