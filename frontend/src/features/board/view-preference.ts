// The board view a user chose, remembered per project in local storage. Until they choose, the
// screen decides: the spec's Spreadsheet on wider screens, the task list (one card row per task,
// components/task-rows-view.tsx) below NARROW_QUERY, where a seven-column table cannot be read.
// The Timeline (issue 33, features/schedule) is offered at every width: below NARROW_QUERY it shows
// its agenda (late, this week, the next two weeks) instead of the day scale.
export type BoardView = 'kanban' | 'spreadsheet' | 'rows' | 'timeline';

export const DEFAULT_VIEW: BoardView = 'spreadsheet';

/** The default below NARROW_QUERY. */
export const NARROW_DEFAULT_VIEW: BoardView = 'rows';

/** Screens where the task list is the default view (and offered as a choice). */
export const NARROW_QUERY = '(max-width: 600px)';

export const viewStorageKey = (projectId: number) => `board-view:${projectId}`;

const isView = (value: unknown): value is BoardView =>
  value === 'kanban' || value === 'spreadsheet' || value === 'rows' || value === 'timeline';

/** The view the user chose for this project, or null while they have not chosen. */
export function readStoredView(projectId: number): BoardView | null {
  try {
    const stored = window.localStorage.getItem(viewStorageKey(projectId));
    return isView(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The view a project's board opens in: the user's choice, else the screen's default. A wide screen
 * shows the task list's choice as the spreadsheet (its columns fit there).
 */
export function viewFor(stored: BoardView | null, narrow: boolean): BoardView {
  if (narrow) return stored ?? NARROW_DEFAULT_VIEW;
  return stored === null || stored === 'rows' ? DEFAULT_VIEW : stored;
}

/** The view on a wide screen (the spec's default until the user chooses). */
export function readView(projectId: number): BoardView {
  return viewFor(readStoredView(projectId), false);
}

export function saveView(projectId: number, view: BoardView) {
  try {
    window.localStorage.setItem(viewStorageKey(projectId), view);
  } catch {
    /* storage unavailable: the choice lasts for this page */
  }
}
