import type { ReactNode } from 'react';

interface Props<D extends { id: number }> {
  id: string;
  name: string;
  label: string;
  /** The chosen document id as a string, '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The task's uploaded documents. */
  documents: readonly D[];
  nameOf: (document: D) => string;
  /** The "none" choice, e.g. "No receipt". */
  emptyLabel: string;
  /** The hint shown while the task has no documents, and once it has some. */
  missingHint: string;
  presentHint: string;
  hintId: string;
  /** `aria-invalid` / `aria-describedby` from the form (its error id and `hintId`). */
  describedBy: { 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** The field's error message element, if any. */
  error: ReactNode;
}

/**
 * Picks one of a task's uploaded documents (a bid's PDF, a payment's receipt, a signed change
 * order): the forms that attach a document to something on a task share it.
 */
export function TaskDocumentSelect<D extends { id: number }>(props: Props<D>) {
  const { id, name, label, value, onChange, documents, nameOf, emptyLabel, hintId } = props;
  return (
    <div className="field span-2">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={documents.length === 0 && value === ''}
        onChange={(e) => onChange(e.target.value)}
        {...props.describedBy}
      >
        <option value="">{emptyLabel}</option>
        {documents.map((d) => (
          <option key={d.id} value={d.id}>
            {nameOf(d)}
          </option>
        ))}
      </select>
      {props.error}
      <small className="hint" id={hintId}>
        {documents.length === 0 ? props.missingHint : props.presentHint}
      </small>
    </div>
  );
}
