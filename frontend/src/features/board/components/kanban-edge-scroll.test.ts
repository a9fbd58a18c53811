import { describe, expect, it } from 'vitest';
import { armFor, EDGE_MAX_SPEED, edgeBand, edgeScrollStep, type EdgeScrollState } from './kanban-edge-scroll';

// A laptop: 800 px high, navbar 60 px, the board from 600 px (page at the top) to 4,000 px.
const state = (partial: Partial<EdgeScrollState>): EdgeScrollState => ({
  pointer: { x: 640, y: 400 },
  viewportHeight: 800,
  topInset: 60,
  boardTop: 600,
  boardBottom: 4000,
  onTarget: false,
  armed: { up: true, down: true },
  ...partial,
});

describe('the edge band', () => {
  it('is narrow: 6% of the screen, 40 to 56 px', () => {
    expect(edgeBand(800)).toBe(48);
    expect(edgeBand(844)).toBe(51);
    expect(edgeBand(400)).toBe(40);
    expect(edgeBand(1400)).toBe(56);
  });
});

describe('edge scrolling', () => {
  it('does nothing away from the edges, where the laptop board’s Paid column sits', () => {
    for (const y of [100, 400, 650, 740, 751]) expect(edgeScrollStep(state({ pointer: { x: 1000, y } }))).toBe(0);
  });

  it('scrolls down near the bottom edge, faster closer to it', () => {
    const slow = edgeScrollStep(state({ pointer: { x: 640, y: 760 } }));
    const fast = edgeScrollStep(state({ pointer: { x: 640, y: 799 } }));
    expect(slow).toBeGreaterThan(0);
    expect(fast).toBeGreaterThan(slow);
    expect(fast).toBeLessThanOrEqual(EDGE_MAX_SPEED);
    expect(edgeScrollStep(state({ pointer: { x: 640, y: 800 } }))).toBe(EDGE_MAX_SPEED);
  });

  it('scrolls up near the top edge while board is hidden above', () => {
    const s = state({ boardTop: -2000, pointer: { x: 640, y: 10 } });
    expect(edgeScrollStep(s)).toBeLessThan(0);
  });

  it('never scrolls past the board: stops once its top or bottom shows', () => {
    // The board's top is already below the navbar: nothing above it to drop on.
    expect(edgeScrollStep(state({ boardTop: 80, pointer: { x: 640, y: 5 } }))).toBe(0);
    // Only 6 px of board hidden above: at most 6 px.
    expect(edgeScrollStep(state({ boardTop: 54, pointer: { x: 640, y: 0 } }))).toBe(-6);
    // The board's bottom shows: nothing more below.
    expect(edgeScrollStep(state({ boardBottom: 780, pointer: { x: 640, y: 799 } }))).toBe(0);
    expect(edgeScrollStep(state({ boardBottom: 803, pointer: { x: 640, y: 799 } }))).toBe(3);
  });

  it('stays put over a tab or a column header', () => {
    expect(edgeScrollStep(state({ onTarget: true, pointer: { x: 640, y: 799 } }))).toBe(0);
    expect(edgeScrollStep(state({ onTarget: true, boardTop: -900, pointer: { x: 640, y: 2 } }))).toBe(0);
  });

  it('waits until the pointer has left a band it started in', () => {
    const armed = { up: false, down: false };
    armFor(armed, { x: 0, y: 790 }, 800); // picked up a card at the bottom of the screen
    expect(armed).toEqual({ up: true, down: false });
    expect(edgeScrollStep(state({ armed, pointer: { x: 0, y: 790 } }))).toBe(0);
    armFor(armed, { x: 0, y: 700 }, 800);
    expect(armed.down).toBe(true);
    expect(edgeScrollStep(state({ armed, pointer: { x: 0, y: 790 } }))).toBeGreaterThan(0);
  });

  it('does nothing without a pointer (the keyboard)', () => {
    expect(edgeScrollStep(state({ pointer: null }))).toBe(0);
  });
});
