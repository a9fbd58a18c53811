import { useInfiniteQuery } from '@tanstack/react-query';
import { reasonOf } from '../../lib/use-item-actions';
import { activityQuery, actionSubject, actorName, formatWhen } from './api';
import './activity.css';

interface Props {
  projectId: number;
  /** Only this task's entries; the whole project's when null. */
  task: number | null;
  /** Entries a page (the server's default is 50). */
  limit: number;
  /** What to say when there is nothing yet. */
  empty: string;
  /** The list's accessible name. */
  label: string;
}

/**
 * A project's (or one task's) activity trail, newest first: each change's sentence, who made it
 * and when; "Show more" reads the next page.
 */
export function ActivityFeed({ projectId, task, limit, empty, label }: Props) {
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  const feed = useInfiniteQuery({ ...activityQuery(projectId, task, limit), enabled: valid });
  if (feed.isPending) return <p className="muted">Loading the activity…</p>;
  // A failed "Show more" keeps the pages already read (below); only a first read's failure is said here.
  if (feed.isError && !feed.isFetchNextPageError) {
    return (
      <p className="form-error" role="alert">
        The activity could not be loaded. {reasonOf(feed.error)}
      </p>
    );
  }
  const entries = feed.data.pages.flatMap((p) => p.entries);
  if (entries.length === 0) return <p className="muted">{empty}</p>;
  return (
    <>
      <ol className="activity-list" aria-label={label} data-testid="activity-list">
        {entries.map((e) => (
          <li key={e.id} className="activity-entry" data-action={e.action}>
            <span className={`activity-subject activity-subject-${e.action.split('.')[0]}`}>
              {actionSubject(e.action)}
            </span>
            <span className="activity-summary">{e.summary}</span>
            <span className="activity-meta muted">
              {actorName(e.actor)} · <time dateTime={e.at}>{formatWhen(e.at)}</time>
            </span>
          </li>
        ))}
      </ol>
      {feed.hasNextPage && (
        <button
          type="button"
          className="btn btn-sm activity-more"
          aria-disabled={feed.isFetchingNextPage || undefined}
          onClick={() => !feed.isFetchingNextPage && void feed.fetchNextPage()}
        >
          {feed.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </button>
      )}
      {feed.isFetchNextPageError && (
        <p className="form-error" role="alert">
          The next entries could not be loaded. Try Show more again.
        </p>
      )}
    </>
  );
}

/** The task dialog's "Activity": the task's last changes, five at a time. */
export function TaskActivitySection({ projectId, task }: { projectId: number; task: { id: number; title: string } }) {
  const titleId = `activity-title-${task.id}`;
  return (
    <section className="item-section" aria-labelledby={titleId} data-testid="task-activity">
      <div className="item-head">
        <h3 id={titleId}>Activity</h3>
      </div>
      <ActivityFeed
        projectId={projectId}
        task={task.id}
        limit={5}
        empty="No changes recorded yet."
        label={`Changes to ${task.title}, newest first`}
      />
    </section>
  );
}
