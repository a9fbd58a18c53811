import { describe, expect, it } from 'vitest';
import type { ClientRect, CollisionDetection, DroppableContainer } from '@dnd-kit/core';
import {
  boardCollisions,
  columnId,
  createDropTargets,
  insertIndex,
  onHeaderOrTab,
  tabAt,
  tabId,
  tabStatus,
} from './kanban-drag';

/** An element whose live rectangle is `r` (what getBoundingClientRect reads). */
function box(left: number, top: number, width: number, height: number): HTMLElement {
  const el = document.createElement('div');
  const rect = { left, top, width, height, right: left + width, bottom: top + height, x: left, y: top };
  el.getBoundingClientRect = () => ({ ...rect, toJSON: () => rect });
  return el;
}

const rect = (left: number, top: number, width: number, height: number): ClientRect => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

function droppable(id: string | number, column: string | null): DroppableContainer {
  return {
    id,
    key: id,
    data: { current: column && typeof id === 'number' ? { sortable: { containerId: column } } : {} },
    disabled: false,
    node: { current: null },
    rect: { current: null },
  };
}

type Args = Parameters<CollisionDetection>[0];

function args(
  pointer: { x: number; y: number } | null,
  containers: DroppableContainer[],
  rects: [string | number, ClientRect][],
): Args {
  const collisionRect = pointer ? rect(pointer.x - 50, pointer.y - 20, 100, 40) : rect(0, 0, 100, 40);
  return {
    active: { id: 99 } as Args['active'],
    collisionRect,
    droppableRects: new Map(rects),
    droppableContainers: containers,
    pointerCoordinates: pointer,
  };
}

describe('the board’s drop targets', () => {
  // A laptop board scrolled down: the sections run from y -3000 to 800; the Paid header is
  // pinned at y 60-100 (sticky), while dnd-kit's cached rectangles would have it far above.
  const { targets, refs } = createDropTargets();
  refs.section['To Do'](box(20, -3000, 400, 3800));
  refs.section.Paid(box(860, -3000, 400, 3800));
  refs.header.Paid(box(860, 60, 400, 40));
  const containers = [
    droppable(columnId('To Do'), null),
    droppable(columnId('Paid'), null),
    droppable(1, columnId('To Do')),
    droppable(2, columnId('To Do')),
    droppable(3, columnId('Paid')),
  ];
  const rects: [string | number, ClientRect][] = [
    [columnId('To Do'), rect(20, -2950, 400, 3750)],
    [columnId('Paid'), rect(860, -2950, 400, 3750)],
    [1, rect(30, 600, 380, 100)],
    [2, rect(30, 710, 380, 100)],
    [3, rect(870, -2940, 380, 100)],
  ];
  const detect = boardCollisions(targets);

  it('a pointer on a column’s header lands in that column', () => {
    const [hit] = detect(args({ x: 1000, y: 80 }, containers, rects));
    expect([columnId('Paid'), 3]).toContain(hit.id);
  });

  it('a pointer anywhere down a column lands in it, at its nearest card', () => {
    expect(detect(args({ x: 200, y: 740 }, containers, rects))[0].id).toBe(2);
    expect([columnId('Paid'), 3]).toContain(detect(args({ x: 1000, y: 700 }, containers, rects))[0].id);
  });

  it('a pointer off every column lands nowhere', () => {
    expect(detect(args({ x: 640, y: 400 }, containers, rects))).toEqual([]);
  });

  it('the keyboard (no pointer) goes to the nearest droppable, tabs aside', () => {
    const withTab = [...containers, droppable(tabId('Paid'), null)];
    const hits = detect(args(null, withTab, [...rects, [tabId('Paid'), rect(0, 0, 100, 40)]]));
    expect(hits.every((h) => tabStatus(h.id) === null)).toBe(true);
  });

  it('a phone tab is found where it is pinned, not where the page scroll would have moved it', () => {
    const phone = createDropTargets();
    phone.refs.tab['To Do'](box(10, 60, 120, 56));
    phone.refs.tab.Paid(box(260, 60, 120, 56));
    phone.refs.section['To Do'](box(10, -3000, 370, 3800));
    const tabs = [droppable(tabId('To Do'), null), droppable(tabId('Paid'), null), droppable(1, columnId('To Do'))];
    // dnd-kit's cached rectangle of the Paid tab, measured before a 3,000 px scroll.
    const stale: [string | number, ClientRect][] = [[tabId('Paid'), rect(260, 3060, 120, 56)]];
    const on = boardCollisions(phone.targets)(args({ x: 300, y: 90 }, tabs, stale));
    expect(on.map((h) => h.id)).toEqual([tabId('Paid')]);
    expect(tabAt(phone.targets, { x: 300, y: 90 })).toBe('Paid');
    expect(onHeaderOrTab(phone.targets, { x: 300, y: 90 })).toBe(true);
    expect(onHeaderOrTab(phone.targets, { x: 300, y: 400 })).toBe(false);
  });

  it('reports each pointer position to the edge scroller', () => {
    const seen: unknown[] = [];
    boardCollisions(targets, (p) => seen.push(p))(args({ x: 1, y: 2 }, containers, rects));
    expect(seen).toEqual([{ x: 1, y: 2 }]);
  });

  it('a ref callback given null forgets the node', () => {
    const t = createDropTargets();
    t.refs.tab.Paid(box(0, 0, 10, 10));
    expect(t.targets.tabs.size).toBe(1);
    t.refs.tab.Paid(null);
    expect(t.targets.tabs.size).toBe(0);
  });
});

describe('where a card goes in another column', () => {
  it('before the card it is over, after it when below it, at the end over the column', () => {
    expect(insertIndex([1, 2, 3], 2, false)).toBe(1);
    expect(insertIndex([1, 2, 3], 3, true)).toBe(3);
    expect(insertIndex([1, 2, 3], columnId('Paid'), false)).toBe(3);
    expect(insertIndex([], columnId('Paid'), false)).toBe(0);
  });
});
