import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { formatIsoDay, isDateOutOfRange, MSG_DATE_OUT_OF_RANGE } from '../../lib/format';
import { FieldError } from '../ui/form-field';
import { useAppFormContext } from './app-form';
import { describe, useFieldErrors } from './field';
import './date-list.css';

interface Props {
  /** The value's name: an array of YYYY-MM-DD days, kept sorted, each once. */
  name: string;
  /** Names the message (`<id>-error`) and the date box (`<id>-new`). */
  id: string;
  legend: string;
  /** The date box's label, e.g. "Add a day off". */
  addLabel: string;
  /** The empty list's words. */
  empty: string;
  hint?: string;
  className?: string;
}

/**
 * A list of calendar days in a form kit form (a project's non-working days): a date box with its
 * Add button (Enter in the box adds too, it never submits the form), then each day with its
 * Remove button. A day already listed is not added twice; a year the date box lets through but
 * the server refuses is said beside the box. The server's messages for the list show under it.
 */
export function DateList({ name, id, legend, addLabel, empty, hint, className }: Props) {
  const { field } = useController({ name });
  const { clearErrors } = useFormContext();
  const { clearOnEdit } = useAppFormContext();
  const errors = useFieldErrors(name);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState('');
  const [said, setSaid] = useState('');
  const boxRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const days = (Array.isArray(field.value) ? field.value : []) as string[];
  const hintId = hint ? `${id}-hint` : undefined;
  const boxId = `${id}-new`;

  const change = (next: string[]) => {
    field.onChange(next);
    if (clearOnEdit) clearErrors(name);
  };
  const add = () => {
    const day = draft.trim();
    if (day === '') {
      setProblem('Choose a date to add.');
      boxRef.current?.focus();
      return;
    }
    if (isDateOutOfRange(day)) {
      setProblem(MSG_DATE_OUT_OF_RANGE);
      return;
    }
    setProblem('');
    setDraft('');
    if (days.includes(day)) {
      setSaid(`${formatIsoDay(day)} is already listed.`);
      return;
    }
    change([...days, day].sort());
    setSaid(`${formatIsoDay(day)} added.`);
  };
  const remove = (day: string) => {
    change(days.filter((d) => d !== day));
    setSaid(`${formatIsoDay(day)} removed.`);
    boxRef.current?.focus();
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  const aria = describe(errors, `${id}-error`, hintId);
  const boxAria = describe(problem ? [problem] : undefined, `${boxId}-error`, hintId);

  return (
    <fieldset
      className={['date-list', className].filter(Boolean).join(' ')}
      aria-describedby={aria['aria-describedby']}
      data-invalid={aria['aria-invalid']}
    >
      <legend>{legend}</legend>
      <div className="date-list-add">
        <label htmlFor={boxId}>{addLabel}</label>
        <div className="date-list-row">
          <input
            ref={boxRef}
            id={boxId}
            type="date"
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setProblem('');
            }}
            onKeyDown={onKey}
            {...boxAria}
          />
          <button type="button" className="btn btn-sm" onClick={add}>
            Add
          </button>
        </div>
        {problem && (
          <small className="field-error" id={`${boxId}-error`}>
            {problem}
          </small>
        )}
      </div>
      {hint && (
        <small className="hint" id={hintId}>
          {hint}
        </small>
      )}
      {days.length === 0 ? (
        <p className="muted date-list-empty">{empty}</p>
      ) : (
        <ul className="date-list-items" id={listId} aria-label={legend}>
          {days.map((d) => (
            <li key={d}>
              <span>{formatIsoDay(d)}</span>
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                aria-label={`Remove ${formatIsoDay(d)}`}
                onClick={() => remove(d)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {said}
      </p>
      <FieldError id={id} errors={errors} />
    </fieldset>
  );
}
