import { preloadable } from '../../../lib/preloadable';

// The board's code that its first paint does not need. Each renders directly once loaded (no
// Suspense round, which React throttles to 300 ms); render them inside a Suspense boundary.

// dnd-kit comes with the Kanban view only: the default Spreadsheet view does not download or parse
// it. Prefetched when the user points at or focuses the View select (or opens a board whose
// remembered view is Kanban).
export const KanbanView = preloadable(() => import('./kanban-view').then((m) => ({ default: m.KanbanView })));

// The task form, the budget and "Enter Actual Cost" dialogs and the export open on a click: their
// code (a third of the board's) loads right after the board's first paint, not before it (issue 31:
// a phone on a slow network waited for it before the first task showed).
export const TaskFormModal = preloadable(() => import('./task-form-modal').then((m) => ({ default: m.TaskFormModal })));
export const BudgetSettingsModal = preloadable(() =>
  import('./budget-settings-modal').then((m) => ({ default: m.BudgetSettingsModal })),
);
export const PaidModal = preloadable(() => import('./paid-modal').then((m) => ({ default: m.PaidModal })));
export const loadExport = () => import('../export');

/** The dialogs' and the export's code, once the board has painted. */
export function preloadDialogs() {
  void Promise.all([TaskFormModal.preload(), BudgetSettingsModal.preload(), PaidModal.preload(), loadExport()]).catch(
    () => {},
  );
}
