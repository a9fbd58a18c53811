import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import type { TimelineTask } from './types';

interface Props {
  tasks: readonly TimelineTask[];
  /** Sets the task's duration (working days); rejects with the server's refusal. */
  onSetDuration: (taskId: number, days: number) => Promise<unknown>;
}

const MSG_DAYS = 'Enter a whole number of working days from 0 to 1000.';

/** One task without a duration: a number of working days and a button to place it on the timeline. */
function UnscheduledTask({ task, onSetDuration }: { task: TimelineTask } & Pick<Props, 'onSetDuration'>) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const days = Number(value);
    if (value.trim() === '' || !Number.isInteger(days) || days < 0 || days > 1000) {
      setError(MSG_DAYS);
      document.getElementById(`${id}-days`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSetDuration(task.id, days);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields?.duration_days : undefined;
      setError(fields?.join(' ') ?? (err instanceof Error ? err.message : 'The duration could not be saved.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="tl-unscheduled-item">
      <span className="tl-unscheduled-title" id={`${id}-title`}>
        {task.title}
      </span>
      <form className="tl-duration-form" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={`${id}-days`}>Working days</label>
        <input
          id={`${id}-days`}
          name="duration_days"
          type="number"
          inputMode="numeric"
          min={0}
          max={1000}
          step={1}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby={error ? `${id}-title ${id}-error` : `${id}-title`}
          aria-invalid={error ? true : undefined}
        />
        <button type="submit" className="btn btn-sm" disabled={busy} aria-describedby={`${id}-title`}>
          {busy ? 'Saving…' : 'Set duration'}
        </button>
        {error && (
          <p className="field-error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </form>
    </li>
  );
}

/** The tasks without a duration, listed under the chart (or the agenda) with a way to give them one. */
export function TimelineUnscheduled({ tasks, onSetDuration }: Props) {
  if (tasks.length === 0) return null;
  return (
    <section className="tl-unscheduled" aria-labelledby="tl-unscheduled-heading">
      <h2 id="tl-unscheduled-heading">Not on the timeline yet</h2>
      <p className="hint">A task is placed once it has a duration in working days (0 for a milestone).</p>
      <ul>
        {tasks.map((t) => (
          <UnscheduledTask key={t.id} task={t} onSetDuration={onSetDuration} />
        ))}
      </ul>
    </section>
  );
}
