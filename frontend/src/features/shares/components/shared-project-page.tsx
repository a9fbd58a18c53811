import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { formatIsoDay, formatNumber } from '../../../lib/format';
import { useSharedPageMeta } from '../hooks/use-shared-page-meta';
import { useSharedProject } from '../hooks/use-shares';
import type { BoardPieces, SharedProject, SharedScheduleRenderer } from '../types';
import { SharedBoard } from './shared-board';
import { SharedBids, SharedDocuments, SharedPayments } from './shared-details';
import { SharedDraws } from './shared-draws';
import { SharedSchedule } from './shared-schedule';
import { SharedSummary } from './shared-summary';
import '../share-links.css';
import '../shared-page.css';
import '../shared-details.css';

/** A revoked, expired or mistyped link (the server answers 404 for all three, on purpose alike). */
export function LinkUnavailable() {
  return (
    <main className="page narrow center shared-page">
      <div className="card share-unavailable" data-testid="share-unavailable">
        <h1>This link is no longer available</h1>
        <p className="muted">
          It may have been revoked or have expired, or the address may be incomplete. Ask the person who sent it for a
          new link.
        </p>
        <Link className="btn btn-primary" to="/">
          Go to the home page
        </Link>
      </div>
    </main>
  );
}

function Facts({ project }: { project: SharedProject['project'] }) {
  const facts: [string, string][] = [];
  // Issue 34: the property and its lender, when the owner gave them.
  if (project.address) facts.push(['Address', project.address]);
  if (project.lender_name) facts.push(['Lender', project.lender_name]);
  if (project.loan_number) facts.push(['Loan number', project.loan_number]);
  facts.push(['Type', project.project_type_display]);
  if (project.zip_code) facts.push(['Zip code', project.zip_code]);
  if (project.square_footage) facts.push(['Size', `${formatNumber(project.square_footage)} sq ft`]);
  if (project.start_date || project.end_date) {
    facts.push(['Dates', `${formatIsoDay(project.start_date)} – ${formatIsoDay(project.end_date)}`]);
  }
  return (
    <dl className="share-facts" data-testid="shared-facts">
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function SharedView({
  data,
  board,
  schedule,
}: {
  data: SharedProject;
  board: BoardPieces;
  schedule?: SharedScheduleRenderer;
}) {
  return (
    <main className="page page-wide shared-page" data-testid="shared-project">
      <p className="share-banner" data-testid="share-banner">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
          <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        <span>
          Read-only view shared by the project owner · {data.label}
          {data.expires_on ? ` · until ${formatIsoDay(data.expires_on)}` : ''}
        </span>
      </p>
      <header className="page-header share-header">
        <div className="row-between">
          <div>
            <h1>{data.project.name}</h1>
            <p className="muted">Live figures from the owner&apos;s BuildLedger board.</p>
          </div>
          <button type="button" className="btn share-print" onClick={() => window.print()}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path
                d="M7 9V3h10v6M7 17H4v-7h16v7h-3M7 14h10v7H7z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
            Print
          </button>
        </div>
        <Facts project={data.project} />
      </header>
      <div className="stack">
        <SharedSummary summary={data.summary} board={board} />
        <SharedBoard
          tasks={data.tasks}
          summary={data.summary}
          squareFootage={data.project.square_footage}
          board={board}
        />
        <SharedSchedule data={data} render={schedule} />
        {data.include_bids && <SharedBids groups={data.bids} />}
        {data.include_payments && <SharedPayments payments={data.payments} />}
        {data.include_draws && <SharedDraws draws={data.draws ?? []} />}
        {data.include_documents && <SharedDocuments documents={data.documents} tasks={data.tasks} />}
      </div>
      <footer className="share-footer muted">
        Shared with <Link to="/">BuildLedger</Link>, the budget tracker for home builds.
      </footer>
    </main>
  );
}

/**
 * `/share/:token`: what a read-only link shows, without a login or a subscription (issue 21).
 * Nothing on it is editable: figures and the board by column and, when the owner included them,
 * bids, payments and documents (through signed links). `board`: the board's read-only pieces,
 * given by the app: the prediction each task shows, by the board's rule, written as the board
 * writes it, and the board's range and contingency words (docs/money.md, one rule on every screen).
 * `schedule`: the schedule's read-only view (issue 33), given by the app too.
 */
export function SharedProjectPage({
  token,
  board,
  schedule,
}: {
  token: string;
  board: BoardPieces;
  schedule?: SharedScheduleRenderer;
}) {
  const shared = useSharedProject(token);
  const gone = shared.error instanceof ApiError && shared.error.status === 404;
  const name = !gone ? shared.data?.project.name : undefined;
  useSharedPageMeta(
    gone ? 'Link not available – BuildLedger' : name ? `Shared project – ${name}` : 'Shared project – BuildLedger',
  );

  if (!token || gone) return <LinkUnavailable />;
  if (shared.data) return <SharedView data={shared.data} board={board} schedule={schedule} />;
  if (shared.isError) {
    return (
      <main className="page narrow center shared-page">
        <div className="card">
          <h1>The project could not be loaded</h1>
          <p className="muted">The server could not be reached. Please try again in a moment.</p>
          <button type="button" className="btn btn-primary" onClick={() => void shared.refetch()}>
            Try again
          </button>
        </div>
      </main>
    );
  }
  return (
    <p className="page-loading" role="status">
      Loading the shared project…
    </p>
  );
}
