import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SectionStatus } from '../../../components/ui/item-section';
import { ApiError } from '../../../lib/api-client';
import { useCanEdit } from '../../../lib/edit-access';
import { formatIsoDay, formatMoney, formatWholeMoney } from '../../../lib/format';
import { useAppPageMeta } from '../../../lib/page-meta';
import { awardBid, bidKeys, projectBidsQuery, withdrawAward } from '../api';
import { downloadComparisonPdf } from '../export-pdf';
import type { BidComparison, ComparedBid } from '../types';
import { bidCount, differenceText, flagText, formatDifference, isFlag, offerExpired, statusLabel } from '../utils';
import { useAwardInsuranceCheck } from './award-check';
import { localToday } from '../../../lib/dates';
import { reasonOf, useItemActions } from '../../../lib/use-item-actions';
import '../bids.css';

interface Props {
  projectId: number;
  /** The project's name once known (the board's cached project). */
  projectName: string | null;
  /** After an award or a withdrawal: the board refreshes its tasks and money summary. */
  onBidsChanged?: () => void;
}

interface BidCardProps {
  row: BidComparison;
  bid: ComparedBid;
  busy: boolean;
  disabled: boolean;
  today: string;
  onAward: () => void;
  onWithdraw: () => void;
}

function BidCard({ row, bid, busy, disabled, today, onAward, onWithdraw }: BidCardProps) {
  const flag = isFlag(bid.flag) ? bid.flag : null;
  const note = flagText(flag);
  const awarded = bid.status === 'awarded';
  const who = bid.contractor.name;
  // Issue 35: a viewer compares the bids and awards none.
  const canEdit = useCanEdit();
  const diffId = `diff-${bid.id}`;
  const dir =
    bid.difference_pct === null ? 'none' : bid.difference_pct > 0 ? 'up' : bid.difference_pct < 0 ? 'down' : 'same';
  return (
    <li
      className={`compare-bid compare-bid-${bid.status}${bid.lowest ? ' is-lowest' : ''}${flag ? ` flag-${flag}` : ''}`}
      data-bid-id={bid.id}
    >
      <div className="compare-bid-top">
        <h3 className="compare-bid-name">{who}</h3>
        <span className={`bid-status bid-status-${bid.status}`}>
          {awarded && (
            <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true">
              <path d="m5 12 5 5 9-10" fill="none" stroke="currentColor" strokeWidth="3" />
            </svg>
          )}
          {statusLabel(bid.status)}
        </span>
      </div>
      <p className="compare-bid-amount num" data-testid="bid-amount">
        {formatMoney(bid.amount)}
      </p>
      <p className={`compare-diff diff-${dir}`} id={diffId} data-testid="bid-difference">
        {row.predicted_cost !== null && bid.difference_pct !== null && (
          <span className="diff-badge" aria-hidden="true">
            {formatDifference(bid.difference_pct)}
          </span>
        )}
        <span>{differenceText(bid.difference_pct)}</span>
      </p>
      <div className="compare-tags">
        {bid.lowest && (
          <span className="bid-tag bid-tag-lowest">
            <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true">
              <path d="M12 5v14M6 13l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" />
            </svg>
            Lowest bid
          </span>
        )}
      </div>
      {bid.valid_until && (
        <p className="compare-valid" data-testid="bid-valid-until">
          Valid until {formatIsoDay(bid.valid_until)}
          {offerExpired(bid.valid_until, today) && <span className="bid-expired"> (expired)</span>}
        </p>
      )}
      {bid.notes && (
        <div className="compare-notes" data-testid="bid-notes">
          <span className="compare-notes-label">Scope notes</span>
          <p>{bid.notes}</p>
        </div>
      )}
      {note && (
        <p className={`scope-flag scope-flag-${flag}`} data-testid="scope-flag">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M12 3 2 21h20L12 3z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
            <path d="M12 10v5M12 18v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>{note}</span>
        </p>
      )}
      {canEdit && (
        <div className="compare-bid-actions">
          <button
            type="button"
            className={`btn btn-sm${awarded ? '' : ' btn-primary'}`}
            aria-disabled={disabled || undefined}
            aria-label={
              awarded
                ? `Withdraw the award to ${who} for ${row.title}`
                : `Award ${row.title} to ${who}, ${formatMoney(bid.amount)}`
            }
            aria-describedby={diffId}
            onClick={() => {
              if (!disabled) (awarded ? onWithdraw : onAward)();
            }}
          >
            {busy ? 'Working…' : awarded ? 'Withdraw award' : 'Award'}
          </button>
        </div>
      )}
    </li>
  );
}

function TaskComparison({
  row,
  busyId,
  today,
  onAward,
  onWithdraw,
}: {
  row: BidComparison;
  busyId: number | null;
  today: string;
  onAward: (row: BidComparison, bid: ComparedBid) => void;
  onWithdraw: (row: BidComparison, bid: ComparedBid) => void;
}) {
  const titleId = `compare-task-${row.task}`;
  const awarded = row.bids.find((b) => b.id === row.awarded_bid) ?? row.bids.find((b) => b.status === 'awarded');
  const spreadPct = row.lowest > 0 ? Math.round((row.spread / row.lowest) * 1000) / 10 : null;
  return (
    <section className="card compare-task" aria-labelledby={titleId} data-task-id={row.task}>
      <div className="compare-task-head">
        <h2 id={titleId}>{row.title}</h2>
        <span className="muted">{bidCount(row.bids.length)}</span>
      </div>
      <dl className="compare-facts">
        <div>
          <dt>Regional prediction</dt>
          <dd data-testid="compare-prediction">
            {row.predicted_cost === null ? 'None (no zip code or size)' : formatWholeMoney(row.predicted_cost)}
          </dd>
        </div>
        <div>
          <dt>Lowest</dt>
          <dd>{formatMoney(row.lowest)}</dd>
        </div>
        <div>
          <dt>Highest</dt>
          <dd>{formatMoney(row.highest)}</dd>
        </div>
        <div>
          <dt>Spread</dt>
          <dd data-testid="compare-spread">
            {formatMoney(row.spread)}
            {spreadPct !== null && row.bids.length > 1 && <span className="muted"> ({spreadPct}% of the lowest)</span>}
          </dd>
        </div>
        <div>
          {/* The award alone: the task's committed cost adds its approved change orders (the board). */}
          <dt>Awarded</dt>
          <dd data-testid="compare-committed">
            {awarded ? `${formatMoney(awarded.amount)}, ${awarded.contractor.name}` : 'Not awarded yet'}
          </dd>
        </div>
      </dl>
      <ul className="compare-bids" aria-label={`Bids for ${row.title}`}>
        {row.bids.map((bid) => (
          <BidCard
            key={bid.id}
            row={row}
            bid={bid}
            busy={busyId === bid.id}
            disabled={busyId !== null}
            today={today}
            onAward={() => onAward(row, bid)}
            onWithdraw={() => onWithdraw(row, bid)}
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * `/kanban/:projectId/bids`: every task with bids, its bids side by side with the regional
 * prediction (difference in percent, the lowest marked, "check the scope" beyond 25%), the spread,
 * Award and Withdraw, and a PDF of the whole comparison.
 */
export function CompareBidsPage({ projectId, projectName, onBidsChanged }: Props) {
  const qc = useQueryClient();
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  const comparison = useQuery({ ...projectBidsQuery(projectId), enabled: valid });
  // An award or a withdrawal: the comparison and the board refresh, whether it went through or not.
  const {
    busyId,
    error,
    status,
    setError,
    run: act,
  } = useItemActions<ComparedBid>({
    failure: 'Bid action failed',
    settle: async () => {
      await qc.invalidateQueries({ queryKey: bidKeys.all });
      onBidsChanged?.();
    },
  });
  const [exporting, setExporting] = useState(false);
  const [today] = useState(localToday);
  const insurance = useAwardInsuranceCheck(projectId);
  const rows = comparison.data ?? [];

  useAppPageMeta(
    projectName ? `${projectName} – Compare bids` : 'Compare bids',
    "Your contractors' bids side by side with the regional predicted cost: differences, the spread, and the award.",
  );

  // An expired or missing insurance asks first (award-check.tsx).
  const onAward = (row: BidComparison, bid: ComparedBid) =>
    void insurance.check(
      bid.contractor,
      `Award ${row.title} to ${bid.contractor.name}, ${formatMoney(bid.amount)}?`,
      () =>
        void act(
          bid,
          () => awardBid(bid.id),
          `${row.title} awarded to ${bid.contractor.name}: committed cost ${formatMoney(bid.amount)}.${
            row.bids.some((b) => b.id !== bid.id) ? ' The other bids are declined.' : ''
          }`,
        ),
    );
  const onWithdraw = (row: BidComparison, bid: ComparedBid) =>
    void act(
      bid,
      () => withdrawAward(bid.id),
      `Award of ${row.title} withdrawn: it has no committed cost, and its bids are pending again.`,
    );

  const download = async () => {
    setExporting(true);
    setError('');
    try {
      await downloadComparisonPdf(projectId, projectName, rows);
    } catch (e) {
      console.error('Bid comparison PDF failed', e);
      setError('The PDF could not be made. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  const flagged = rows.reduce((n, r) => n + r.bids.filter((b) => isFlag(b.flag)).length, 0);

  return (
    <main className="page page-wide bids-page">
      <header className="page-header">
        <nav aria-label="Breadcrumb" className="bids-breadcrumb">
          <Link to="/projects">Projects</Link> <span aria-hidden="true">/</span>{' '}
          <Link to={`/kanban/${projectId}`}>{projectName ?? 'Board'}</Link> <span aria-hidden="true">/</span>
        </nav>
        <div className="row-between">
          <div>
            <h1>Compare bids</h1>
            <p className="muted">
              Each task&apos;s bids beside the regional predicted cost. A bid more than 25% above or below the
              prediction is marked &ldquo;check the scope&rdquo;. Award one to make it the task&apos;s committed cost.
            </p>
          </div>
          <div className="bids-page-actions">
            <button
              type="button"
              className="btn"
              onClick={() => void download()}
              disabled={exporting || rows.length === 0}
            >
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path d="M12 4v11M7 10l5 5 5-5M5 20h14" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
              {exporting ? 'Preparing PDF…' : 'Download bid comparison (PDF)'}
            </button>
            <Link className="btn" to="/contractors">
              Contractors
            </Link>
          </div>
        </div>
      </header>
      <SectionStatus status={status} error={error} />
      {!valid ? (
        <p className="form-error" role="alert">
          This project does not exist.
        </p>
      ) : comparison.isPending ? (
        <p className="page-loading" role="status">
          Loading...
        </p>
      ) : comparison.isError ? (
        <p className="form-error" role="alert">
          {comparison.error instanceof ApiError && comparison.error.status === 404
            ? 'Project not found.'
            : `The bids could not be loaded. ${reasonOf(comparison.error)}`}
        </p>
      ) : rows.length === 0 ? (
        <section className="card empty" aria-labelledby="no-bids-title">
          <h2 id="no-bids-title">No bids yet</h2>
          <p className="muted">
            Open a task on the board and add your contractors&apos; bids under &ldquo;Bids&rdquo;. They appear here side
            by side.
          </p>
          <Link className="btn btn-primary" to={`/kanban/${projectId}`}>
            Back to the board
          </Link>
        </section>
      ) : (
        <>
          <p className="compare-summary" data-testid="compare-summary">
            {rows.length} {rows.length === 1 ? 'task has' : 'tasks have'} bids;{' '}
            {rows.filter((r) => r.awarded_bid !== null).length} awarded
            {flagged > 0 ? `; ${flagged} ${flagged === 1 ? 'bid needs' : 'bids need'} a scope check` : ''}.
          </p>
          <div className="stack">
            {rows.map((row) => (
              <TaskComparison
                key={row.task}
                row={row}
                busyId={busyId}
                today={today}
                onAward={onAward}
                onWithdraw={onWithdraw}
              />
            ))}
          </div>
        </>
      )}
      {insurance.dialog}
    </main>
  );
}
