import { useRef, useState } from 'react';
import { ApiError } from './api-client';

/** What a section says when the server was not reached (or failed with a 5xx). */
export const UNREACHABLE = 'The server could not be reached. Please try again.';

/** The server's own message for a refused request (4xx); the "not reached" sentence otherwise. */
export const reasonOf = (e: unknown) =>
  e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : UNREACHABLE;

interface Options {
  /** Logged with the error when an action fails (e.g. "Bid action failed"). */
  failure: string;
  /** After every action, success or not, before the buttons are usable again (e.g. a refresh). */
  settle?: () => unknown;
}

/**
 * The state a list of items with per-item actions keeps (the task form's Payments, Change orders
 * and Bids, the Compare bids page, the Money page's draws): the item whose action is out, the
 * status line and the error, the item asked about before it is deleted, and the section's title
 * (focused after a delete). While one action is out, the others wait: the buttons stay focusable
 * (aria-disabled) so that keyboard focus is not dropped when a button is pressed.
 */
export function useItemActions<T extends { id: number }>({ failure, settle }: Options) {
  const [busyId, setBusyId] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [confirmDelete, setConfirmDelete] = useState<T | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  const whenIdle = (fn: () => void) => () => {
    if (busyId === null) fn();
  };

  /** Runs one item's action: its status line when done, the server's reason when refused. */
  const run = async (item: T, action: () => Promise<unknown>, done: string) => {
    setBusyId(item.id);
    setError('');
    setStatus('');
    try {
      await action();
      setStatus(done);
    } catch (e) {
      console.error(failure, e);
      setError(reasonOf(e));
    } finally {
      await settle?.();
      setBusyId(null);
    }
  };

  /** The confirmed delete: the dialog closes, the action runs, the section's title takes focus. */
  const remove = async (item: T, action: () => Promise<unknown>, done: string) => {
    setConfirmDelete(null);
    await run(item, action, done);
    titleRef.current?.focus();
  };

  /** A form saved: its message in the status line, any earlier error gone. */
  const announce = (message: string) => {
    setError('');
    setStatus(message);
  };

  return {
    busyId,
    error,
    status,
    setError,
    setStatus,
    confirmDelete,
    setConfirmDelete,
    titleRef,
    whenIdle,
    run,
    remove,
    announce,
  };
}
