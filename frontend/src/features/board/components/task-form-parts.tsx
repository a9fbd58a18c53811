import { useId, type ReactNode } from 'react';
import { Field, MoneyInput } from '../../../components/form';
import { pricingLabel } from '../range-display';
import type { ShownPrediction } from '../money';
import { STATUSES, type MaterialQuality, type TaskStatus } from '../types';
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
}

const QUALITIES: { value: MaterialQuality; label: string }[] = [
  { value: 'basic', label: 'Basic' },
  { value: 'standard', label: 'Standard' },
  { value: 'premium', label: 'Premium' },
];

/**
 * The task's own fields (inside the task form's `AppForm`): title (with the usual titles offered),
 * description, material quality, status, the cost (described by `costHint`, the prediction, when
 * given) and the due date.
 */
export function TaskFields({ suggestions, costHint }: { suggestions: readonly string[]; costHint: ReactNode }) {
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
      <Field id="tf-due" name="due_date" label="Due Date" type="date" />
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
