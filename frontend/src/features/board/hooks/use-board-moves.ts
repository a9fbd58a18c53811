// A task's moves on the board and the "Enter Actual Cost" dialog a move to Paid opens: a drop on
// the Paid column, the Move to menu, the spreadsheet's status cell. The moves themselves are
// use-board.ts's mutations (optimistic, rolled back on failure, queued offline through api.ts).
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toFormErrors } from '../../../lib/form-errors';
import { boardKeys } from '../api';
import type { BoardProject, ProjectSummary, Task, TaskStatus } from '../types';
import { columnTasks, paidPrefill, type PaidPrefill } from '../utils';
import { preloadConfetti, useInlineUpdate, useMoveTask } from './use-board';
import { UNREACHABLE } from './use-board-writes';

/** A move to Paid waiting for its actual cost (the dialog is open). */
export interface PaidDrop {
  taskId: number;
  index: number;
  /** Puts the card (or the status cell) back as it was shown before the dialog. */
  restore: () => void;
  /** The task as the board had it when the dialog opened (its payments). */
  task: Task | undefined;
  prefill: PaidPrefill;
}

interface PaidSave {
  drop: PaidDrop;
  actualCost: number;
  payment: number | null;
}

/** The server's reason for refusing the actual cost (400 with the field named), if that is why. */
export const refusedCost = (error: unknown): string | undefined =>
  toFormErrors(error, ['actual_cost'], UNREACHABLE).fields.actual_cost?.join(' ');

type Changes = Partial<Pick<Task, 'title' | 'actual_cost' | 'status'>>;

const noop = () => {};

/**
 * The board's moves. `summary`: the latest figures, for the Paid dialog's pre-filled cost (read
 * when it opens).
 */
export function useBoardMoves(projectId: number, summary: ProjectSummary, onBanner: (message: string) => void) {
  const qc = useQueryClient();
  const move = useMoveTask(projectId, onBanner);
  const inlineUpdate = useInlineUpdate(projectId);
  const [drop, setDrop] = useState<PaidDrop | null>(null);
  const summaryRef = useRef(summary);
  useLayoutEffect(() => {
    summaryRef.current = summary;
  }, [summary]);

  // The dialog stays open until the server answers (`isPending` is its busy state): an actual cost
  // it refuses is said beside the field, the card back where it was; other failures close it with
  // the banner (useMoveTask's).
  const close = (taskId: number) => setDrop((current) => (current?.taskId === taskId ? null : current));
  const save = useMutation({
    mutationFn: ({ drop: d, actualCost, payment }: PaidSave) =>
      new Promise<void>((resolve, reject) =>
        move(d.taskId, 'Paid', d.index, actualCost, payment, {
          onSaved: resolve,
          onFailed: (error) => {
            reject(error instanceof Error ? error : new Error(String(error)));
            return refusedCost(error) !== undefined; // said beside the field: no banner
          },
        }),
      ),
    networkMode: 'always',
    onSuccess: (_saved, { drop: d }) => {
      d.restore();
      close(d.taskId);
    },
    onError: (error, { drop: d }) => {
      if (refusedCost(error) !== undefined) return;
      d.restore();
      close(d.taskId);
    },
  });
  const { reset } = save;

  const askPaid = useCallback(
    (taskId: number, index: number, restore: () => void) => {
      void preloadConfetti().catch(() => {});
      const task = qc.getQueryData<Task[]>(boardKeys.tasks(projectId))?.find((t) => t.id === taskId);
      const area = qc.getQueryData<BoardProject>(boardKeys.project(projectId))?.square_footage ?? null;
      reset();
      setDrop({ taskId, index, restore, task, prefill: paidPrefill(task, area, summaryRef.current) });
    },
    [qc, projectId, reset],
  );
  const moveTo = useCallback(
    (task: Task, status: TaskStatus) => {
      if (status === task.status) return;
      const all = qc.getQueryData<Task[]>(boardKeys.tasks(projectId)) ?? [];
      const index = columnTasks(all, status).length; // to the end of that column
      if (status === 'Paid') askPaid(task.id, index, noop);
      else move(task.id, status, index);
    },
    [qc, projectId, askPaid, move],
  );
  // The spreadsheet's status: to Paid asks for the actual cost as a drop does (and may record the
  // difference as a payment); the cell shows the saved status once the dialog is closed.
  const sheetUpdate = useCallback(
    (task: Task, changes: Changes) => {
      if (changes.status !== 'Paid' || task.status === 'Paid') return inlineUpdate(task, changes);
      const all = qc.getQueryData<Task[]>(boardKeys.tasks(projectId)) ?? [];
      const index = columnTasks(all, 'Paid').length;
      return new Promise<void>((resolve) => askPaid(task.id, index, resolve));
    },
    [qc, projectId, askPaid, inlineUpdate],
  );

  const saving = save.isPending && save.variables?.drop === drop;
  const error = save.isError && save.variables?.drop === drop ? (refusedCost(save.error) ?? null) : null;
  const paid = drop && {
    drop,
    saving,
    /** The server's message for the actual cost it refused. */
    error,
    save: (actualCost: number, payment: number | null) => {
      if (!saving) save.mutate({ drop, actualCost, payment });
    },
    cancel: () => {
      drop.restore();
      setDrop(null);
    },
    /** The value changed: the server's message goes. */
    edited: () => {
      if (error) reset();
    },
  };

  return { move, askPaid, moveTo, sheetUpdate, paid };
}
