import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Banner } from '../../../components/ui/banner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAppPageMeta } from '../../../lib/page-meta';
import { bidKeys, contractorKeys, contractorsQuery, deleteContractor } from '../api';
import type { Contractor } from '../types';
import { insuranceStatus, insuranceText, type InsuranceLevel } from '../utils';
import { ContractorForm } from './contractor-form';
import { localToday } from '../../../lib/dates';
import '../bids.css';
import { reasonOf } from '../../../lib/use-item-actions';

function InsuranceIcon({ level }: { level: InsuranceLevel }) {
  if (level === 'expired')
    return (
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    );
  if (level === 'soon')
    return (
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path d="M12 3 2 21h20L12 3z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d="M12 10v5M12 18v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    );
  if (level === 'ok')
    return (
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path
          d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
        <path d="m8.5 12 2.5 2.5 4.5-5" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    );
  return null;
}

interface CardProps {
  contractor: Contractor;
  today: string;
  onEdit: () => void;
  onDelete: () => void;
}

function ContractorCard({ contractor: c, today, onEdit, onDelete }: CardProps) {
  const level = insuranceStatus(c.insurance_expires, today).level;
  const titleId = `contractor-${c.id}-name`;
  return (
    <li className="contractor-card" data-contractor-id={c.id}>
      <div className="contractor-head">
        <h2 id={titleId}>{c.name}</h2>
        {c.trade && <span className="contractor-trade">{c.trade}</span>}
      </div>
      <dl className="contractor-facts">
        {c.phone && (
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>{c.phone}</a>
            </dd>
          </div>
        )}
        {c.email && (
          <div>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${c.email}`}>{c.email}</a>
            </dd>
          </div>
        )}
        {c.license_number && (
          <div>
            <dt>License</dt>
            <dd>{c.license_number}</dd>
          </div>
        )}
      </dl>
      <p className={`insurance insurance-${level}`} data-testid="insurance">
        <InsuranceIcon level={level} />
        <span>{insuranceText(c.insurance_expires, today)}</span>
      </p>
      {c.notes && <p className="contractor-notes">{c.notes}</p>}
      <div className="contractor-actions">
        <button type="button" className="btn btn-sm" onClick={onEdit} aria-label={`Edit ${c.name}`}>
          Edit
        </button>
        <button type="button" className="btn btn-sm btn-danger" onClick={onDelete} aria-label={`Delete ${c.name}`}>
          Delete
        </button>
      </div>
    </li>
  );
}

type Editing = { contractor: Contractor | null } | null;

/**
 * `/contractors`: the user's roster, reused across projects. Add, edit, delete (refused while the
 * contractor has bids: the server's message says so). Insurance that has expired or expires within
 * 30 days is highlighted, and the text says which.
 */
export function ContractorsPage() {
  const qc = useQueryClient();
  const contractors = useQuery(contractorsQuery());
  const [editing, setEditing] = useState<Editing>(null);
  const [confirmDelete, setConfirmDelete] = useState<Contractor | null>(null);
  const [banner, setBanner] = useState('');
  const [status, setStatus] = useState('');
  const [today] = useState(localToday);
  const addRef = useRef<HTMLButtonElement>(null);

  useAppPageMeta(
    'Contractors',
    'Your contractors: trade, contact details, license and insurance expiry, reused for bids on every project.',
  );

  const list = [...(contractors.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const attention = list.filter((c) => {
    const level = insuranceStatus(c.insurance_expires, today).level;
    return level === 'expired' || level === 'soon';
  }).length;

  const remove = async (c: Contractor) => {
    setConfirmDelete(null);
    setBanner('');
    try {
      await deleteContractor(c.id);
      qc.setQueryData<Contractor[]>(contractorKeys.all, (old) => old?.filter((x) => x.id !== c.id));
      setStatus(`${c.name} deleted.`);
      addRef.current?.focus();
    } catch (e) {
      console.error('Failed to delete the contractor', e);
      setBanner(reasonOf(e));
    } finally {
      void qc.invalidateQueries({ queryKey: contractorKeys.all });
    }
  };

  return (
    <main className="page bids-page contractors-page">
      <Banner message={banner} onDismiss={() => setBanner('')} />
      <header className="page-header row-between">
        <div>
          <h1>Contractors</h1>
          <p className="muted">
            Your roster, shared by all of your projects: pick them when you enter a bid on a task.
          </p>
        </div>
        <button ref={addRef} type="button" className="btn btn-primary" onClick={() => setEditing({ contractor: null })}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          Add contractor
        </button>
      </header>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {contractors.isPending ? (
        <p className="page-loading" role="status">
          Loading...
        </p>
      ) : contractors.isError ? (
        <p className="form-error" role="alert">
          Your contractors could not be loaded. {reasonOf(contractors.error)}
        </p>
      ) : list.length === 0 ? (
        <section className="card empty" aria-labelledby="no-contractors-title">
          <h2 id="no-contractors-title">No contractors yet</h2>
          <p className="muted">
            Add the builders and trades you get bids from. You can also add one while entering a bid on a task (
            <Link to="/projects">your projects</Link>).
          </p>
        </section>
      ) : (
        <>
          {attention > 0 && (
            <p className="insurance-summary" data-testid="insurance-summary">
              <strong>
                {attention} {attention === 1 ? 'contractor needs' : 'contractors need'} an insurance check:
              </strong>{' '}
              expired, or expiring within 30 days. Ask for a current certificate before awarding work.
            </p>
          )}
          <ul className="contractor-list" aria-label="Your contractors">
            {list.map((c) => (
              <ContractorCard
                key={c.id}
                contractor={c}
                today={today}
                onEdit={() => setEditing({ contractor: c })}
                onDelete={() => setConfirmDelete(c)}
              />
            ))}
          </ul>
        </>
      )}
      {editing && (
        <ContractorForm
          contractor={editing.contractor}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            const isNew = editing.contractor === null;
            setEditing(null);
            setBanner('');
            setStatus(isNew ? `${saved.name} added.` : `${saved.name} saved.`);
            qc.setQueryData<Contractor[]>(contractorKeys.all, (old) =>
              isNew ? [...(old ?? []), saved] : old?.map((c) => (c.id === saved.id ? saved : c)),
            );
            void qc.invalidateQueries({ queryKey: contractorKeys.all });
            // Bids show the contractor's name.
            if (!isNew) void qc.invalidateQueries({ queryKey: bidKeys.all });
          }}
        />
      )}
      {confirmDelete && (
        <ConfirmDialog
          title="Delete this contractor?"
          confirmLabel="Delete contractor"
          danger
          onConfirm={() => void remove(confirmDelete)}
          onCancel={() => setConfirmDelete(null)}
        >
          <p>
            Delete <strong>{confirmDelete.name}</strong> from your roster? A contractor with bids cannot be deleted:
            delete their bids first.
          </p>
        </ConfirmDialog>
      )}
    </main>
  );
}
