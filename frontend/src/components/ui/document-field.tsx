import { useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  DOCUMENT_ACCEPT,
  documentProblem,
  taskDocumentsKey,
  uploadFailure,
  uploadTaskDocument,
} from '../../lib/task-documents';

/** A document of the task as the pickers show it. */
export interface DocumentOption {
  id: number;
  name: string;
  /** Signed download URL. */
  file: string;
}

export interface DocumentFieldProps {
  /** The task the documents belong to (an upload goes to it). */
  taskId: number;
  id: string;
  name: string;
  /** The picker's label, e.g. "Receipt". */
  label: string;
  /** The file input's label, e.g. "Upload a new receipt". */
  uploadLabel: string;
  /** What the document is, in a sentence: "the receipt", "the bid's PDF". */
  what: string;
  /** The chosen document id as a string, '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The task's uploaded documents. */
  documents: readonly DocumentOption[];
  nameOf: (document: DocumentOption) => string;
  /** The "none" choice, e.g. "No receipt". */
  emptyLabel: string;
  hintId: string;
  /** `aria-invalid` / `aria-describedby` from the form (its error id and `hintId`). */
  describedBy: { 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** The field's error message element, if any. */
  error: ReactNode;
  /** Told while a file is on its way (the form waits before it saves). */
  onUploading?: (uploading: boolean) => void;
}

/**
 * Picks one of a task's documents (a bid's PDF, a payment's receipt, a signed change order), or
 * uploads a new one to the task on the spot (`POST /api/documents/`, the same as the task's
 * Documents), which is then chosen: the money forms never send the user away to attach a file.
 */
export function DocumentField(props: DocumentFieldProps) {
  const { taskId, id, name, label, value, onChange, documents, nameOf, emptyLabel, hintId, what } = props;
  const qc = useQueryClient();
  const fileRef = useRef<HTMLInputElement>(null);
  /** Uploaded here: listed at once, before the task's list is read again. */
  const [added, setAdded] = useState<DocumentOption[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const options = [...documents, ...added.filter((a) => !documents.some((d) => d.id === a.id))];
  const uploadId = `${id}-upload`;
  const problemId = `${uploadId}-error`;

  const send = async (file: File | undefined) => {
    setProblem('');
    setDone('');
    if (!file) return;
    const refused = documentProblem(file);
    if (refused) {
      setProblem(`${file.name}: ${refused}`);
      return;
    }
    setProgress(0);
    props.onUploading?.(true);
    try {
      const doc = await uploadTaskDocument(taskId, file, setProgress);
      setAdded((a) => [...a, doc]);
      onChange(String(doc.id));
      setDone(`${nameOf(doc)} uploaded to the task and chosen.`);
      if (fileRef.current) fileRef.current.value = '';
      void qc.invalidateQueries({ queryKey: taskDocumentsKey(taskId) });
    } catch (err) {
      console.error(`Failed to upload ${file.name}`, err);
      setProblem(`${file.name}: ${uploadFailure(err)}`);
    } finally {
      setProgress(null);
      props.onUploading?.(false);
    }
  };

  return (
    <>
      <div className="field span-2">
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          name={name}
          value={value}
          disabled={options.length === 0 && value === ''}
          onChange={(e) => onChange(e.target.value)}
          {...props.describedBy}
        >
          <option value="">{emptyLabel}</option>
          {options.map((d) => (
            <option key={d.id} value={d.id}>
              {nameOf(d)}
            </option>
          ))}
        </select>
        {props.error}
        <small className="hint" id={hintId}>
          {options.length === 0
            ? `This task has no documents yet: upload ${what} below.`
            : `One of the documents of this task, or upload ${what} below.`}
        </small>
      </div>
      <div className="field span-2 document-upload">
        <label htmlFor={uploadId}>{props.uploadLabel}</label>
        <input
          id={uploadId}
          ref={fileRef}
          name={`${name}_file`}
          type="file"
          accept={DOCUMENT_ACCEPT}
          disabled={progress !== null}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[problem ? problemId : null, `${uploadId}-hint`].filter(Boolean).join(' ')}
          onChange={(e) => void send(e.target.files?.[0])}
        />
        {problem && (
          <small className="field-error" id={problemId}>
            {problem}
          </small>
        )}
        <small className="hint" id={`${uploadId}-hint`}>
          PDF, image, text, Word or Excel, up to 25 MB. It is added to the task&apos;s documents.
        </small>
        {progress !== null && (
          <progress max={1} value={progress} aria-label={`Uploading ${what}`}>
            {Math.round(progress * 100)}%
          </progress>
        )}
        <p className="document-upload-status" role="status">
          {done}
        </p>
      </div>
    </>
  );
}
