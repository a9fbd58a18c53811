// The board view a user chose, remembered per project in local storage (the spec's default,
// Spreadsheet, until they choose).
export type BoardView = 'kanban' | 'spreadsheet';

export const DEFAULT_VIEW: BoardView = 'spreadsheet';

export const viewStorageKey = (projectId: number) => `board-view:${projectId}`;

export function readView(projectId: number): BoardView {
  try {
    const stored = window.localStorage.getItem(viewStorageKey(projectId));
    return stored === 'kanban' || stored === 'spreadsheet' ? stored : DEFAULT_VIEW;
  } catch {
    return DEFAULT_VIEW;
  }
}

export function saveView(projectId: number, view: BoardView) {
  try {
    window.localStorage.setItem(viewStorageKey(projectId), view);
  } catch {
    /* storage unavailable: the choice lasts for this page */
  }
}
