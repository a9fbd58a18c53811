import { useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

// The timeline's pointer gestures (mouse, touch and pen alike, through pointer events and pointer
// capture): a bar dragged sideways (its start), its end handle (its duration) and its link handle
// dropped on another bar (a new link). The bars' CSS sets `touch-action: pan-y` so a finger
// dragging sideways on a bar moves it while a vertical swipe still scrolls the page.

export type GestureKind = 'move' | 'resize' | 'link';

export interface Gesture {
  kind: GestureKind;
  taskId: number;
  pointerId: number;
  /** Pixels moved sideways since the pointer went down. */
  dx: number;
  /** The pointer in the chart's coordinates (the link's loose end). */
  x: number;
  y: number;
  /** The bar under the pointer while linking (not the bar it started from). */
  overId: number | null;
  /** It went past CLICK_SLOP at some point (a drag brought back is not a click). */
  moved: boolean;
}

/** Below this many pixels a press is a click (it opens the task), not a drag. */
export const CLICK_SLOP = 4;

export interface DragEnds {
  onMove: (taskId: number, dx: number) => void;
  onResize: (taskId: number, dx: number) => void;
  onLink: (predecessor: number, successor: number) => void;
}

/** The task id of the bar at a point of the page (its element carries `data-task-id`). */
function taskAt(clientX: number, clientY: number): number | null {
  const el = document.elementFromPoint?.(clientX, clientY)?.closest('[data-task-id]');
  const id = Number(el?.getAttribute('data-task-id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function useTimelineDrag(canvas: RefObject<HTMLElement | null>, ends: DragEnds) {
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const origin = useRef({ clientX: 0 });
  // A drag ends with a click on the bar (pointerup then click): that click must not open the task.
  const dragged = useRef(false);

  const local = (e: ReactPointerEvent) => {
    const box = canvas.current?.getBoundingClientRect();
    return { x: e.clientX - (box?.left ?? 0), y: e.clientY - (box?.top ?? 0) };
  };

  const start = (kind: GestureKind, taskId: number) => (e: ReactPointerEvent<HTMLElement>) => {
    if (e.button !== 0 || gesture) return;
    e.stopPropagation();
    if (kind !== 'move') e.preventDefault(); // handles: no text selection, no focus change
    e.currentTarget.setPointerCapture?.(e.pointerId);
    origin.current = { clientX: e.clientX };
    dragged.current = false;
    setGesture({ kind, taskId, pointerId: e.pointerId, dx: 0, ...local(e), overId: null, moved: false });
  };

  const move = (e: ReactPointerEvent<HTMLElement>) => {
    if (!gesture || e.pointerId !== gesture.pointerId) return;
    const dx = e.clientX - origin.current.clientX;
    const over = gesture.kind === 'link' ? taskAt(e.clientX, e.clientY) : null;
    const moved = gesture.moved || Math.abs(dx) >= CLICK_SLOP;
    setGesture({ ...gesture, dx, ...local(e), overId: over === gesture.taskId ? null : over, moved });
  };

  const end = (e: ReactPointerEvent<HTMLElement>) => {
    if (!gesture || e.pointerId !== gesture.pointerId) return;
    const dx = e.clientX - origin.current.clientX;
    setGesture(null);
    // Only the bar itself gets a click after the pointer is up (the handles are not buttons).
    const moved = gesture.moved || Math.abs(dx) >= CLICK_SLOP;
    dragged.current = gesture.kind === 'move' && moved;
    if (gesture.kind === 'link') {
      const target = taskAt(e.clientX, e.clientY) ?? gesture.overId;
      if (target !== null && target !== gesture.taskId) ends.onLink(gesture.taskId, target);
      return;
    }
    if (!moved) return;
    if (gesture.kind === 'move') ends.onMove(gesture.taskId, dx);
    else ends.onResize(gesture.taskId, dx);
  };

  const cancel = (e: ReactPointerEvent<HTMLElement>) => {
    if (gesture && e.pointerId === gesture.pointerId) setGesture(null);
  };

  /** Whether the click that follows a pointerup is the end of a drag (and resets it). */
  const wasDrag = () => {
    const was = dragged.current;
    dragged.current = false;
    return was;
  };

  const handlers = { onPointerMove: move, onPointerUp: end, onPointerCancel: cancel };
  return { gesture, start, handlers, wasDrag };
}
