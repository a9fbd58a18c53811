// The sheet's state: which edited cells are unsaved or refused (useSheetCells). Split from
// spreadsheet-view.tsx, which draws them; which rows of a big sheet are rendered is
// spreadsheet-window.ts.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { cellErrorMessage, type SheetField } from '../spreadsheet';
import type { Task } from '../types';

export type Changes = Partial<Pick<Task, 'title' | 'actual_cost' | 'status'>>;

/**
 * A cell the user changed that the board does not show as saved yet: `pending` while the request
 * is out, `error` when it was refused (the typed value stays in the cell with the reason).
 */
export interface CellState {
  field: SheetField;
  /** What the user typed (or chose). */
  value: string;
  status: 'pending' | 'error';
  message?: string;
  seq: number;
}

export const cellKey = (taskId: number, field: SheetField) => `${taskId}:${field}`;

export interface CellActions {
  /** Sends an edit; the cell shows `value` until it is saved or refused. */
  commit: (task: Task, field: SheetField, value: string, changes: Changes) => void;
  /** Marks a cell as refused before sending (a value that is not a number, a blank title). */
  refuse: (taskId: number, field: SheetField, value: string, message: string) => void;
  /** Forgets a cell's unsaved value and message (Escape, or the value is back to the saved one). */
  clear: (taskId: number, field: SheetField) => void;
}

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function';

type AnyMutation = ReturnType<ReturnType<QueryClient['getMutationCache']>['getAll']>[number];

/** The task id an inline-update mutation was sent for (its variables carry `taskId`). */
const mutationTaskId = (m: AnyMutation | undefined): unknown =>
  (m?.state.variables as { taskId?: unknown } | undefined)?.taskId;

interface Tracked {
  mutation: AnyMutation;
  taskId: number;
  field: SheetField;
  seq: number;
}

const FIELD_NAMES: Record<SheetField, string> = { title: 'Task', actual_cost: 'Your Cost', status: 'Status' };

/**
 * The unsaved cells of the sheet and the actions that change them. An edit is sent through
 * `onUpdate`; whether the server saved it is read from the promise `onUpdate` returns, or else
 * from the mutation `onUpdate` started (the board's inline-update mutation, whose variables name
 * the task): on success the cell shows the saved value again, on failure it keeps the typed
 * value with the server's reason (`ApiError.fields`), until Escape or a new edit.
 */
export function useSheetCells(onUpdate: (task: Task, changes: Changes) => void | Promise<unknown>) {
  const qc = useQueryClient();
  const [cells, setCells] = useState<Record<string, CellState>>({});
  const [announcement, setAnnouncement] = useState('');
  const seq = useRef(0);
  const tracked = useRef(new Map<string, Tracked>());
  const titles = useRef(new Map<number, string>());

  const settle = useCallback((taskId: number, field: SheetField, mySeq: number, error: unknown, ok: boolean) => {
    const key = cellKey(taskId, field);
    setCells((prev) => {
      const cell = prev[key];
      if (!cell || cell.seq !== mySeq) return prev; // a newer edit (or Escape) replaced it
      const next = { ...prev };
      if (ok) delete next[key];
      else next[key] = { ...cell, status: 'error', message: cellErrorMessage(error, field) };
      return next;
    });
    if (!ok) {
      const title = titles.current.get(taskId);
      setAnnouncement(
        `Not saved: ${FIELD_NAMES[field]}${title ? ` of ${title}` : ''}. ${cellErrorMessage(error, field)}`,
      );
    }
  }, []);

  useEffect(
    () =>
      qc.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated') return;
        const { status } = event.mutation.state;
        if (status !== 'success' && status !== 'error') return;
        for (const [key, t] of tracked.current) {
          if (t.mutation !== event.mutation) continue;
          tracked.current.delete(key);
          settle(t.taskId, t.field, t.seq, event.mutation.state.error, status === 'success');
        }
      }),
    [qc, settle],
  );

  const actions = useMemo<CellActions>(() => {
    const put = (taskId: number, cell: CellState) =>
      setCells((prev) => ({ ...prev, [cellKey(taskId, cell.field)]: cell }));
    return {
      commit: (task, field, value, changes) => {
        const mySeq = ++seq.current;
        const key = cellKey(task.id, field);
        tracked.current.delete(key);
        titles.current.set(task.id, task.title);
        put(task.id, { field, value, status: 'pending', seq: mySeq });
        const cache = qc.getMutationCache();
        const before = cache.getAll().at(-1);
        let result: unknown;
        try {
          result = onUpdate(task, changes);
        } catch (e) {
          settle(task.id, field, mySeq, e, false);
          return;
        }
        if (isThenable(result)) {
          result.then(
            () => settle(task.id, field, mySeq, null, true),
            (e: unknown) => settle(task.id, field, mySeq, e, false),
          );
          return;
        }
        const started = cache.getAll().at(-1);
        if (started && started !== before && mutationTaskId(started) === task.id) {
          tracked.current.set(key, { mutation: started, taskId: task.id, field, seq: mySeq });
        } else {
          // Nothing to follow: show what the board shows.
          settle(task.id, field, mySeq, null, true);
        }
      },
      refuse: (taskId, field, value, message) => {
        tracked.current.delete(cellKey(taskId, field));
        put(taskId, { field, value, status: 'error', message, seq: ++seq.current });
      },
      clear: (taskId, field) => {
        const key = cellKey(taskId, field);
        tracked.current.delete(key);
        setCells((prev) => {
          if (!(key in prev)) return prev;
          const next = { ...prev };
          delete next[key];
          return next;
        });
      },
    };
  }, [qc, onUpdate, settle]);

  return { cells, actions, announcement };
}
