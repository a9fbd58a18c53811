import { useLayoutEffect } from 'react';

// User Timing marks around the board's render, read by the e2e perf journey
// (e2e/perf.spec.mjs) and visible in the browser's performance panel:
//   board:data                 the tasks answer arrived (parsed)
//   board:mount                the board page mounted (the answer may be in already: it is
//                              prefetched with the page's code, src/app/route-prefetch.ts)
//   board:view                 the user switched views
//   board:render:<view>        measure: data or mount, whichever is later (or view switch) -> first commit of that view
//   board:paint:<view>         measure: same start -> the next frame after that commit
const canMark = () => typeof performance !== 'undefined' && typeof performance.mark === 'function';

export function markBoardData() {
  if (canMark()) performance.mark('board:data');
}

export function markBoardMount() {
  if (canMark()) performance.mark('board:mount');
}

export function markBoardViewSwitch() {
  if (canMark()) performance.mark('board:view');
}

function lastStart(...names: string[]): number | null {
  let best: number | null = null;
  for (const n of names) {
    const list = performance.getEntriesByName(n, 'mark');
    const t = list.length ? list[list.length - 1].startTime : null;
    if (t !== null && (best === null || t > best)) best = t;
  }
  return best;
}

/** Call in a board view: measures its first commit (and paint) after data arrived or the view was chosen. */
export function useBoardRenderMark(view: 'kanban' | 'spreadsheet') {
  useLayoutEffect(() => {
    if (!canMark()) return;
    const start = lastStart('board:data', 'board:mount', 'board:view');
    if (start === null) return;
    const commit = performance.now();
    performance.measure(`board:render:${view}`, { start, end: commit });
    requestAnimationFrame(() =>
      setTimeout(() => {
        performance.measure(`board:paint:${view}`, { start, end: performance.now() });
      }, 0),
    );
  }, [view]);
}
