import type { ReactNode } from 'react';
import { documentName } from '../../lib/task-documents';
import { ConfirmDialog } from './confirm-dialog';
import './item-section.css';

/**
 * Pieces of a section that lists items with per-item actions (the task form's Payments, Change
 * orders and Bids; the Money page's draws; the Compare bids page). Every button is
 * `type="button"`: the task form's sections sit inside the task's own form.
 */

/** The status line (read out, not shown) and the last error (shown, announced). */
export function SectionStatus({ status, error, errorTestId }: { status: string; error: string; errorTestId?: string }) {
  return (
    <>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {error && (
        <p className="form-error" role="alert" data-testid={errorTestId}>
          {error}
        </p>
      )}
    </>
  );
}

/** The section head's "Add …" button, with its plus. */
export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="btn btn-sm" onClick={onClick}>
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {children}
    </button>
  );
}

interface ItemDocumentProps {
  /** The id of the document the item points at, or null. */
  id: number | null;
  /** The task's documents (a signed link each). */
  documents: readonly { id: number; name: string; file: string }[];
  /** What the document is to the item, e.g. "Receipt": "Receipt: name", else "Receipt attached". */
  what: string;
}

/** The item's document: a link that opens it in a new tab, or that one is attached (not listed). */
export function ItemDocument({ id, documents, what }: ItemDocumentProps) {
  if (id === null) return null;
  const doc = documents.find((d) => d.id === id);
  return (
    <p className="item-doc">
      {doc ? (
        <a href={doc.file} target="_blank" rel="noopener noreferrer">
          {what}: {documentName(doc)}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        <span className="muted">{what} attached</span>
      )}
    </p>
  );
}

interface EditDeleteProps {
  /** Another action is out: the buttons stay focusable (aria-disabled) and do nothing. */
  waiting: boolean;
  /** The buttons' names, e.g. "Edit the bid of Acme" and "Delete the bid of Acme". */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** An item's Edit and Delete buttons (the last two of its actions). */
export function EditDeleteActions({ waiting, editLabel, deleteLabel, onEdit, onDelete }: EditDeleteProps) {
  return (
    <>
      <button
        type="button"
        className="btn btn-sm"
        aria-disabled={waiting || undefined}
        aria-label={editLabel}
        onClick={() => !waiting && onEdit()}
      >
        Edit
      </button>
      <button
        type="button"
        className="btn btn-sm btn-danger"
        aria-disabled={waiting || undefined}
        aria-label={deleteLabel}
        onClick={() => !waiting && onDelete()}
      >
        Delete
      </button>
    </>
  );
}

interface DeleteConfirmProps {
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** What goes, in words (a paragraph). */
  children: ReactNode;
}

/** Asks before an item is deleted: Cancel focused first, the confirm button red. */
export function DeleteConfirm({ title, confirmLabel, onConfirm, onCancel, children }: DeleteConfirmProps) {
  return (
    <ConfirmDialog title={title} confirmLabel={confirmLabel} danger onConfirm={onConfirm} onCancel={onCancel}>
      <p>{children}</p>
    </ConfirmDialog>
  );
}

interface ListStateProps {
  /** The query's state: loading, failed (with the reason) or read. */
  pending: boolean;
  failed: string | null;
  /** e.g. "Loading payments…", "The payments could not be loaded.", the empty list's words. */
  loading: string;
  failedPrefix: string;
  empty: ReactNode;
  isEmpty: boolean;
  /** The list itself, once there is one. */
  children: ReactNode;
}

/** The list's place: loading, the error, the empty list's words, or the list. */
export function ListState({ pending, failed, loading, failedPrefix, empty, isEmpty, children }: ListStateProps) {
  if (pending) return <p className="muted">{loading}</p>;
  if (failed !== null) {
    return (
      <p className="form-error" role="alert">
        {failedPrefix} {failed}
      </p>
    );
  }
  if (isEmpty) return <p className="muted">{empty}</p>;
  return <>{children}</>;
}
