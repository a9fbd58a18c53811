import { describe, expect, it } from 'vitest';
import { fitWithin } from './fit';

describe('fitWithin', () => {
  it('scales a landscape photo so its width is the maximum', () => {
    expect(fitWithin(4000, 3000, 2560)).toEqual({ width: 2560, height: 1920 });
  });

  it('scales a portrait photo so its height is the maximum', () => {
    expect(fitWithin(3024, 4032, 2560)).toEqual({ width: 1920, height: 2560 });
  });

  it('scales a square and rounds odd sizes to whole pixels', () => {
    expect(fitWithin(5000, 5000, 2560)).toEqual({ width: 2560, height: 2560 });
    expect(fitWithin(4001, 3001, 2560)).toEqual({ width: 2560, height: 1920 });
  });

  it('never scales up, and keeps an image exactly at the limit', () => {
    expect(fitWithin(800, 600, 2560)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(2560, 100, 2560)).toEqual({ width: 2560, height: 100 });
  });

  it('keeps at least one pixel on a very thin panorama', () => {
    expect(fitWithin(100_000, 10, 2560)).toEqual({ width: 2560, height: 1 });
  });
});
