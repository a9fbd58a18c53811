import { useId, type ComponentProps, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Field, MoneyInput } from '../../../components/form';
import { pricingLabel } from '../range-display';
import type { ShownPrediction } from '../money';
import { isDateOutOfRange, MSG_DATE_OUT_OF_RANGE } from '../../../lib/format';
import { STATUSES, type MaterialQuality, type TaskSchedule, type TaskStatus } from '../types';
import { basisHint, PredictionFigure } from './prediction';

// Parts of the task form (task-form-modal.tsx): its fields, its upload list and its prediction hint.

/** The task form's values, as typed. */
export interface TaskValues {
  title: string;
  description: string;
  material_quality: MaterialQuality;
  status: TaskStatus;
  actual_cost: string;
  due_date: string;
  /** Issue 33: the schedule's fields, as typed ('' for none). */
  planned_start: string;
  duration_days: string;
  actual_start: string;
  actual_finish: string;
}

/** The schedule's fields of a task (issue 33), as the server names them. */
export const SCHEDULE_FIELDS = ['planned_start', 'duration_days', 'actual_start', 'actual_finish'] as const;

export const MSG_DURATION = 'Enter a whole number of working days from 0 to 1000.';
export const MSG_FINISH_BEFORE_START = 'The actual finish cannot be before the actual start.';

/** The schedule fields' text for the form: '' for none. */
export function scheduleValues(task: TaskSchedule | null | undefined) {
  return {
    planned_start: task?.planned_start ?? '',
    duration_days: task?.duration_days === null || task?.duration_days === undefined ? '' : String(task.duration_days),
    actual_start: task?.actual_start ?? '',
    actual_finish: task?.actual_finish ?? '',
  };
}

/**
 * The form's checks of the schedule fields, in its words: a duration that is not a whole number
 * of days from 0 to 1000 (letters in the box: `badInput`), a date the server would refuse, an
 * actual finish before the actual start.
 */
export function checkSchedule(
  values: Pick<TaskValues, (typeof SCHEDULE_FIELDS)[number]>,
  durationBadInput = false,
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const duration = values.duration_days.trim();
  if (durationBadInput || (duration !== '' && !/^\d{1,4}$/.test(duration)) || Number(duration) > 1000) {
    problems.duration_days = [MSG_DURATION];
  }
  for (const name of ['planned_start', 'actual_start', 'actual_finish'] as const) {
    if (isDateOutOfRange(values[name])) problems[name] = [MSG_DATE_OUT_OF_RANGE];
  }
  if (
    !problems.actual_finish &&
    values.actual_start !== '' &&
    values.actual_finish !== '' &&
    values.actual_finish < values.actual_start
  ) {
    problems.actual_finish = [MSG_FINISH_BEFORE_START];
  }
  return problems;
}

/** The schedule fields for the request: blanks as null, the duration as a number. */
export function schedulePayload(values: Pick<TaskValues, (typeof SCHEDULE_FIELDS)[number]>): Required<TaskSchedule> {
  const date = (v: string) => (v.trim() === '' ? null : v.trim());
  const duration = values.duration_days.trim();
  return {
    planned_start: date(values.planned_start),
    duration_days: duration === '' ? null : Number(duration),
    actual_start: date(values.actual_start),
    actual_finish: date(values.actual_finish),
  };
}

/** What a view-only form shows in a date field without a date (not the browser's "mm/dd/yyyy"). */
export const DATE_NOT_SET = 'Not set';

/**
 * A date field of the task form. In a viewer's form (view-only, issue 35) an empty one reads
 * "Not set": a text box with that placeholder, since a date box shows its typing mask.
 */
function DateField({ viewOnly = false, ...field }: ComponentProps<typeof Field> & { viewOnly?: boolean }) {
  const value: unknown = useWatch({ name: field.name });
  const unset = viewOnly && (value === '' || value === null || value === undefined);
  return <Field {...field} type={unset ? 'text' : 'date'} placeholder={unset ? DATE_NOT_SET : undefined} />;
}

/**
 * The task's place in the schedule (issue 33): planned start and duration in working days (what the
 * timeline's bar drag and resize change: here they are typed, the same for keyboard users), and
 * the actual start and finish (set when the task moves to In Progress and to Paid, when empty).
 */
export function ScheduleFields({ viewOnly = false }: { viewOnly?: boolean }) {
  return (
    <fieldset className="span-2 options-fieldset schedule-fields">
      <legend>Schedule</legend>
      <div className="grid-2">
        <DateField id="tf-planned-start" name="planned_start" label="Planned start" viewOnly={viewOnly} />
        <Field
          id="tf-duration"
          name="duration_days"
          label="Duration (working days)"
          type="number"
          min={0}
          max={1000}
          step={1}
          inputMode="numeric"
          hint="Days worked, by the project's work week; 0 for a milestone."
        />
        <DateField
          id="tf-actual-start"
          name="actual_start"
          label="Actual start"
          hint="Set when the task moves to In Progress, if empty."
          viewOnly={viewOnly}
        />
        <DateField
          id="tf-actual-finish"
          name="actual_finish"
          label="Actual finish"
          hint="Set when the task moves to Paid, if empty."
          viewOnly={viewOnly}
        />
      </div>
    </fieldset>
  );
}

const QUALITIES: { value: MaterialQuality; label: string }[] = [
  { value: 'basic', label: 'Basic' },
  { value: 'standard', label: 'Standard' },
  { value: 'premium', label: 'Premium' },
];

/**
 * The task's own fields (inside the task form's `AppForm`): title (with the usual titles offered),
 * description, material quality, status, the cost (described by `costHint`, the prediction, when
 * given) and the due date. `viewOnly`: a viewer's form (its empty dates read "Not set").
 */
export function TaskFields({
  suggestions,
  costHint,
  viewOnly = false,
}: {
  suggestions: readonly string[];
  costHint: ReactNode;
  viewOnly?: boolean;
}) {
  const listId = useId();
  return (
    <>
      <Field
        id="tf-title"
        name="title"
        label="Task Title"
        required="aria"
        list={listId}
        autoComplete="off"
        className="span-2"
        after={
          <datalist id={listId}>
            {suggestions.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        }
      />
      <Field id="tf-desc" name="description" label="Description" className="span-2">
        {(control) => <textarea rows={3} {...control} />}
      </Field>
      <Field id="tf-quality" name="material_quality" label="Material Quality" options={QUALITIES} />
      <Field id="tf-status" name="status" label="Status" options={STATUSES.map((s) => ({ value: s, label: s }))} />
      <Field
        id="tf-cost"
        name="actual_cost"
        label="Your Cost"
        describedBy={costHint ? 'tf-cost-hint' : undefined}
        after={costHint}
      >
        {(control) => <MoneyInput type="number" step="0.01" min="0" inputMode="decimal" {...control} />}
      </Field>
      <DateField id="tf-due" name="due_date" label="Due Date" viewOnly={viewOnly} />
    </>
  );
}

export interface UploadState {
  id: number;
  name: string;
  progress: number;
  /** `preparing`: a photo being downscaled before its upload. */
  state: 'preparing' | 'pending' | 'uploading' | 'done' | 'error';
}

const uploadStateText = (u: UploadState) =>
  u.state === 'error'
    ? 'Failed'
    : u.state === 'done'
      ? 'Done'
      : u.state === 'preparing'
        ? 'Preparing photo…'
        : `${Math.round(u.progress * 100)}%`;

/** The files of this save and their progress, one row each. */
export function UploadList({ uploads }: { uploads: readonly UploadState[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="upload-list" aria-label="Uploads">
      {uploads.map((u) => (
        <li key={u.id} className={`upload upload-${u.state}`}>
          <span className="upload-name">{u.name}</span>
          {u.state === 'preparing' ? (
            <progress aria-label={`Preparing ${u.name}`} />
          ) : (
            <progress max={1} value={u.progress} aria-label={`Upload progress for ${u.name}`} />
          )}
          <span className="upload-state">{uploadStateText(u)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * What the form says of the task's prediction: the one the project uses (regional, calibrated to
 * the whole dollar, or a fee's regional price) with its range, basis and pricing, and where the
 * figures come from.
 */
export function PredictionHint({
  prediction,
  ratio,
  pricing,
}: {
  prediction: ShownPrediction | null;
  ratio: number | null;
  pricing: string | null | undefined;
}) {
  const how = pricingLabel(pricing);
  return (
    <small className="hint prediction-hint" id="tf-cost-hint">
      <span data-testid="form-predicted" title={prediction ? basisHint(prediction.basis, ratio) : undefined}>
        Predicted: {prediction ? <PredictionFigure prediction={prediction} /> : '-'}
        {prediction && how && <span className="muted">, {how}</span>}
      </span>
      {prediction && (
        <a href="/cost-sources" target="_blank" rel="noreferrer">
          Sources<span className="visually-hidden"> of the predicted costs (opens in a new tab)</span>
        </a>
      )}
    </small>
  );
}
