import { useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { formatMoney } from '../../../lib/format';
import type { SyncProblem } from '../types';
import '../offline.css';

const LABELS: Record<string, string> = {
  actual_cost: 'Your cost',
  status: 'Status',
  title: 'Title',
  description: 'Description',
  due_date: 'Due date',
  material_quality: 'Material quality',
};
const MONEY = new Set(['actual_cost']);

export function showValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (MONEY.has(field) && typeof value === 'number') return formatMoney(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

interface Props {
  problems: SyncProblem[];
  onResolve: (seq: number, choice: 'mine' | 'theirs') => Promise<void>;
}

/** "Needs your decision": offline changes the server has a newer value for, or refused. */
export function ConflictDialog({ problems, onResolve }: Props) {
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState('');
  // Closed without deciding: the changes stay queued and are asked about again when the list changes.
  const key = problems.map((p) => p.entry.seq).join(',');
  const [closed, setClosed] = useState('');
  if (problems.length === 0 || closed === key) return null;
  const decide = (seq: number, choice: 'mine' | 'theirs') => {
    setBusy(seq);
    setError('');
    onResolve(seq, choice)
      .catch((e: unknown) => {
        console.error(e);
        setError('The server could not be reached. Please try again.');
      })
      .finally(() => setBusy(null));
  };
  return (
    <Modal title="Needs your decision" onClose={() => setClosed(key)} size="md">
      <div className="stack-sm sync-problems">
        <p className="muted">
          Some changes you made offline could not be sent as they were. Choose what the board should keep.
        </p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <ul className="sync-problem-list">
          {problems.map((p) => (
            <li key={p.entry.seq} className="sync-problem">
              <h3>{p.title}</h3>
              {p.kind === 'conflict' ? (
                <>
                  <dl className="sync-fields">
                    {p.fields.map((f) => (
                      <div key={f.field}>
                        <dt>{LABELS[f.field] ?? f.field}</dt>
                        <dd>
                          On the server: <strong>{showValue(f.field, f.server)}</strong>
                        </dd>
                        <dd>
                          Yours: <strong>{showValue(f.field, f.yours)}</strong>
                        </dd>
                      </div>
                    ))}
                  </dl>
                  <div className="modal-actions">
                    <button
                      type="button"
                      className="btn"
                      disabled={busy !== null}
                      onClick={() => decide(p.entry.seq, 'theirs')}
                      aria-label={`Keep theirs for ${p.title}`}
                    >
                      Keep theirs
                    </button>
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={busy !== null}
                      onClick={() => decide(p.entry.seq, 'mine')}
                      aria-label={`Keep mine for ${p.title}`}
                    >
                      Keep mine
                    </button>
                  </div>
                </>
              ) : (
                <>
                  <p>The server refused this change: {p.message}</p>
                  <div className="modal-actions">
                    <button
                      type="button"
                      className="btn"
                      disabled={busy !== null}
                      onClick={() => decide(p.entry.seq, 'theirs')}
                    >
                      Discard my change
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
