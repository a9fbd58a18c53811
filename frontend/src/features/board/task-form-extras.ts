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
