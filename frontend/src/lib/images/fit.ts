export interface Size {
  width: number;
  height: number;
}

/**
 * The size of a `width` x `height` image scaled down so its longest side is at most `max`,
 * keeping the aspect ratio. Never scales up; sides are whole pixels, at least 1.
 */
export function fitWithin(width: number, height: number, max: number): Size {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const scale = max / longest;
  return {
    width: width >= height ? max : Math.max(1, Math.round(width * scale)),
    height: height >= width ? max : Math.max(1, Math.round(height * scale)),
  };
}
