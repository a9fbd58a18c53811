import { Link } from 'react-router';
import { useOwnsProject } from '../../../lib/edit-access';
import './board-first-steps.css';

/**
 * The ledger of a board with tasks and no money yet, in one line: what is missing and where to
 * start (the contractors, whose bids are then added to tasks), in place of a row of $0.00 figures.
 */
export function EmptyLedgerLine() {
  const ownsProject = useOwnsProject();
  return (
    <p className="empty-ledger" data-testid="empty-ledger">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path d="M4 7h16M4 12h10M4 17h7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>
        No bids or payments yet
        {ownsProject && (
          <>
            {' '}
            — <Link to="/contractors">add contractors and bids</Link>
          </>
        )}
      </span>
    </p>
  );
}

/** A board without tasks: the standard task list, in one press (or Add Task for one's own). */
export function EmptyBoard({
  projectType,
  busy,
  onStart,
}: {
  projectType: string | null;
  busy: boolean;
  /** Starts the standard task list; left out for a viewer (issue 35). */
  onStart?: () => void;
}) {
  if (!onStart) {
    return (
      <section className="empty-board" aria-labelledby="empty-board-title">
        <h2 id="empty-board-title">This board has no tasks yet</h2>
        <p className="muted">No one has added a task to this project yet.</p>
      </section>
    );
  }
  return (
    <section className="empty-board" aria-labelledby="empty-board-title">
      <svg viewBox="0 0 48 48" width="44" height="44" aria-hidden="true" className="empty-board-icon">
        <rect x="6" y="8" width="36" height="32" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path
          d="M14 18h20M14 25h14M14 32h17"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          opacity="0.7"
        />
      </svg>
      <h2 id="empty-board-title">This board has no tasks yet</h2>
      <p className="muted">
        The standard task list adds the usual tasks of a {projectType ? <strong>{projectType}</strong> : 'project'} in
        build order, at standard quality, each with its predicted cost. Edit, move or delete any of them, or add your
        own with Add Task.
      </p>
      <button type="button" className="btn btn-primary btn-lg" onClick={onStart} disabled={busy}>
        {busy ? 'Adding tasks…' : 'Start from the standard task list'}
      </button>
    </section>
  );
}
