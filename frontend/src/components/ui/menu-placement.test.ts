import { describe, expect, it } from 'vitest';
import { headerBottom, placeMenu, type MenuPlaceInput } from './menu-placement';

// A 390 x 844 phone under a 61 px sticky header; the board's More button, 84 x 38 at the right.
const phone = (anchorTop: number, height: number): MenuPlaceInput => ({
  anchor: { top: anchorTop, bottom: anchorTop + 38, left: 278, right: 362 },
  width: 194,
  height,
  viewportWidth: 390,
  viewportHeight: 844,
  topEdge: 61,
  align: 'end',
});

describe('placeMenu', () => {
  it('opens below the button when the menu fits there', () => {
    expect(placeMenu(phone(300, 400))).toEqual({ top: 342, left: 168, maxHeight: undefined });
  });

  it('opens above the button when only that side has room, below the header', () => {
    // 600 - 4 - 300 = 296 >= 61 + 8.
    expect(placeMenu(phone(600, 300))).toEqual({ top: 296, left: 168, maxHeight: undefined });
  });

  it('never opens above into the header: a long menu moves up over the button, all of it in view', () => {
    // The walk's case: More at y 499, a 757 px menu. It used to open upward at top 8, its first
    // item under the 61 px header. Now it ends 8 px above the bottom: 836 - 757 = 79 >= 69.
    const place = placeMenu(phone(499, 757));
    expect(place).toEqual({ top: 79, left: 168, maxHeight: undefined });
    expect(place.top).toBeGreaterThanOrEqual(61 + 8);
    expect(place.top + 757).toBeLessThanOrEqual(844 - 8);
  });

  it('caps a menu taller than the room below the header, scrolling inside', () => {
    // A 667 px high phone: 659 - 69 = 590 px of room for an 757 px menu.
    const place = placeMenu({ ...phone(300, 757), viewportHeight: 667 });
    expect(place).toEqual({ top: 69, left: 168, maxHeight: 590 });
  });

  it('without a header keeps the 8 px margin (desktop placements as before)', () => {
    const desk = { ...phone(700, 120), viewportWidth: 1280, viewportHeight: 800, topEdge: 0 };
    expect(placeMenu(desk)).toEqual({ top: 576, left: 168, maxHeight: undefined });
    expect(placeMenu({ ...desk, anchor: { top: 40, bottom: 78, left: 20, right: 104 }, align: 'start' })).toEqual({
      top: 82,
      left: 20,
      maxHeight: undefined,
    });
  });

  it('keeps the menu inside the viewport sideways', () => {
    const place = placeMenu({ ...phone(300, 200), anchor: { top: 300, bottom: 338, left: 10, right: 60 } });
    expect(place.left).toBe(8);
  });
});

describe('headerBottom', () => {
  it('is the sticky header’s bottom while it is in view, 0 without one', () => {
    expect(headerBottom(document)).toBe(0);
    const header = document.createElement('header');
    header.className = 'navbar';
    header.getBoundingClientRect = () => ({ bottom: 61 }) as DOMRect;
    document.body.append(header);
    try {
      expect(headerBottom(document)).toBe(61);
      header.getBoundingClientRect = () => ({ bottom: -20 }) as DOMRect;
      expect(headerBottom(document)).toBe(0);
    } finally {
      header.remove();
    }
  });
});
