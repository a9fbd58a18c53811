import { useCallback, useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatMoney } from '../../../lib/format';
import { boardKeys, invalidateSummary, patchTask, recordTaskPayment } from '../api';
import type { Task, TaskPatch, TaskStatus } from '../types';
import { paymentsCents, toCents, toDollars } from '../money';
import { moveTask, patchTaskInList } from '../utils';
import { localToday } from '../../../lib/dates';

export const CONFETTI_OPTIONS = { particleCount: 100, spread: 70, origin: { y: 0.6 } } as const;

// canvas-confetti sets up a 2D canvas when its module is evaluated (~45 ms of main
// thread on a 4x-throttled phone, measured): it loads on first use, or ahead of it
// when the actual-cost prompt of a drop to Paid opens (preloadConfetti).
type Confetti = typeof import('canvas-confetti');
let confettiModule: Promise<Confetti> | null = null;
export function preloadConfetti(): Promise<Confetti> {
  confettiModule ??= import('canvas-confetti').then((m) => m.default);
  return confettiModule;
}

// The library's default instance draws in a Web Worker started from a `blob:` URL, which the
// page's Content-Security-Policy (worker-src falls back to script-src 'self') refuses: no
// confetti at all. This instance draws on the main thread, on a canvas the library adds to the
// page for the animation and removes after it. Nothing is drawn for readers who asked for
// reduced motion.
let cannon: ReturnType<Confetti['create']> | null = null;

export function celebrate() {
  preloadConfetti()
    .then((confetti) => {
      try {
        cannon ??= confetti.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true });
        void cannon(CONFETTI_OPTIONS);
      } catch {
        /* canvas unavailable */
      }
    })
    .catch(() => {
      confettiModule = null; /* chunk failed to load: no confetti this time */
    });
}

interface MoveVars {
  taskId: number;
  patch: TaskPatch;
  previous: Task[];
  failureMessage: string;
  celebrate: boolean;
  /** A payment to record once the move is saved (dollars), dated `paidOn`. */
  payment?: { amount: number; paidOn: string };
  handlers?: MoveHandlers;
}

/** What the caller of a move hears of its outcome (the Paid dialog stays open until then). */
export interface MoveHandlers {
  /** Saved (and its payment sent). */
  onSaved?: () => void;
  /** Refused or failed: true when the caller shows it (no banner then). The move is rolled back. */
  onFailed?: (error: unknown) => boolean;
}

/** Said when a move to Paid was saved but the payment of its difference was not. */
export const paymentFailedMessage = (amount: number) =>
  `Moved to Paid, but the ${formatMoney(amount)} payment could not be recorded: add it under the task's Payments.`;

/**
 * One PATCH per drop. The cache is written synchronously before the request
 * (no flicker), rolled back with the spec's banner message on failure and
 * re-synced with the server afterwards (tasks and money summary). A move to Paid may record a
 * payment (the difference between the actual cost and the payments, docs/money.md) once the
 * task update is saved: its failure does not undo the move, the banner says so.
 */
export function useMoveTask(projectId: number, onError: (message: string) => void) {
  const qc = useQueryClient();
  const key = useMemo(() => boardKeys.tasks(projectId), [projectId]);
  const { mutate } = useMutation({
    mutationFn: async (v: MoveVars) => {
      const saved = await patchTask(v.taskId, v.patch);
      if (v.payment) {
        try {
          await recordTaskPayment(v.taskId, v.payment.amount, v.payment.paidOn);
        } catch (e) {
          console.error(e);
          onError(paymentFailedMessage(v.payment.amount));
        }
      }
      return saved;
    },
    // Offline the write is queued (api.ts), not paused until the connection returns.
    networkMode: 'always',
    onSuccess: (_task, v) => {
      if (v.celebrate) celebrate();
      v.handlers?.onSaved?.();
    },
    onError: (error, v) => {
      console.error(error);
      qc.setQueryData(key, v.previous);
      if (!v.handlers?.onFailed?.(error)) onError(v.failureMessage);
    },
    // Tasks first: the summary's request waits for their refetch (api.ts).
    onSettled: (_task, _error, v) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: key }),
        invalidateSummary(qc, projectId),
        v.payment ? qc.invalidateQueries({ queryKey: boardKeys.payments(v.taskId) }) : undefined,
      ]),
  });

  return useCallback(
    /**
     * `payment`: with a move to Paid, the difference to record as a payment dated today (dollars);
     * `handlers`: told when the server answered (the Paid dialog waits for it).
     */
    (
      taskId: number,
      toStatus: TaskStatus,
      toIndex: number,
      actualCost?: number,
      payment?: number | null,
      handlers?: MoveHandlers,
    ) => {
      const previous = qc.getQueryData<Task[]>(key);
      if (!previous) {
        handlers?.onSaved?.();
        return;
      }
      const toPaidWithCost = actualCost !== undefined;
      const recording = toPaidWithCost && payment !== null && payment !== undefined && payment > 0;
      // Until the server answers, the board shows the payment as recorded too (its Paid and the
      // summary's payments follow at once).
      const moving = previous.find((t) => t.id === taskId);
      const changes: Partial<Task> = toPaidWithCost ? { actual_cost: actualCost } : {};
      if (recording && moving) {
        changes.payments_total = toDollars(paymentsCents(moving) + toCents(payment));
        changes.payment_count = (moving.payment_count ?? 0) + 1;
      }
      qc.setQueryData(key, moveTask(previous, taskId, toStatus, toIndex, changes));
      void qc.cancelQueries({ queryKey: key });
      const patch: TaskPatch = toPaidWithCost
        ? { status: 'Paid', actual_cost: actualCost, project: projectId, position: toIndex }
        : { status: toStatus, project: projectId, position: toIndex };
      mutate({
        taskId,
        patch,
        previous,
        failureMessage: toPaidWithCost ? 'Failed to update task with actual cost.' : 'Failed to update task status.',
        celebrate: toPaidWithCost,
        payment: recording ? { amount: payment, paidOn: localToday() } : undefined,
        handlers,
      });
    },
    [qc, key, projectId, mutate],
  );
}

/**
 * Inline spreadsheet edit: title, actual_cost, status. Failure is logged and rolled back; the
 * tasks and money summary are re-synced with the server afterwards.
 */
export function useInlineUpdate(projectId: number) {
  const qc = useQueryClient();
  const key = useMemo(() => boardKeys.tasks(projectId), [projectId]);
  const { mutate } = useMutation({
    mutationFn: (v: { taskId: number; patch: Pick<Task, 'title' | 'actual_cost' | 'status'>; previous: Task[] }) =>
      patchTask(v.taskId, v.patch),
    networkMode: 'always',
    onError: (error, v) => {
      console.error('Inline task update failed', error);
      qc.setQueryData(key, v.previous);
    },
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: key }), invalidateSummary(qc, projectId)]),
  });
  return useCallback(
    (task: Task, changes: Partial<Pick<Task, 'title' | 'actual_cost' | 'status'>>) => {
      const previous = qc.getQueryData<Task[]>(key);
      if (!previous) return;
      const patch = {
        title: changes.title ?? task.title,
        actual_cost: changes.actual_cost !== undefined ? changes.actual_cost : task.actual_cost,
        status: changes.status ?? task.status,
      };
      qc.setQueryData(key, patchTaskInList(previous, task.id, patch));
      void qc.cancelQueries({ queryKey: key });
      mutate({ taskId: task.id, patch, previous });
    },
    [qc, key, mutate],
  );
}
