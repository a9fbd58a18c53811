import { useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toFormErrors } from '../../../lib/form-errors';
import { boardKeys, deleteDocument, renameDocument } from '../api';
import type { TaskDocument } from '../types';

function formatSize(bytes?: number) {
  if (bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const displayName = (d: TaskDocument) => d.name ?? d.file.split('/').pop()?.split('?')[0] ?? 'document';

interface Props {
  document: TaskDocument;
  taskId: number;
  /** The row is gone (deleted): the list moves focus somewhere sensible. */
  onRemoved: () => void;
  /** A viewer's task form (issue 35): the document opens, and is neither renamed nor deleted. */
  readOnly?: boolean;
}

type Mode = 'view' | 'rename' | 'confirm';

/** One uploaded document: open it, rename it, or delete it after a confirmation. */
export function DocumentRow({ document: doc, taskId, onRemoved, readOnly = false }: Props) {
  const qc = useQueryClient();
  const name = displayName(doc);
  const [mode, setMode] = useState<Mode>('view');
  const [draft, setDraft] = useState(name);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const renameRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<'rename' | 'delete' | null>(null);
  const key = boardKeys.documents(taskId);
  const errorId = `doc-${doc.id}-error`;

  // Focus follows the mode: into the name field, onto the confirmation, back to the button used.
  useLayoutEffect(() => {
    if (mode === 'rename') inputRef.current?.select();
    else if (mode === 'confirm') confirmRef.current?.focus();
    else if (returnTo.current === 'rename') renameRef.current?.focus();
    else if (returnTo.current === 'delete') deleteRef.current?.focus();
  }, [mode]);

  const leave = (from: 'rename' | 'delete') => {
    returnTo.current = from;
    setErrors([]);
    setMode('view');
  };

  const saveName = async () => {
    const next = draft.trim();
    if (next === name) {
      leave('rename');
      return;
    }
    setBusy(true);
    try {
      const updated = await renameDocument(doc.id, next);
      qc.setQueryData<TaskDocument[]>(key, (old) => old?.map((d) => (d.id === doc.id ? updated : d)));
      void qc.invalidateQueries({ queryKey: key });
      leave('rename');
    } catch (e) {
      console.error('Failed to rename document', e);
      const f = toFormErrors(e, ['name'], 'The document could not be renamed. Please try again.');
      setErrors(f.fields.name ?? [f.message]);
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await deleteDocument(doc.id);
      qc.setQueryData<TaskDocument[]>(key, (old) => old?.filter((d) => d.id !== doc.id));
      void qc.invalidateQueries({ queryKey: key });
      onRemoved();
    } catch (e) {
      console.error('Failed to delete document', e);
      const f = toFormErrors(e, [], 'The document could not be deleted. Please try again.');
      setErrors([f.message]);
      setBusy(false);
    }
  };

  if (mode === 'rename') {
    return (
      <li className="doc-row doc-row-edit">
        <label className="visually-hidden" htmlFor={`doc-${doc.id}-name`}>
          New name for {name}
        </label>
        <input
          ref={inputRef}
          id={`doc-${doc.id}-name`}
          className="doc-name-input"
          value={draft}
          maxLength={300}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={errors.length > 0 ? errorId : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            setErrors([]);
          }}
          onKeyDown={(e) => {
            // Enter renames; it must not submit the task form around it.
            if (e.key === 'Enter') {
              e.preventDefault();
              void saveName();
            }
          }}
        />
        <div className="doc-actions">
          <button type="button" className="btn btn-sm btn-primary" onClick={() => void saveName()} disabled={busy}>
            Save name
          </button>
          <button type="button" className="btn btn-sm" onClick={() => leave('rename')} disabled={busy}>
            Cancel
          </button>
        </div>
        {errors.length > 0 && (
          <small className="field-error doc-error" id={errorId} role="alert">
            {errors.join(' ')}
          </small>
        )}
      </li>
    );
  }

  if (mode === 'confirm') {
    return (
      <li className="doc-row doc-row-confirm">
        <span className="doc-confirm-text" id={`doc-${doc.id}-confirm`}>
          Delete <strong>{name}</strong>? This cannot be undone.
        </span>
        <div className="doc-actions">
          <button
            ref={confirmRef}
            type="button"
            className="btn btn-sm btn-danger-solid"
            aria-describedby={`doc-${doc.id}-confirm`}
            onClick={() => void remove()}
            disabled={busy}
          >
            Delete document
          </button>
          <button type="button" className="btn btn-sm" onClick={() => leave('delete')} disabled={busy}>
            Keep
          </button>
        </div>
        {errors.length > 0 && (
          <small className="field-error doc-error" role="alert">
            {errors.join(' ')}
          </small>
        )}
      </li>
    );
  }

  return (
    <li className="doc-row">
      <span className="doc-name">
        {name}
        {doc.size !== undefined && <small className="muted"> · {formatSize(doc.size)}</small>}
      </span>
      <div className="doc-actions">
        <button type="button" className="btn btn-sm" onClick={() => window.open(doc.file, '_blank', 'noopener')}>
          Download/View
        </button>
        {!readOnly && (
          <>
            <button
              ref={renameRef}
              type="button"
              className="btn btn-sm btn-quiet"
              aria-label={`Rename ${name}`}
              onClick={() => {
                setDraft(name);
                setMode('rename');
              }}
            >
              Rename
            </button>
            <button
              ref={deleteRef}
              type="button"
              className="btn btn-sm btn-quiet btn-quiet-danger"
              aria-label={`Delete ${name}`}
              onClick={() => setMode('confirm')}
            >
              Delete
            </button>
          </>
        )}
      </div>
    </li>
  );
}
