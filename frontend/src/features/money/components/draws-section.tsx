import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DeleteConfirm, SectionStatus } from '../../../components/ui/item-section';
import { formatIsoDay, formatMoney } from '../../../lib/format';
import { reasonOf, useItemActions } from '../../../lib/use-item-actions';
import { deleteDraw, drawsQuery, receiptNames, updateDraw } from '../api';
import { downloadDrawPdf, drawTaskIds } from '../export-draw-pdf';
import type { Draw, DrawWrite, MoneyProject, MoneySummary, MoneyTask, ProjectPayment } from '../types';
import { drawStatusLabel } from '../utils';
import { FundDrawDialog, NewDrawDialog } from './draw-dialogs';

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
  exporting: boolean;
  onStatus: (draw: Draw, patch: DrawWrite, done: string) => void;
  onFund: (draw: Draw) => void;
  onDelete: (draw: Draw) => void;
  onPdf: (draw: Draw) => void;
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

function DrawRow({ draw, busy, disabled, canExport, exporting, onStatus, onFund, onDelete, onPdf }: RowProps) {
  const n = draw.number;
  const titles = draw.items.map((i) => i.title).join(', ');
  return (
    <tr data-draw-id={draw.id} data-draw-number={n}>
      <th scope="row" className="draw-name" data-label="Draw">
        Draw {n}
        <span className="draw-tasks">{titles}</span>
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
          {draw.status === 'draft' && (
            <ActionButton
              primary
              text="Submit"
              label={`Submit draw ${n} to the lender`}
              disabled={disabled}
              onClick={() => onStatus(draw, { status: 'submitted' }, `Draw ${n} submitted.`)}
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
                onStatus(draw, { status: 'submitted' }, `Draw ${n} is submitted again; its funded amount is cleared.`)
              }
            />
          )}
          <ActionButton
            text={exporting ? 'Preparing…' : 'Download PDF'}
            label={`Download draw ${n} as PDF`}
            disabled={!canExport || exporting}
            onClick={() => onPdf(draw)}
          />
          <ActionButton
            danger
            text="Delete"
            label={`Delete draw ${n}`}
            disabled={disabled}
            onClick={() => onDelete(draw)}
          />
        </div>
      </td>
    </tr>
  );
}

/** Lender draws: the list, a new request pre-filled from the work, status changes, delete and PDF. */
export function DrawsSection({ projectId, project, tasks, summary, payments, onChanged }: Props) {
  const qc = useQueryClient();
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
  const [exportingId, setExportingId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [funding, setFunding] = useState<Draw | null>(null);
  const list = draws.data ?? [];
  const canExport = project !== null && tasks !== undefined && payments !== undefined && summary !== undefined;

  const onStatus = (draw: Draw, patch: DrawWrite, done: string) =>
    void act(draw, () => updateDraw(draw.id, patch), done);

  const onFundSave = async (draw: Draw, fundedAmount: number, fundedOn: string) => {
    setError('');
    setStatus('');
    try {
      await updateDraw(draw.id, { status: 'funded', funded_amount: fundedAmount, funded_on: fundedOn });
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

  const onPdf = async (draw: Draw) => {
    if (!canExport) return;
    setExportingId(draw.id);
    setError('');
    try {
      const covered = drawTaskIds(draw);
      const receipts = await receiptNames(
        qc,
        payments.filter((p) => covered.has(p.task)),
      );
      await downloadDrawPdf({ project, draw, draws: list, tasks, payments, receipts, summary });
      setStatus(`Draw ${draw.number} PDF downloaded.`);
    } catch (e) {
      console.error('Draw PDF failed', e);
      setError('The PDF could not be made. Please try again.');
    } finally {
      setExportingId(null);
    }
  };

  const hasLoan = summary && summary.loan_amount !== null && summary.loan_amount !== undefined;

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
                : `No construction loan set (add one in Update Budget on the board). Funded draws so far: ${formatMoney(summary.drawn)}.`}
          </p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          New draw request
        </button>
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
                  exporting={exportingId === d.id}
                  onStatus={onStatus}
                  onFund={setFunding}
                  onDelete={setDeleting}
                  onPdf={(draw) => void onPdf(draw)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creating && (
        <NewDrawDialog
          projectId={projectId}
          paid={summary?.paid_to_date}
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
          onSave={(amount, on) => onFundSave(funding, amount, on)}
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
