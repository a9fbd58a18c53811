// The Kanban's drag logic, apart from its components: which column a drop lands in (collision
// detection against live rectangles: the column tabs and headers are sticky, so dnd-kit's cached
// rectangles, which move with the page, would miss them after a scroll), the sensors, and the
// helpers over the columns' task ids.
import {
  closestCorners,
  PointerSensor,
  type CollisionDetection,
  type PointerSensorOptions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { STATUSES, type Task, type TaskStatus } from '../types';
import { groupByStatus, isStatus } from '../utils';
import type { Coordinates } from './kanban-edge-scroll';

export type Columns = Record<TaskStatus, number[]>;

const COLUMN_PREFIX = 'column:';
const TAB_PREFIX = 'tab:';
export const columnId = (s: TaskStatus) => `${COLUMN_PREFIX}${s}`;
export const tabId = (s: TaskStatus) => `${TAB_PREFIX}${s}`;
export const slugOf = (s: TaskStatus) => s.toLowerCase().replace(/\s+/g, '-');

export function tabStatus(id: UniqueIdentifier): TaskStatus | null {
  if (typeof id !== 'string' || !id.startsWith(TAB_PREFIX)) return null;
  const s = id.slice(TAB_PREFIX.length);
  return isStatus(s) ? s : null;
}

export function idsByStatus(tasks: Task[]): Columns {
  const g = groupByStatus(tasks);
  return {
    'To Do': g['To Do'].map((t) => t.id),
    'In Progress': g['In Progress'].map((t) => t.id),
    Paid: g.Paid.map((t) => t.id),
  };
}

/** The column holding `id`: a column's own droppable, or the column of a card. */
export function findContainer(columns: Columns, id: UniqueIdentifier): string | null {
  if (typeof id === 'string' && id.startsWith(COLUMN_PREFIX)) return id.slice(COLUMN_PREFIX.length);
  for (const s of STATUSES) if (columns[s].includes(Number(id))) return s;
  return null;
}

/** The column a droppable belongs to: the column itself, or a card in it (its sortable container). */
function droppableColumn(container: { id: UniqueIdentifier; data: { current?: Record<string, unknown> } }) {
  if (typeof container.id === 'string' && container.id.startsWith(COLUMN_PREFIX)) return container.id;
  const sortable = container.data.current?.sortable as { containerId?: UniqueIdentifier } | undefined;
  return sortable?.containerId ?? null;
}

/** The board's drop targets, kept by the components' ref callbacks. */
export interface DropTargets {
  /** Each column's whole area, header included, by column id. */
  sections: Map<string, HTMLElement>;
  /** Each column's header (the laptop board's headers stay in view while scrolling). */
  headers: Map<TaskStatus, HTMLElement>;
  /** The phone's column tabs. */
  tabs: Map<TaskStatus, HTMLElement>;
}

type NodeRef = (node: HTMLElement | null) => void;

/** The targets' maps and, per column, the ref callbacks that fill them. */
export function createDropTargets() {
  const targets: DropTargets = { sections: new Map(), headers: new Map(), tabs: new Map() };
  const keep =
    <K>(map: Map<K, HTMLElement>, key: K): NodeRef =>
    (node) => {
      if (node) map.set(key, node);
      else map.delete(key);
    };
  const per = <K>(map: Map<K, HTMLElement>, key: (s: TaskStatus) => K) =>
    Object.fromEntries(STATUSES.map((s) => [s, keep(map, key(s))])) as Record<TaskStatus, NodeRef>;
  return {
    targets,
    refs: {
      section: per(targets.sections, columnId),
      header: per(targets.headers, (s) => s),
      tab: per(targets.tabs, (s) => s),
    },
  };
}

export const within = (p: Coordinates, r: { left: number; right: number; top: number; bottom: number }) =>
  p.x >= r.left && p.x <= r.right && p.y >= r.top && p.y <= r.bottom;

/** The tab under a point, read from the tabs' live rectangles (they are sticky). */
export function tabAt(targets: DropTargets, p: Coordinates): TaskStatus | null {
  for (const [s, node] of targets.tabs) if (within(p, node.getBoundingClientRect())) return s;
  return null;
}

/** Whether a point is on a tab or a column header: a drop target the page must not scroll away. */
export function onHeaderOrTab(targets: DropTargets, p: Coordinates): boolean {
  if (tabAt(targets, p) !== null) return true;
  for (const node of targets.headers.values()) if (within(p, node.getBoundingClientRect())) return true;
  return false;
}

/**
 * Where a drop lands. A pointer (mouse, pen, touch) must be on a column tab or inside a column
 * (its header included): anywhere else (the summary, the navbar, between columns) there is no
 * target and the drop does nothing. On a tab, that tab; inside a column, the nearest of its cards.
 * The keyboard moves from column to column: the nearest droppable, tabs aside.
 *
 * Only the three sections and three tabs are measured per move (live, as they may be sticky);
 * the cards' rectangles are dnd-kit's cached ones. `seen` gets each pointer position, for the
 * edge scrolling.
 */
export function boardCollisions(targets: DropTargets, seen?: (p: Coordinates | null) => void): CollisionDetection {
  return (args) => {
    const { pointerCoordinates: p, droppableContainers } = args;
    seen?.(p);
    const notTabs = droppableContainers.filter((c) => tabStatus(c.id) === null);
    if (!p) return closestCorners({ ...args, droppableContainers: notTabs });
    const tab = tabAt(targets, p);
    if (tab !== null) {
      const container = droppableContainers.find((c) => c.id === tabId(tab));
      return container ? [{ id: container.id, data: { droppableContainer: container, value: 0 } }] : [];
    }
    let inside: string | null = null;
    for (const [id, node] of targets.sections) if (within(p, node.getBoundingClientRect())) inside = id;
    if (inside === null) return [];
    return closestCorners({ ...args, droppableContainers: notTabs.filter((c) => droppableColumn(c) === inside) });
  };
}

/**
 * Where a card dragged over another column goes in its list: before the card it is over, after it
 * when the dragged card's top is below that card's middle, at the end over the column itself.
 */
export function insertIndex(target: number[], overId: UniqueIdentifier, below: boolean): number {
  const overIndex = target.indexOf(Number(overId));
  if (overIndex < 0) return target.length;
  return overIndex + (below ? 1 : 0);
}

/** A mouse or pen pointer only: touches are the TouchSensor's (a long press), so a swipe scrolls. */
export class MousePointerSensor extends PointerSensor {
  static activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent: event }: ReactPointerEvent, options: PointerSensorOptions) => {
        if (!event.isPrimary || event.button !== 0 || event.pointerType === 'touch') return false;
        options.onActivation?.({ event });
        return true;
      },
    },
  ];
}

/** Long press before a touch picks a card up, and how far the finger may wander meanwhile. */
export const TOUCH_ACTIVATION = { delay: 200, tolerance: 8 } as const;
