import { useId, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Modal } from '../../../components/ui/modal';
import { formatMoney } from '../../../lib/format';
import {
  boardKeys,
  createTask,
  deleteTask,
  invalidateSummary,
  patchTask,
  taskDocumentsQuery,
  taskSuggestionsQuery,
  uploadDocument,
} from '../api';
import { predictedCost } from '../money';
import { STATUSES, type MaterialQuality, type Task, type TaskStatus } from '../types';
import { buildTaskPayload } from '../utils';

interface Props {
  projectId: number;
  task: Task | null;
  squareFootage: number | null;
  onClose: () => void;
  onBanner: (message: string) => void;
}

interface UploadState {
  name: string;
  progress: number;
  state: 'pending' | 'uploading' | 'done' | 'error';
}

const QUALITIES: { value: MaterialQuality; label: string }[] = [
  { value: 'basic', label: 'Basic' },
  { value: 'standard', label: 'Standard' },
  { value: 'premium', label: 'Premium' },
];

function formatSize(bytes?: number) {
  if (bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function TaskFormModal({ projectId, task, squareFootage, onClose, onBanner }: Props) {
  const qc = useQueryClient();
  const editing = task !== null;
  const suggestions = useQuery(taskSuggestionsQuery());
  const documents = useQuery({ ...taskDocumentsQuery(task?.id ?? 0), enabled: editing });
  const listId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState({
    title: task?.title ?? '',
    description: task?.description ?? '',
    material_quality: task?.material_quality ?? 'basic',
    status: task?.status ?? 'To Do',
    actual_cost: task?.actual_cost === null || task?.actual_cost === undefined ? '' : String(task.actual_cost),
    due_date: task?.due_date ?? '',
  });
  const [files, setFiles] = useState<File[]>([]);
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    let saved: Task;
    try {
      const payload = buildTaskPayload(values, projectId);
      saved = editing ? await patchTask(task.id, payload) : await createTask(payload);
    } catch (err) {
      console.error('Failed to save task', err);
      onBanner('Failed to save task.');
      window.alert('Error saving task or uploading files. See console for details.');
      setBusy(false);
      return;
    }
    // One request per file, each with its own progress bar.
    setUploads(files.map((f) => ({ name: f.name, progress: 0, state: 'pending' })));
    let failed = false;
    for (let i = 0; i < files.length; i += 1) {
      const mark = (patch: Partial<UploadState>) =>
        setUploads((u) => u.map((x, j) => (j === i ? { ...x, ...patch } : x)));
      mark({ state: 'uploading' });
      try {
        await uploadDocument(saved.id, files[i], (p) => mark({ progress: p }));
        mark({ state: 'done', progress: 1 });
      } catch (err) {
        console.error(`Failed to upload ${files[i].name}`, err);
        mark({ state: 'error' });
        failed = true;
      }
    }
    // Tasks before the money summary: the summary's request waits for their refetch (api.ts).
    await Promise.all([
      qc.invalidateQueries({ queryKey: boardKeys.tasks(projectId) }),
      invalidateSummary(qc, projectId),
      qc.invalidateQueries({ queryKey: boardKeys.documents(saved.id) }),
    ]);
    setBusy(false);
    if (failed) {
      window.alert('Error saving task or uploading files. See console for details.');
      setFiles([]);
      if (fileRef.current) fileRef.current.value = '';
      return;
    }
    onClose();
  };

  const remove = async () => {
    if (!task) return;
    setBusy(true);
    try {
      await deleteTask(task.id);
      qc.setQueryData<Task[]>(boardKeys.tasks(projectId), (old) => (old ?? []).filter((t) => t.id !== task.id));
      void qc.invalidateQueries({ queryKey: boardKeys.tasks(projectId) });
      void invalidateSummary(qc, projectId);
      onClose();
    } catch (err) {
      console.error(err);
      onBanner('Failed to delete task.');
      setBusy(false);
    }
  };

  const predicted = task ? predictedCost(task, squareFootage) : null;

  return (
    <Modal title={editing ? 'Edit Task' : 'Add Task'} onClose={onClose} size="lg">
      <form onSubmit={(e) => void save(e)} className="task-form">
        <div className="grid-2">
          <div className="field span-2">
            <label htmlFor="tf-title">Task Title</label>
            <input
              id="tf-title"
              name="title"
              list={listId}
              autoComplete="off"
              value={values.title}
              onChange={(e) => set('title', e.target.value)}
            />
            <datalist id={listId}>
              {(suggestions.data ?? []).map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          </div>
          <div className="field span-2">
            <label htmlFor="tf-desc">Description</label>
            <textarea
              id="tf-desc"
              name="description"
              rows={3}
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="tf-quality">Material Quality</label>
            <select
              id="tf-quality"
              name="material_quality"
              value={values.material_quality}
              onChange={(e) => set('material_quality', e.target.value as MaterialQuality)}
            >
              {QUALITIES.map((q) => (
                <option key={q.value} value={q.value}>
                  {q.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="tf-status">Status</label>
            <select
              id="tf-status"
              name="status"
              value={values.status}
              onChange={(e) => set('status', e.target.value as TaskStatus)}
            >
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="tf-cost">Your Cost</label>
            <div className="input-prefix">
              <span aria-hidden="true">$</span>
              <input
                id="tf-cost"
                name="actual_cost"
                type="number"
                step="0.01"
                min="0"
                inputMode="decimal"
                value={values.actual_cost}
                onChange={(e) => set('actual_cost', e.target.value)}
              />
            </div>
            {editing && <small className="hint">Predicted: {formatMoney(predicted)}</small>}
          </div>
          <div className="field">
            <label htmlFor="tf-due">Due Date</label>
            <input
              id="tf-due"
              name="due_date"
              type="date"
              value={values.due_date}
              onChange={(e) => set('due_date', e.target.value)}
            />
          </div>
          <div className="field span-2">
            <label htmlFor="tf-files">Documents</label>
            <input
              id="tf-files"
              ref={fileRef}
              name="files"
              type="file"
              multiple
              accept=".pdf,.png,.jpg,.jpeg,.gif,.webp,.heic,.txt,.csv,.doc,.docx,.xls,.xlsx"
              onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
            />
            <small className="hint">
              Quotes, invoices, photos: PDF, images, text, Word or Excel, up to 25 MB each.
            </small>
          </div>
        </div>

        {uploads.length > 0 && (
          <ul className="upload-list" aria-label="Uploads">
            {uploads.map((u, i) => (
              <li key={`${u.name}-${i}`} className={`upload upload-${u.state}`}>
                <span className="upload-name">{u.name}</span>
                <progress max={1} value={u.progress} aria-label={`Upload progress for ${u.name}`} />
                <span className="upload-state">
                  {u.state === 'error' ? 'Failed' : u.state === 'done' ? 'Done' : `${Math.round(u.progress * 100)}%`}
                </span>
              </li>
            ))}
          </ul>
        )}

        {editing && (
          <section className="doc-section" aria-labelledby="docs-title">
            <h3 id="docs-title">Uploaded Documents</h3>
            {documents.isPending ? (
              <p className="muted">Loading...</p>
            ) : (documents.data ?? []).length === 0 ? (
              <p className="muted">No documents uploaded yet.</p>
            ) : (
              <ul className="doc-list">
                {(documents.data ?? []).map((d) => (
                  <li key={d.id}>
                    <span className="doc-name">
                      {d.name ?? d.file.split('/').pop()?.split('?')[0]}
                      {d.size !== undefined && <small className="muted"> · {formatSize(d.size)}</small>}
                    </span>
                    <button
                      type="button"
                      className="btn btn-sm"
                      onClick={() => window.open(d.file, '_blank', 'noopener')}
                    >
                      Download/View
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}

        <div className="modal-actions">
          {editing && (
            <button type="button" className="btn btn-danger btn-left" onClick={() => void remove()} disabled={busy}>
              Delete
            </button>
          )}
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
