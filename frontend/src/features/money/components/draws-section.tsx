import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DeleteConfirm, SectionStatus } from '../../../components/ui/item-section';
import { useCanEdit } from '../../../lib/edit-access';
import { formatIsoDay, formatMoney } from '../../../lib/format';
import { reasonOf, useItemActions } from '../../../lib/use-item-actions';
import { deleteDraw, drawsQuery, lienWaiversQuery, ownerName, receiptNames, updateDraw } from '../api';
import { downloadDrawPdf, drawPayments, type DrawPdfInput } from '../export-draw-pdf';
import type { Draw, DrawWrite, MoneyProject, MoneySummary, MoneyTask, ProjectPayment } from '../types';
import { drawStatusLabel } from '../utils';
import { ContinuationSheet } from './continuation-sheet';
import { FundDrawDialog, NewDrawDialog } from './draw-dialogs';
import { EditDrawDialog } from './draw-edit-dialog';
import { paperworkMissing } from './draw-paperwork';
import { SubmitDrawDialog } from './draw-submit-dialog';
import '../draws.css';

interface Props {
  projectId: number;
  project: MoneyProject | null;
  tasks: readonly MoneyTask[] | undefined;
  summary: MoneySummary | undefined;
  payments: readonly ProjectPayment[] | undefined;
  /** After a draw is created, changed or deleted: the page's and the board's money refresh. */
  onChanged: () => Promise<unknown>;
}

interface RowProps {
  draw: Draw;
  busy: boolean;
  disabled: boolean;
  canExport: boolean;
  /** What is being made for this draw: its PDF or its package. */
  exporting: 'pdf' | 'package' | null;
  onStatus: (draw: Draw, patch: DrawWrite, done: string) => void;
  onSubmit: (draw: Draw) => void;
  onEdit: (draw: Draw) => void;
  onFund: (draw: Draw) => void;
  onDelete: (draw: Draw) => void;
  onPdf: (draw: Draw) => void;
  onPackage: (draw: Draw) => void;
  /** Owner or partner (issue 35): a viewer's row offers only the downloads. */
  canEdit: boolean;
}

function ActionButton({
  label,
  text,
  disabled,
  primary,
  danger,
  onClick,
}: {
  label: string;
  text: string;
  disabled: boolean;
  primary?: boolean;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`btn btn-sm${primary ? ' btn-primary' : ''}${danger ? ' btn-danger' : ''}`}
      aria-label={label}
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onClick();
      }}
    >
      {text}
    </button>
  );
}

function DrawRow({
  draw,
  busy,
  disabled,
  canExport,
  exporting,
  onStatus,
  onSubmit,
  onEdit,
  onFund,
  onDelete,
  onPdf,
  onPackage,
  canEdit,
}: RowProps) {
  const n = draw.number;
  const titles = draw.items.map((i) => i.title).join(', ');
  const missing = draw.waivers_missing.length + draw.final_waivers_missing.length;
  return (
    <tr data-draw-id={draw.id} data-draw-number={n}>
      <th scope="row" className="draw-name" data-label="Draw">
        Draw {n}
        {draw.final && <span className="draw-final-tag"> (final)</span>}
        <span className="draw-tasks">{titles}</span>
        {missing > 0 && (
          <span className="draw-missing" data-testid="draw-missing">
            {missing === 1 ? '1 lien waiver missing' : `${missing} lien waivers missing`}
          </span>
        )}
      </th>
      <td className="nowrap" data-label="Requested">
        {formatIsoDay(draw.requested_on)}
      </td>
      <td className="num" data-label="Total" data-testid="draw-total">
        {formatMoney(draw.total)}
      </td>
      <td data-label="Status">
        <span className={`draw-status draw-status-${draw.status}`} data-testid="draw-status">
          {busy ? 'Saving…' : drawStatusLabel(draw.status)}
        </span>
      </td>
      <td className="num" data-label="Funded" data-testid="draw-funded">
        {draw.status === 'funded' && draw.funded_amount !== null
          ? `${formatMoney(draw.funded_amount)}${draw.funded_on ? ` on ${formatIsoDay(draw.funded_on)}` : ''}`
          : '–'}
      </td>
      <td className="draw-actions-cell" data-label="Actions">
        <div className="draw-actions">
          {/* Issue 35: a viewer downloads the PDF and the package; the rest is the editors'. */}
          {canEdit && (
            <>
              {draw.status === 'draft' && (
                <ActionButton
                  primary
                  text="Submit"
                  label={`Submit draw ${n} to the lender`}
                  disabled={disabled}
                  onClick={() => onSubmit(draw)}
                />
              )}
              {draw.status === 'submitted' && (
                <>
                  <ActionButton
                    primary
                    text="Mark funded"
                    label={`Mark draw ${n} funded`}
                    disabled={disabled}
                    onClick={() => onFund(draw)}
                  />
                  <ActionButton
                    text="Back to draft"
                    label={`Set draw ${n} back to draft`}
                    disabled={disabled}
                    onClick={() => onStatus(draw, { status: 'draft' }, `Draw ${n} is a draft again.`)}
                  />
                </>
              )}
              {draw.status === 'funded' && (
                <ActionButton
                  text="Back to submitted"
                  label={`Set draw ${n} back to submitted`}
                  disabled={disabled}
                  onClick={() =>
                    onStatus(
                      draw,
                      { status: 'submitted' },
                      `Draw ${n} is submitted again; its funded amount is cleared.`,
                    )
                  }
                />
              )}
              <ActionButton
                text="Edit"
                label={draw.status === 'draft' ? `Edit draw ${n}` : `Edit draw ${n}'s inspection and note`}
                disabled={disabled}
                onClick={() => onEdit(draw)}
              />
            </>
          )}
          <ActionButton
            text={exporting === 'pdf' ? 'Preparing…' : 'Download PDF'}
            label={`Download draw ${n} as PDF`}
            disabled={!canExport || exporting !== null}
            onClick={() => onPdf(draw)}
          />
          <ActionButton
            text={exporting === 'package' ? 'Preparing…' : 'Download draw package'}
            label={`Download draw ${n}'s package (ZIP: PDF, receipts, lien waivers)`}
            disabled={!canExport || exporting !== null}
            onClick={() => onPackage(draw)}
          />
          {canEdit && (
            <ActionButton
              danger
              text="Delete"
              label={`Delete draw ${n}`}
              disabled={disabled}
              onClick={() => onDelete(draw)}
            />
          )}
        </div>
      </td>
    </tr>
  );
}

/** Lender draws: the list, a new request pre-filled from the work, status changes, delete and PDF. */
export function DrawsSection({ projectId, project, tasks, summary, payments, onChanged }: Props) {
  const qc = useQueryClient();
  const canEdit = useCanEdit();
  const draws = useQuery(drawsQuery(projectId));
  // Every status change or delete ends in the page's refresh, whether it went through or not.
  const {
    busyId,
    error,
    status,
    setError,
    setStatus,
    confirmDelete: deleting,
    setConfirmDelete: setDeleting,
    run: act,
    remove,
    announce,
  } = useItemActions<Draw>({ failure: 'Draw action failed', settle: onChanged });
  const [exporting, setExporting] = useState<{ id: number; what: 'pdf' | 'package' } | null>(null);
  const [creating, setCreating] = useState(false);
  const [funding, setFunding] = useState<Draw | null>(null);
  const [editing, setEditing] = useState<Draw | null>(null);
  const [submitting, setSubmitting] = useState<Draw | null>(null);
  const list = draws.data ?? [];
  const canExport = project !== null && tasks !== undefined && payments !== undefined && summary !== undefined;

  const onStatus = (draw: Draw, patch: DrawWrite, done: string) =>
    void act(draw, () => updateDraw(draw.id, patch), done);

  const onFundSave = async (draw: Draw, fundedAmount: number, fundedOn: string, note?: string) => {
    setError('');
    setStatus('');
    try {
      await updateDraw(draw.id, {
        status: 'funded',
        funded_amount: fundedAmount,
        funded_on: fundedOn,
        ...(note === undefined ? {} : { note }),
      });
    } catch (e) {
      console.error('Draw funding failed', e);
      await onChanged();
      throw e; // the dialog shows its messages beside the fields
    }
    setFunding(null);
    setStatus(`Draw ${draw.number} marked funded: ${formatMoney(fundedAmount)} on ${formatIsoDay(fundedOn)}.`);
    await onChanged();
  };

  const onDeleteConfirmed = (draw: Draw) =>
    void remove(draw, () => deleteDraw(draw.id), `Draw ${draw.number} deleted.`);

  const onEditSave = async (draw: Draw, body: Omit<DrawWrite, 'project'>) => {
    setError('');
    setStatus('');
    try {
      await updateDraw(draw.id, body);
    } catch (e) {
      console.error('Draw edit failed', e);
      await onChanged();
      throw e; // the dialog shows its messages beside the fields
    }
    setEditing(null);
    announce(`Draw ${draw.number} saved.`);
    await onChanged();
  };

  /** What the PDF reads: the draw, the payments of its lines with their receipt names, the loan, the owner. */
  const pdfInput = async (draw: Draw): Promise<DrawPdfInput | null> => {
    if (!canExport) return null;
    const all = draws.data ?? [draw];
    const [receipts, owner] = await Promise.all([
      receiptNames(qc, drawPayments(draw, payments, all)),
      ownerName().catch(() => ''),
    ]);
    return { project, draw, draws: all, payments, receipts, summary, owner };
  };

  const onPdf = async (draw: Draw) => {
    setExporting({ id: draw.id, what: 'pdf' });
    setError('');
    try {
      const input = await pdfInput(draw);
      if (!input) return;
      await downloadDrawPdf(input);
      setStatus(`Draw ${draw.number} PDF downloaded.`);
    } catch (e) {
      console.error('Draw PDF failed', e);
      setError('The PDF could not be made. Please try again.');
    } finally {
      setExporting(null);
    }
  };

  const onPackage = async (draw: Draw) => {
    setExporting({ id: draw.id, what: 'package' });
    setError('');
    try {
      const [input, waivers, { downloadDrawPackage }] = await Promise.all([
        pdfInput(draw),
        qc.fetchQuery(lienWaiversQuery(projectId)),
        import('../download-draw-package'),
      ]);
      if (!input) return;
      await downloadDrawPackage({ ...input, waivers });
      setStatus(`Draw ${draw.number} package downloaded: the PDF, its receipts, its lien waivers and index.csv.`);
    } catch (e) {
      console.error('Draw package failed', e);
      setError(`The draw package could not be made. ${reasonOf(e)}`);
    } finally {
      setExporting(null);
    }
  };

  const hasLoan = summary && summary.loan_amount !== null && summary.loan_amount !== undefined;
  // A viewer cannot set the loan (issue 35): no pointer to Update Budget.
  const whereToSetLoan = canEdit ? ' (add one in Update Budget on the board)' : '';

  return (
    <section className="card" aria-labelledby="money-draws-title" data-testid="draws-section">
      <div className="draws-head">
        <div>
          <h2 id="money-draws-title">Lender draws</h2>
          <p className="muted money-lead" data-testid="loan-balance">
            {summary === undefined
              ? 'Construction loan: loading…'
              : hasLoan
                ? `Loan ${formatMoney(summary.loan_amount)} · drawn ${formatMoney(summary.drawn)} · loan left ${formatMoney(summary.loan_left)}`
                : `No construction loan set${whereToSetLoan}. Funded draws so far: ${formatMoney(summary.drawn)}.`}
          </p>
        </div>
        {canEdit && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            New draw request
          </button>
        )}
      </div>
      <SectionStatus status={status} error={error} errorTestId="draws-error" />
      {draws.isPending ? (
        <p className="page-loading" role="status">
          Loading draws…
        </p>
      ) : draws.isError ? (
        <p className="form-error" role="alert">
          The draws could not be loaded. {reasonOf(draws.error)}
        </p>
      ) : list.length === 0 ? (
        <p className="muted">
          No draws yet. A draw request asks the lender for the work done to date; it is pre-filled from your payments.
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table money-cards" data-testid="draws-table">
            <caption className="visually-hidden">Lender draws by number</caption>
            <thead className="visually-hidden-narrow">
              <tr>
                <th scope="col">Draw</th>
                <th scope="col">Requested</th>
                <th scope="col" className="num">
                  Total
                </th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Funded
                </th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.map((d) => (
                <DrawRow
                  key={d.id}
                  draw={d}
                  busy={busyId === d.id}
                  disabled={busyId !== null}
                  canExport={canExport}
                  exporting={exporting?.id === d.id ? exporting.what : null}
                  onStatus={onStatus}
                  onSubmit={setSubmitting}
                  onEdit={setEditing}
                  onFund={setFunding}
                  onDelete={setDeleting}
                  onPdf={(draw) => void onPdf(draw)}
                  onPackage={(draw) => void onPackage(draw)}
                  canEdit={canEdit}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.length > 0 && (
        <div className="draw-sheets">
          <h3 className="draw-sheets-title">Continuation sheets</h3>
          {list.map((d, i) => (
            <details key={d.id} className="money-table-alt draw-sheet-details" open={i === list.length - 1}>
              <summary>
                Draw {d.number}: {formatMoney(d.total)} this period, {formatMoney(d.net_total)} net
              </summary>
              <ContinuationSheet draw={d} />
            </details>
          ))}
        </div>
      )}
      {creating && (
        <NewDrawDialog
          projectId={projectId}
          paid={summary?.paid_to_date}
          tasks={tasks}
          onClose={() => setCreating(false)}
          onCreated={(draw) => {
            setCreating(false);
            announce(`Draw ${draw.number} created as a draft: ${formatMoney(draw.total)}.`);
            void onChanged();
          }}
        />
      )}
      {funding && (
        <FundDrawDialog
          draw={funding}
          onClose={() => setFunding(null)}
          onSave={(amount, on, note) => onFundSave(funding, amount, on, note)}
        />
      )}
      {editing && (
        <EditDrawDialog
          draw={editing}
          projectId={projectId}
          onClose={() => setEditing(null)}
          onSave={(body) => onEditSave(editing, body)}
        />
      )}
      {submitting && (
        <SubmitDrawDialog
          draw={submitting}
          projectId={projectId}
          onClose={() => setSubmitting(null)}
          onSubmitted={(draw, anyway) => {
            setSubmitting(null);
            announce(
              anyway && paperworkMissing(draw)
                ? `Draw ${draw.number} submitted without all its lien waivers.`
                : `Draw ${draw.number} submitted.`,
            );
            void onChanged();
          }}
        />
      )}
      {deleting && (
        <DeleteConfirm
          title={`Delete draw ${deleting.number}?`}
          confirmLabel="Delete draw"
          onCancel={() => setDeleting(null)}
          onConfirm={() => onDeleteConfirmed(deleting)}
        >
          Draw {deleting.number} ({formatMoney(deleting.total)}, {drawStatusLabel(deleting.status).toLowerCase()}) will
          be removed. Its work can then be asked for in another draw.
        </DeleteConfirm>
      )}
    </section>
  );
}
