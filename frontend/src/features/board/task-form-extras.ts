import { createContext, use, type ReactNode } from 'react';
import type { Task } from './types';

export interface TaskFormExtrasProps {
  task: Task;
  projectId: number;
  /** The status the form holds now (the first payment on a task in To Do offers to move it). */
  status?: Task['status'];
  /** Moves the task to In Progress as the board does, and the form follows. */
  onMoveToInProgress?: () => void;
}

/**
 * What other features add to the task form in edit mode, below its documents (the Bids section),
 * as a function returning an element. Features do not import each other: src/app provides it
 * (app/routes/board.tsx).
 */
export const TaskFormExtras = createContext<((props: TaskFormExtrasProps) => ReactNode) | null>(null);

/** The renderer of what goes below the task form's documents, or null. */
export const useTaskFormExtras = () => use(TaskFormExtras);

/**
 * What other features show beside the budget summary (issue 33: the schedule's finish, its
 * variance and the slip's cost), as a function of the summary's layout (`compact`: the phone
 * strip's details). Composed in src/app (app/routes/board.tsx), loaded after the board's first
 * paint.
 */
export const BudgetSummaryExtras = createContext<((props: { compact: boolean }) => ReactNode) | null>(null);

/** The renderer of what goes beside the budget summary, or null. */
export const useBudgetSummaryExtras = () => use(BudgetSummaryExtras);

/** One more item of the board's Export menu (issue 33: the schedule's CSV and PDF). */
export interface ExportMenuItem {
  label: string;
  /** Builds and saves the file; rejects when it could not (the menu says so). */
  run: (projectId: number) => Promise<void>;
}

/** What other features add to the board's Export menu, after its CSV and PDF (src/app provides it). */
export const ExportMenuExtras = createContext<readonly ExportMenuItem[]>([]);

export const useExportMenuExtras = () => use(ExportMenuExtras);
