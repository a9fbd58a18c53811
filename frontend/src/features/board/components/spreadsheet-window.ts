// Which rows of a big sheet are rendered: @tanstack/react-virtual's window virtualizer (the page
// scrolls, not the table), drawn by spreadsheet-view.tsx as the rows near the viewport between two
// spacer rows, so the table keeps its columns, its sticky top bar above and its tab order.
import { useCallback, useLayoutEffect, useState } from 'react';
import { measureElement, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';

/**
 * A row's least height (board-layout.css `.sheet-table td`): the estimate until a row is measured
 * (a row with its inputs measures a little more, about 52 px in Chromium; each rendered row is
 * measured, and the spacer rows follow).
 */
export const ROW_HEIGHT = 49;
/** Up to this many rows, every row is rendered (find in page, no spacer rows). */
export const WINDOW_THRESHOLD = 200;
/** Rows rendered above and below the viewport: Tab reaches them before they scroll into view. */
export const OVERSCAN = 20;

export interface SheetWindow {
  /** The indexes of the rows rendered, in order. */
  indexes: number[];
  /** Heights of the spacer rows standing for the rows not rendered, above and below. */
  before: number;
  after: number;
  /** The ref a rendered row passes to its `<tr data-index>` (measured as laid out); none when every row is rendered. */
  measure: ((row: HTMLTableRowElement | null) => void) | undefined;
}

// A row's height as laid out; where nothing is laid out (jsdom) the fixed height.
const measureRow = (
  row: HTMLTableRowElement,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<Window, HTMLTableRowElement>,
) => measureElement(row, entry, instance) || ROW_HEIGHT;

const viewport = () =>
  typeof window === 'undefined'
    ? { width: 1024, height: ROW_HEIGHT * 20 }
    : { width: window.innerWidth, height: window.innerHeight };

/**
 * Where the sheet's first row is on the page (the virtualizer's `scrollMargin`): read when the
 * page's height changes (a banner, the summary above, rows rendered), which a ResizeObserver also
 * reports once when it starts.
 */
function useTopOnPage(body: React.RefObject<HTMLTableSectionElement | null>, enabled: boolean) {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    if (!enabled || typeof ResizeObserver === 'undefined') return;
    const read = () => {
      const el = body.current;
      if (el) setTop(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    const observer = new ResizeObserver(read);
    observer.observe(document.body);
    window.addEventListener('resize', read);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', read);
    };
  }, [body, enabled]);
  return top;
}

/**
 * Keeps a 1,000-task sheet fast: beyond WINDOW_THRESHOLD rows only those near the viewport (and
 * OVERSCAN on each side) are rendered. `keyOf` names a row (the task id), so a row's measured
 * height follows it when the sheet is sorted.
 */
export function useSheetWindow(
  count: number,
  keyOf: (index: number) => number,
  body: React.RefObject<HTMLTableSectionElement | null>,
): SheetWindow {
  const windowed = count > WINDOW_THRESHOLD;
  const scrollMargin = useTopOnPage(body, windowed);
  const virtualizer = useWindowVirtualizer<HTMLTableRowElement>({
    count,
    enabled: windowed,
    estimateSize: useCallback(() => ROW_HEIGHT, []),
    getItemKey: keyOf,
    measureElement: measureRow,
    overscan: OVERSCAN,
    scrollMargin,
    // The first range is the one for the window as it is (no second render of the sheet).
    initialRect: viewport(),
    // Scrolling re-renders in React's own time: the overscan covers a fast scroll.
    useFlushSync: false,
  });
  if (!windowed)
    return { indexes: Array.from({ length: count }, (_, i) => i), before: 0, after: 0, measure: undefined };
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  return {
    indexes: items.map((item) => item.index),
    before: first ? Math.max(0, first.start - scrollMargin) : 0,
    after: last ? Math.max(0, virtualizer.getTotalSize() - (last.end - scrollMargin)) : 0,
    measure: virtualizer.measureElement,
  };
}
