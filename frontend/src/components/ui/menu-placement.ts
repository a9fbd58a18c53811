/** Where a floating menu goes (dropdown-menu.tsx), in viewport pixels. */
export interface MenuPlace {
  top: number;
  left: number;
  /** Set when the menu is taller than the room it has: it scrolls inside. */
  maxHeight?: number;
}

export interface MenuPlaceInput {
  /** The menu button's box (getBoundingClientRect). */
  anchor: { top: number; bottom: number; left: number; right: number };
  /** The menu's own size, unconstrained. */
  width: number;
  height: number;
  viewportWidth: number;
  viewportHeight: number;
  /**
   * The bottom of what covers the top of the viewport (the sticky site header), 0 when nothing
   * does: the menu never goes under it, where a tap would hit the header.
   */
  topEdge: number;
  /** Which edge of the button the menu lines up with. */
  align: 'start' | 'end';
}

export const MENU_GAP = 4;
export const MENU_MARGIN = 8;

/**
 * Below the button when it fits; else above it when it fits there (below the header); else, as
 * on a phone whose long menu fits neither side, moved up over the button so that all of it is in
 * the viewport below the header; and only when it is taller than that whole room, the room's
 * height, scrolling inside.
 */
export function placeMenu({
  anchor,
  width,
  height,
  viewportWidth,
  viewportHeight,
  topEdge,
  align,
}: MenuPlaceInput): MenuPlace {
  const minTop = Math.max(0, topEdge) + MENU_MARGIN;
  const maxBottom = viewportHeight - MENU_MARGIN;
  const below = anchor.bottom + MENU_GAP;
  const above = anchor.top - MENU_GAP - height;
  let top: number;
  let maxHeight: number | undefined;
  if (below + height <= maxBottom) top = below;
  else if (above >= minTop) top = above;
  else if (height <= maxBottom - minTop) top = maxBottom - height;
  else {
    top = minTop;
    maxHeight = Math.max(0, maxBottom - minTop);
  }
  const wanted = align === 'end' ? anchor.right - width : anchor.left;
  const left = Math.max(MENU_MARGIN, Math.min(wanted, viewportWidth - width - MENU_MARGIN));
  return { top, left, maxHeight };
}

/** The bottom of the sticky site header (components/navbar.tsx) while it is in view, else 0. */
export function headerBottom(doc: Document = document): number {
  const header = doc.querySelector<HTMLElement>('header.navbar');
  return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}
