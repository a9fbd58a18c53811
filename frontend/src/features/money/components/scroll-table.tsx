import type { ReactNode } from 'react';

/**
 * A table's horizontal scroller (phones). It is focusable so that keyboard users can scroll a
 * table without links or buttons in it (axe `scrollable-region-focusable`), and named, as a
 * focusable region must be.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard
    <div className="table-wrap" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
