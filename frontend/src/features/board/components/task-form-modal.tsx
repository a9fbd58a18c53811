import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { AppForm, FormMessage, RequiredNote, useAppForm } from '../../../components/form';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { useCanEdit } from '../../../lib/edit-access';
import { downscaleImage } from '../../../lib/images/downscale';
import { formatMoney, isDateOutOfRange, MSG_DATE_OUT_OF_RANGE } from '../../../lib/format';
import {
  boardKeys,
  createTask,
  invalidateSummary,
  patchTask,
  recordTaskPayment,
  taskDocumentsQuery,
  taskSuggestionsQuery,
  uploadDocument,
  writesOffline,
} from '../api';
import { activeRatio, shownPrediction, toCents, toDollars, type PredictionSettings } from '../money';
import type { Task } from '../types';
import { buildTaskPayload, checkActualCost, unrecordedCents } from '../utils';
import { useTaskFormExtras } from '../task-form-extras';
import { useMoveTask } from '../hooks/use-board';
import { DocumentRow } from './document-row';
import { RecordDifference } from './paid-modal';
import { isPhoto, PhotoStrip } from './photo-strip';
import { PhotoViewer } from './photo-viewer';
import {
  checkSchedule,
  PredictionHint,
  SCHEDULE_FIELDS,
  ScheduleFields,
  schedulePayload,
  scheduleValues,
  TaskFields,
  UploadList,
  type TaskValues,
  type UploadState,
} from './task-form-parts';
import { StartsAfterSection } from './task-form-links';
import { localToday } from '../../../lib/dates';

interface Props {
  projectId: number;
  task: Task | null;
  squareFootage: number | null;
  /** The project's setting and local ratio (the summary's): the prediction the task shows. */
  prediction?: PredictionSettings;
  onClose: () => void;
  onBanner: (message: string) => void;
  /** Delete asked for: the board confirms, then offers Undo. */
  onDelete: (task: Task) => void;
}

let nextUploadId = 1;

/** The task's fields as the server names them (its `fields` keys). */
const FIELDS = [
  'title',
  'description',
  'material_quality',
  'status',
  'actual_cost',
  'due_date',
  ...SCHEDULE_FIELDS,
] as const;

const SAVE_FAILED = 'Error saving task or uploading files.';

const costCents = (cost: number | null | undefined) => (cost === null || cost === undefined ? null : toCents(cost));

/**
 * The form's own checks: a year the date input lets through ("10000-01-01") gets the server's range
 * message; letters in the cost box (the browser leaves it blank) or a negative cost are said at
 * the field, never saved as no cost.
 */
function validate(values: TaskValues, form: HTMLFormElement | null) {
  if (isDateOutOfRange(values.due_date)) return { due_date: [MSG_DATE_OUT_OF_RANGE] };
  const durationBad =
    (form?.elements.namedItem('duration_days') as HTMLInputElement | null)?.validity.badInput ?? false;
  const schedule = checkSchedule(values, durationBad);
  if (Object.keys(schedule).length > 0) return schedule;
  const badInput = (form?.elements.namedItem('actual_cost') as HTMLInputElement | null)?.validity.badInput ?? false;
  if (badInput || values.actual_cost.trim() !== '') {
    const read = checkActualCost(values.actual_cost, badInput);
    if (!read.ok) return { actual_cost: [read.message] };
  }
  return {};
}

/** Why a request failed, in the server's words when it gave some. */
const reason = (error: unknown) =>
  error instanceof ApiError && error.status > 0 && error.status < 500
    ? error.message
    : 'The server could not be reached. Please try again.';

export function TaskFormModal({
  projectId,
  task,
  squareFootage,
  prediction: settings = null,
  onClose,
  onBanner,
  onDelete,
}: Props) {
  const qc = useQueryClient();
  // Issue 35: a viewer's form shows the task and changes nothing (no Save, Delete or upload).
  const canEdit = useCanEdit();
  // After a first save of a new task, later saves (a retried upload) edit it instead of adding another.
  const [saved, setSaved] = useState<Task | null>(task);
  const editing = saved !== null;
  const suggestions = useQuery(taskSuggestionsQuery());
  const documents = useQuery({ ...taskDocumentsQuery(saved?.id ?? 0), enabled: editing });
  const fileRef = useRef<HTMLInputElement>(null);
  const photoRef = useRef<HTMLInputElement>(null);
  const docsTitleRef = useRef<HTMLHeadingElement>(null);
  const renderExtras = useTaskFormExtras(); // the Bids section (composed in src/app)
  const [files, setFiles] = useState<File[]>([]);
  /** Photos of a task not saved yet, already downscaled: uploaded with the files on Save. */
  const [photos, setPhotos] = useState<File[]>([]);
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const [photoBusy, setPhotoBusy] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const move = useMoveTask(projectId, onBanner);
  /** This form put "Failed to save task." above the board (cleared once a save succeeds). */
  const failedBanner = useRef(false);
  // Each refused save: messages beside the fields, the first field in error focused and scrolled
  // into view; the server's other words above the form, and "Failed to save task." above the board.
  const kit = useAppForm<TaskValues>({
    defaultValues: {
      title: task?.title ?? '',
      description: task?.description ?? '',
      material_quality: task?.material_quality ?? 'basic',
      status: task?.status ?? 'To Do',
      actual_cost: task?.actual_cost === null || task?.actual_cost === undefined ? '' : String(task.actual_cost),
      due_date: task?.due_date ?? '',
      ...scheduleValues(task),
    },
    fields: FIELDS,
    prefix: SAVE_FAILED,
    validate,
    onError: (err) => {
      console.error('Failed to save task', err);
      onBanner('Failed to save task.');
      failedBanner.current = true;
    },
  });
  const { busy, setMessage } = kit;
  const [status, actualCost] = useWatch({ control: kit.form.control, name: ['status', 'actual_cost'] });

  // Moving the task to Paid here (or changing the final cost of a task in Paid) with an actual cost
  // above its payments: the difference may be recorded as a payment dated today (docs/money.md).
  const [recordPayment, setRecordPayment] = useState(true);
  const [offline] = useState(writesOffline);
  const typedCost = buildTaskPayload(
    { ...kit.form.getValues(), status, actual_cost: actualCost },
    projectId,
  ).actual_cost;
  const toPaid =
    status === 'Paid' &&
    (saved?.status !== 'Paid' || (typedCost === null ? null : toCents(typedCost)) !== costCents(saved.actual_cost));
  const unrecorded = toPaid ? unrecordedCents(typedCost, saved ?? undefined) : 0;

  const save = async (values: TaskValues) => {
    const payload = { ...buildTaskPayload(values, projectId), ...schedulePayload(values) };
    const result = saved ? await patchTask(saved.id, payload) : await createTask(payload);
    setSaved(result);
    // Saved now: the board's "Failed to save task." from an earlier try no longer holds.
    if (failedBanner.current) {
      failedBanner.current = false;
      onBanner('');
    }
    // The difference as a payment, once the task is saved in Paid.
    let paymentFailure = '';
    if (unrecorded > 0 && recordPayment && !offline) {
      const amount = toDollars(unrecorded);
      try {
        await recordTaskPayment(result.id, amount, localToday());
      } catch (err) {
        console.error('Failed to record the payment', err);
        paymentFailure = `The task is saved, but the ${formatMoney(amount)} payment could not be recorded: ${reason(err)} Add it under Payments.`;
      }
    }
    // One request per file, each with its own progress bar.
    const queued = [...files, ...photos];
    setUploads([]);
    const rows = queued.map((f) => addUpload(f.name, 'pending'));
    const refused: string[] = [];
    for (let i = 0; i < queued.length; i += 1) {
      const failure = await sendOne(result.id, queued[i], rows[i]);
      if (failure) refused.push(failure);
    }
    setPhotos([]);
    // Tasks before the money summary: the summary's request waits for their refetch (api.ts).
    await Promise.all([
      qc.invalidateQueries({ queryKey: boardKeys.tasks(projectId) }),
      invalidateSummary(qc, projectId),
      qc.invalidateQueries({ queryKey: boardKeys.documents(result.id) }),
      qc.invalidateQueries({ queryKey: boardKeys.payments(result.id) }),
    ]);
    if (paymentFailure) {
      setMessage(
        [paymentFailure, refused.length > 0 ? `${SAVE_FAILED} ${refused.join(' ')}` : ''].filter(Boolean).join(' '),
      );
      return;
    }
    if (refused.length > 0) {
      // The task is saved; the refused files are named with the server's reason.
      setMessage(`${SAVE_FAILED} ${refused.join(' ')}`);
      setFiles([]);
      if (fileRef.current) fileRef.current.value = '';
      return;
    }
    onClose();
  };

  /** A new row of the upload list; returns its id. */
  function addUpload(name: string, state: UploadState['state']) {
    const id = nextUploadId++;
    setUploads((u) => [...u, { id, name, progress: 0, state }]);
    return id;
  }
  function markUpload(id: number, patch: Partial<UploadState>) {
    setUploads((u) => u.map((x) => (x.id === id ? { ...x, ...patch } : x)));
  }
  /** Uploads one file under its row; returns why it was refused, or null. */
  async function sendOne(taskId: number, file: File, row: number): Promise<string | null> {
    markUpload(row, { state: 'uploading', name: file.name });
    try {
      await uploadDocument(taskId, file, (p) => markUpload(row, { progress: p }));
      markUpload(row, { state: 'done', progress: 1 });
      return null;
    } catch (err) {
      console.error(`Failed to upload ${file.name}`, err);
      markUpload(row, { state: 'error' });
      return `${file.name}: ${reason(err)}`;
    }
  }

  /**
   * Photos from the camera or the library (issue 21): each is downscaled (2,560 px, orientation
   * applied, location removed), then uploaded at once to a saved task, or kept for Save.
   */
  const addPhotos = async (chosen: File[]) => {
    if (photoRef.current) photoRef.current.value = '';
    if (chosen.length === 0) return;
    setPhotoBusy(true);
    setMessage('');
    const taskId = saved?.id ?? null;
    const rows = chosen.map((f) => addUpload(f.name, 'preparing'));
    const refused: string[] = [];
    const ready: File[] = [];
    for (let i = 0; i < chosen.length; i += 1) {
      let photo: File;
      try {
        photo = await downscaleImage(chosen[i]);
      } catch (err) {
        // Never sent as it is: it could carry the location the user expects removed.
        console.error(`Could not prepare ${chosen[i].name}`, err);
        markUpload(rows[i], { state: 'error' });
        refused.push(`${chosen[i].name}: this photo could not be read.`);
        continue;
      }
      if (taskId === null) {
        markUpload(rows[i], { state: 'pending', name: photo.name });
        ready.push(photo);
        continue;
      }
      const failure = await sendOne(taskId, photo, rows[i]);
      if (failure) refused.push(failure);
    }
    if (ready.length > 0) setPhotos((p) => [...p, ...ready]);
    if (taskId !== null) await qc.invalidateQueries({ queryKey: boardKeys.documents(taskId) });
    if (refused.length > 0) setMessage(`Some photos could not be uploaded. ${refused.join(' ')}`);
    setPhotoBusy(false);
  };

  /** The first payment's offer (Payments section): the board's move, and the form's status follows. */
  const onMoveToInProgress = () => {
    if (!saved) return;
    const tasks = qc.getQueryData<Task[]>(boardKeys.tasks(projectId)) ?? [];
    move(saved.id, 'In Progress', tasks.filter((t) => t.status === 'In Progress' && t.id !== saved.id).length);
    kit.form.setValue('status', 'In Progress');
    setSaved({ ...saved, status: 'In Progress' });
  };

  const allDocuments = documents.data ?? [];
  const photoDocs = allDocuments.filter(isPhoto);

  const prediction = saved ? shownPrediction(saved, squareFootage, settings) : null;
  const fields = (
    <>
      <TaskFields
        suggestions={suggestions.data ?? []}
        costHint={
          editing && <PredictionHint prediction={prediction} ratio={activeRatio(settings)} pricing={saved.pricing} />
        }
        viewOnly={!canEdit}
      />
      <ScheduleFields viewOnly={!canEdit} />
    </>
  );

  return (
    <Modal title={editing ? (canEdit ? 'Edit Task' : 'Task') : 'Add Task'} onClose={onClose} size="lg">
      <AppForm kit={kit} onSubmit={canEdit ? save : () => false} className="task-form">
        {canEdit && <RequiredNote />}
        <FormMessage message={kit.message} />
        {canEdit ? (
          <div className="grid-2">
            {fields}
            {unrecorded > 0 && (
              <div className="field span-2">
                <RecordDifference
                  cents={unrecorded}
                  checked={recordPayment}
                  onChange={setRecordPayment}
                  offline={offline}
                />
              </div>
            )}
            <div className="field span-2">
              <label htmlFor="tf-files">Documents</label>
              <input
                id="tf-files"
                ref={fileRef}
                name="files"
                type="file"
                multiple
                accept=".pdf,.png,.jpg,.jpeg,.gif,.webp,.heic,.txt,.csv,.doc,.docx,.xls,.xlsx"
                aria-describedby="tf-files-hint"
                onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
              />
              <small className="hint" id="tf-files-hint">
                Quotes, invoices, plans: PDF, images, text, Word or Excel, up to 25 MB each. Photos keep their full size
                but lose their location and camera data.
              </small>
              <div className="photo-actions">
                <button
                  type="button"
                  className="btn"
                  aria-describedby="tf-photo-hint"
                  onClick={() => photoRef.current?.click()}
                  disabled={busy || photoBusy}
                >
                  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                    <path
                      d="M4 8h3l2-3h6l2 3h3v11H4z M12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.8"
                      strokeLinejoin="round"
                    />
                  </svg>
                  {photoBusy ? 'Adding photos…' : 'Add photo'}
                </button>
                {/* On phones `capture` opens the camera; elsewhere it is a picker (several at once). */}
                <input
                  ref={photoRef}
                  id="tf-photos"
                  name="photos"
                  type="file"
                  accept="image/*"
                  capture="environment"
                  multiple
                  hidden
                  aria-label="Add photo"
                  onChange={(e) => void addPhotos(Array.from(e.target.files ?? []))}
                />
                <small className="hint" id="tf-photo-hint">
                  Photos are resized to 2,560 px and their location is removed. HEIC photos your browser cannot open are
                  uploaded at full size, also without their location.
                </small>
              </div>
              {photos.length > 0 && (
                <p className="muted photo-pending" role="status">
                  {photos.length === 1 ? '1 photo' : `${photos.length} photos`} will be uploaded when you save.
                </p>
              )}
            </div>
          </div>
        ) : (
          <fieldset className="grid-2 task-form-view-only" disabled aria-label="Task details (view only)">
            {fields}
          </fieldset>
        )}

        <UploadList uploads={uploads} />

        {editing && <StartsAfterSection projectId={projectId} task={saved} readOnly={!canEdit} />}

        {editing && (
          <section className="doc-section" aria-labelledby="docs-title">
            <h3 id="docs-title" ref={docsTitleRef} tabIndex={-1}>
              Uploaded Documents
            </h3>
            <PhotoStrip photos={photoDocs} onOpen={setViewing} />
            {viewing !== null && photoDocs.length > 0 && (
              <PhotoViewer
                photos={photoDocs}
                index={Math.min(viewing, photoDocs.length - 1)}
                onIndex={setViewing}
                onClose={() => setViewing(null)}
              />
            )}
            {documents.isPending ? (
              <p className="muted">Loading...</p>
            ) : allDocuments.length === 0 ? (
              <p className="muted">No documents uploaded yet.</p>
            ) : (
              <ul className="doc-list">
                {allDocuments.map((d) => (
                  <DocumentRow
                    key={d.id}
                    document={d}
                    taskId={saved.id}
                    onRemoved={() => docsTitleRef.current?.focus()}
                    readOnly={!canEdit}
                  />
                ))}
              </ul>
            )}
          </section>
        )}
        {editing && renderExtras?.({ task: saved, projectId, status, onMoveToInProgress })}

        {canEdit ? (
          <div className="modal-actions">
            {editing && (
              <button type="button" className="btn btn-danger btn-left" onClick={() => onDelete(saved)} disabled={busy}>
                Delete
              </button>
            )}
            <button type="button" className="btn" onClick={onClose} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy || photoBusy}>
              {busy ? 'Saving…' : 'Save'}
            </button>
          </div>
        ) : (
          <div className="modal-actions">
            <button type="button" className="btn" onClick={onClose}>
              Close
            </button>
          </div>
        )}
      </AppForm>
    </Modal>
  );
}
