import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ContractorRoster } from '../../components/form';
import { AddButton, DeleteConfirm, EditDeleteActions, SectionStatus } from '../../components/ui/item-section';
import { useCanEdit } from '../../lib/edit-access';
import { RegisterHeader } from '../../components/ui/register-header';
import { ApiError } from '../../lib/api-client';
import { formatIsoDay, formatMoney } from '../../lib/format';
import { useAppPageMeta } from '../../lib/page-meta';
import { reasonOf, useItemActions } from '../../lib/use-item-actions';
import { projectWaiversQuery, useWaiverMutations } from './api';
import { AttachDialog } from './attach-dialog';
import { DrawNeedsSection } from './draw-needs';
import type { DrawNeeds, LienWaiver, LienWaiverWrite, Loaded, WaiverPayment, WaiverTask } from './types';
import { kindLabel, stateLabel, waiverWords } from './utils';
import { WaiverDocumentLink } from './waiver-document-link';
import { WaiverForm } from './waiver-form';
import './waivers.css';

interface Props {
  projectId: number;
  /** The project's name (the board's cached copy), once read. */
  projectName: string | null;
  /** The board's tasks, in board order, once loaded. */
  tasks: readonly WaiverTask[] | undefined;
  /** The project's contractors, its owner's roster (the waiver's signer). */
  contractors: ContractorRoster;
  /** The project's payments (`GET /api/projects/{id}/payments/`), with their waiver status. */
  payments: Loaded<WaiverPayment>;
  /** The project's draws (`GET /api/projects/{id}/draws/`), with what each misses. */
  draws: Loaded<DrawNeeds>;
  /** After every write, once the server answered: the payments and draws are read again (src/app). */
  onChanged?: () => unknown;
}

type Editing = { waiver: LienWaiver | null } | null;

/** A sentence's first word in lower case, to follow "the". */
const lower = (text: string) => text.replace(/^\w/, (c) => c.toLowerCase());

/**
 * `/kanban/:projectId/waivers` (issue 34): the project's lien waivers (contractor, kind in words,
 * amount, the payment it covers, through date, status, received on, the signed waiver) with add,
 * edit, delete, Mark received and Attach signed PDF; then what each open draw still needs.
 */
export function WaiversPage({ projectId, projectName, tasks, contractors, payments, draws, onChanged }: Props) {
  // Issue 35: a viewer reads the waivers and their PDFs, and records or changes none.
  const canEdit = useCanEdit();
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  const list = useQuery({ ...projectWaiversQuery(projectId), enabled: valid });
  const { save, remove: removeWaiver } = useWaiverMutations(projectId, onChanged);
  const [editing, setEditing] = useState<Editing>(null);
  const [attaching, setAttaching] = useState<LienWaiver | null>(null);
  const {
    busyId,
    error,
    status,
    setError,
    setStatus,
    confirmDelete,
    setConfirmDelete,
    titleRef,
    run,
    remove,
    announce,
  } = useItemActions<LienWaiver>({ failure: 'Lien waiver action failed' });
  useAppPageMeta(
    projectName ? `Lien waivers — ${projectName}` : 'Lien waivers',
    "The project's lien waivers: who signed what, and what each draw still needs.",
  );
  const choices = tasks ?? [];
  const paid = payments.data ?? [];
  const rows = list.data ?? [];
  const notFound = list.error instanceof ApiError && list.error.status === 404;
  const paymentOf = (id: number | null) => (id === null ? null : (paid.find((p) => p.id === id) ?? null));
  const waiting = busyId !== null || save.isPending;

  const saveForm = async (body: Omit<LienWaiverWrite, 'project'>) => {
    const id = editing?.waiver?.id ?? null;
    const saved = await save.mutateAsync({ id, body });
    setEditing(null);
    announce(`${waiverWords(saved)} ${id === null ? 'added' : 'saved'}.`);
  };
  const attach = async (waiver: LienWaiver, document: number, receivedOn: string) => {
    await save.mutateAsync({ id: waiver.id, body: { document, status: 'received', received_on: receivedOn } });
    setAttaching(null);
    announce(`Signed waiver from ${waiver.contractor_name} attached.`);
  };
  const markReceived = (w: LienWaiver) =>
    void run(
      w,
      () => save.mutateAsync({ id: w.id, body: { status: 'received' } }),
      `${waiverWords(w)} marked received.`,
    );
  /** What a draw needs: a waiver requested (the list's status line and error say how it went). */
  const request = async (body: Omit<LienWaiverWrite, 'project'>, done: string) => {
    setError('');
    setStatus('');
    try {
      await save.mutateAsync({ id: null, body });
      setStatus(done);
    } catch (e) {
      console.error('Failed to request the lien waiver', e);
      setError(reasonOf(e));
    }
  };

  return (
    <main className="page page-wide waivers-page">
      <RegisterHeader projectId={projectId} title="Lien waivers" projectName={projectName}>
        A lien waiver is the contractor&apos;s signed word that they will not put a lien on the property for the money
        paid. Payments to a contractor above the project&apos;s waiver threshold need one before a lender funds the draw
        they are in. <Link to={`/kanban/${projectId}/money`}>Money and draws</Link>
      </RegisterHeader>
      {!valid || notFound ? (
        <p className="form-error" role="alert">
          Project not found.
        </p>
      ) : (
        <div className="stack">
          <section className="card" aria-labelledby="waivers-title">
            <div className="item-head">
              <h2 id="waivers-title" ref={titleRef} tabIndex={-1}>
                Lien waivers
              </h2>
              {canEdit && <AddButton onClick={() => setEditing({ waiver: null })}>Add a waiver</AddButton>}
            </div>
            <SectionStatus status={status} error={error} />
            {list.isPending ? (
              <p className="muted">Loading the waivers…</p>
            ) : list.isError ? (
              <p className="form-error" role="alert">
                The waivers could not be loaded. {reasonOf(list.error)}
              </p>
            ) : rows.length === 0 ? (
              <p className="muted">
                No lien waivers yet. Request one for each payment a draw needs it for, then mark it received with the
                signed PDF.
              </p>
            ) : (
              <div className="waivers-table-wrap">
                <table className="table waivers-table" data-testid="waivers-table">
                  <caption className="visually-hidden">Lien waivers, oldest first</caption>
                  <thead className="visually-hidden-narrow">
                    <tr>
                      <th scope="col">Contractor</th>
                      <th scope="col">Kind</th>
                      <th scope="col" className="num">
                        Amount
                      </th>
                      <th scope="col">Through</th>
                      <th scope="col">Status</th>
                      <th scope="col">Received on</th>
                      <th scope="col">Signed waiver</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((w) => {
                      const label = waiverWords(w);
                      const p = paymentOf(w.payment);
                      return (
                        <tr key={w.id} data-waiver-id={w.id}>
                          <th scope="row" data-label="Contractor">
                            {w.contractor_name}
                          </th>
                          <td data-label="Kind">
                            {kindLabel(w.kind)}
                            {w.payment !== null && (
                              <span className="waiver-payment muted">
                                {p ? `Payment of ${formatIsoDay(p.paid_on)}` : 'One payment'}
                              </span>
                            )}
                          </td>
                          <td className="num" data-label="Amount">
                            {formatMoney(w.amount)}
                          </td>

                          <td className="nowrap" data-label="Through">
                            {w.through_date ? formatIsoDay(w.through_date) : '–'}
                          </td>
                          <td data-label="Status">
                            <span className={`waiver-state waiver-state-${w.status}`}>{stateLabel(w.status)}</span>
                          </td>
                          <td className="nowrap" data-label="Received on">
                            {w.received_on ? formatIsoDay(w.received_on) : '–'}
                          </td>
                          <td className="waiver-doc-cell" data-label="Signed waiver">
                            {w.document !== null ? <WaiverDocumentLink id={w.document} name={w.document_name} /> : '–'}
                          </td>
                          <td className="waiver-actions-cell">
                            {canEdit && (
                              <div className="waiver-actions">
                                <span className="waiver-action-group">
                                  {w.status === 'requested' && (
                                    <button
                                      type="button"
                                      className="btn btn-sm"
                                      aria-disabled={waiting || undefined}
                                      aria-label={`Mark received: ${label}`}
                                      onClick={() => !waiting && markReceived(w)}
                                    >
                                      Mark received
                                    </button>
                                  )}
                                  <button
                                    type="button"
                                    className="btn btn-sm"
                                    aria-disabled={waiting || undefined}
                                    aria-label={`${w.document === null ? 'Attach PDF' : 'Replace PDF'}: the signed ${lower(label)}`}
                                    onClick={() => !waiting && setAttaching(w)}
                                  >
                                    {w.document === null ? 'Attach PDF' : 'Replace PDF'}
                                  </button>
                                </span>
                                <span className="waiver-action-group">
                                  <EditDeleteActions
                                    waiting={waiting}
                                    editLabel={`Edit the ${label}`}
                                    deleteLabel={`Delete the ${label}`}
                                    onEdit={() => setEditing({ waiver: w })}
                                    onDelete={() => setConfirmDelete(w)}
                                  />
                                </span>
                              </div>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          <DrawNeedsSection
            draws={draws}
            waivers={rows}
            payments={paid}
            tasks={choices}
            waiting={waiting || list.isPending}
            onRequest={(body, done) => void request(body, done)}
            onReceived={markReceived}
          />
        </div>
      )}
      {editing && (
        <WaiverForm
          waiver={editing.waiver}
          contractors={contractors}
          payments={paid}
          onSave={saveForm}
          onClose={() => setEditing(null)}
        />
      )}
      {attaching && (
        <AttachDialog
          about={`The ${lower(waiverWords(attaching))}.`}
          taskId={paymentOf(attaching.payment)?.task ?? null}
          tasks={choices}
          receivedOn={attaching.received_on}
          onSave={(document, receivedOn) => attach(attaching, document, receivedOn)}
          onClose={() => setAttaching(null)}
        />
      )}
      {confirmDelete && (
        <DeleteConfirm
          title="Delete this lien waiver?"
          confirmLabel="Delete waiver"
          onConfirm={() =>
            void remove(
              confirmDelete,
              () => removeWaiver.mutateAsync(confirmDelete.id),
              `${waiverWords(confirmDelete)} deleted.`,
            )
          }
          onCancel={() => setConfirmDelete(null)}
        >
          Delete the {lower(waiverWords(confirmDelete))}? A payment it covered may need a waiver again; its signed
          document stays with its task.
        </DeleteConfirm>
      )}
    </main>
  );
}
