import { useCallback, useEffect, useState } from 'react';
import type { Task } from '../types';

export interface BoardDialogs {
  /** The task form: undefined while closed, null for a new task, else the task opened. */
  editing: Task | null | undefined;
  openTask: (task: Task) => void;
  newTask: () => void;
  closeTask: () => void;
  budgetOpen: boolean;
  openBudget: () => void;
  closeBudget: () => void;
  /** The task whose delete waits for the user's confirmation. */
  confirmDelete: Task | null;
  askDelete: (task: Task) => void;
  cancelDelete: () => void;
  /** Confirmed: the task form and the question close; returns the task to delete. */
  confirmDeleteNow: () => Task | null;
}

/** Which of the board's dialogs is open (the Paid dialog is use-board-moves.ts's). */
export function useBoardDialogs(): BoardDialogs {
  const [editing, setEditing] = useState<Task | null | undefined>(undefined);
  const [budgetOpen, setBudgetOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<Task | null>(null);
  const openTask = useCallback((task: Task) => setEditing(task), []);
  const newTask = useCallback(() => setEditing(null), []);
  const closeTask = useCallback(() => setEditing(undefined), []);
  const openBudget = useCallback(() => setBudgetOpen(true), []);
  const closeBudget = useCallback(() => setBudgetOpen(false), []);
  const askDelete = useCallback((task: Task) => setConfirmDelete(task), []);
  const cancelDelete = useCallback(() => setConfirmDelete(null), []);
  const confirmDeleteNow = () => {
    const task = confirmDelete;
    setConfirmDelete(null);
    if (task) setEditing(undefined);
    return task;
  };
  return {
    editing,
    openTask,
    newTask,
    closeTask,
    budgetOpen,
    openBudget,
    closeBudget,
    confirmDelete,
    askDelete,
    cancelDelete,
    confirmDeleteNow,
  };
}

/** Loads `preload` (code the first paint does not need) once the page has painted and the browser is idle. */
export function useIdlePreload(preload: () => void) {
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(preload, 500);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(preload, { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, [preload]);
}
