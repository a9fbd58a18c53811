// Scrolling the page while a card is dragged near the top or bottom edge of the screen.
//
// dnd-kit's own auto-scroll measures its band as a share of the viewport and, once started,
// scrolls until the page ends: with the laptop board near the bottom of the first screen, the
// pointer was in the band as soon as it reached a column, and the page ran away from the drop.
// Here: a narrow band at the true edges, a speed that grows as the pointer nears the edge, no
// scrolling while the pointer is on a tab or a column header (a drop target), and never past the
// board: up until its top shows under the sticky bars, down until its bottom shows.
/** A point on the screen (viewport pixels). */
export interface Coordinates {
  x: number;
  y: number;
}

/** The band's height: 6% of the viewport, between 40 and 56 px (48 px on an 800 px laptop). */
export function edgeBand(viewportHeight: number): number {
  return Math.round(Math.min(56, Math.max(40, viewportHeight * 0.06)));
}

/** Pixels per frame at the very edge (about 1,300 px a second at 60 frames a second). */
export const EDGE_MAX_SPEED = 22;
const EDGE_MIN_SPEED = 2;

export interface EdgeScrollState {
  pointer: Coordinates | null;
  viewportHeight: number;
  /** Bottom of whatever is pinned to the top of the screen (the navbar, the phone's tabs). */
  topInset: number;
  /** The board's top and bottom on screen. */
  boardTop: number;
  boardBottom: number;
  /** The pointer is on a drop target that must stay put (a tab, a column header). */
  onTarget: boolean;
  /** Each direction scrolls only once the pointer has been out of its band since the drag began. */
  armed: { up: boolean; down: boolean };
}

/** How far to scroll this frame: negative up, positive down, 0 to stay. */
export function edgeScrollStep(s: EdgeScrollState): number {
  const p = s.pointer;
  if (!p || s.onTarget) return 0;
  const band = edgeBand(s.viewportHeight);
  const speed = (distance: number) => {
    const closeness = Math.min(1, Math.max(0, (band - distance) / band));
    return Math.round(EDGE_MIN_SPEED + (EDGE_MAX_SPEED - EDGE_MIN_SPEED) * closeness * closeness);
  };
  if (p.y < band && s.armed.up) {
    const room = Math.ceil(s.topInset - s.boardTop); // board hidden above
    return room > 0 ? -Math.min(speed(Math.max(0, p.y)), room) : 0;
  }
  const fromBottom = s.viewportHeight - p.y;
  if (fromBottom < band && s.armed.down) {
    const room = Math.ceil(s.boardBottom - s.viewportHeight); // board hidden below
    return room > 0 ? Math.min(speed(Math.max(0, fromBottom)), room) : 0;
  }
  return 0;
}

/** Updates which directions are armed for a pointer position. */
export function armFor(armed: { up: boolean; down: boolean }, p: Coordinates, viewportHeight: number) {
  const band = edgeBand(viewportHeight);
  if (p.y >= band) armed.up = true;
  if (viewportHeight - p.y >= band) armed.down = true;
}

export interface EdgeScrollStart {
  /** The board element: the page never scrolls past its top or bottom. */
  board: HTMLElement;
  /** Bottom of the pinned bars above the board (the navbar, the phone's tabs). */
  topInset: number;
  /** Whether a point is on a drop target the page must not scroll away (a tab, a header). */
  onTarget: (p: Coordinates) => boolean;
}

/**
 * The frame loop: `start()` when a pointer drag begins, `track(p)` with each pointer position
 * (the collision detection sees every one), `stop()` at the drop. Per frame it reads the board's
 * rectangle (and the targets') only while the pointer is in a band.
 */
export function createEdgeScroller() {
  let pointer: Coordinates | null = null;
  let armed = { up: false, down: false };
  let frame = 0;
  let drag: EdgeScrollStart | null = null;

  const tick = () => {
    frame = 0;
    if (!drag) return;
    const vh = window.innerHeight;
    const band = edgeBand(vh);
    if (pointer && (pointer.y < band || vh - pointer.y < band)) {
      const r = drag.board.getBoundingClientRect();
      const dy = edgeScrollStep({
        pointer,
        viewportHeight: vh,
        topInset: drag.topInset,
        boardTop: r.top,
        boardBottom: r.bottom,
        onTarget: drag.onTarget(pointer),
        armed,
      });
      if (dy !== 0) window.scrollBy(0, dy);
    }
    frame = requestAnimationFrame(tick);
  };

  const stop = () => {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    drag = null;
    pointer = null;
  };

  return {
    start: (how: EdgeScrollStart) => {
      stop();
      drag = how;
      armed = { up: false, down: false };
      frame = requestAnimationFrame(tick);
    },
    track: (p: Coordinates | null) => {
      if (!p || !drag) return;
      pointer = p;
      armFor(armed, p, window.innerHeight);
    },
    stop,
  };
}

export type EdgeScroller = ReturnType<typeof createEdgeScroller>;
