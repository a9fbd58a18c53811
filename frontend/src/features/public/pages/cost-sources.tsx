// /cost-sources (issue 20): every source behind the predictions, with its date, role, full
// citation and the tasks that cite it, so a user can check any figure. Each estimate line
// links here with the source's id as the fragment (/cost-sources#S10).
//
// Public routes have no react-query provider (app/app-layout.tsx provides it for the app
// routes only, so public pages never download it). This page is its own lazy chunk and
// brings react-query and the app's one QueryClient itself.
import { useContext, useEffect, useRef } from 'react';
import { QueryClientContext, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { queryClient } from '../../../lib/query-client';
import { costSourcesQuery, type CostSource, type DurationSource, type SourceRole } from '../api/cost-sources';
import { PageHeader } from '../components/page-header';
import { PublicPage } from '../components/public-page';
import { usePageMeta } from '../hooks/use-page-meta';
import '../cost-sources.css';

const ROLE_LABELS: Record<SourceRole, string> = {
  primary: 'Primary source',
  secondary: 'Secondary source',
  'cross-check': 'Cross-check only',
};

/** Task lists longer than this are folded, and citations longer than this many characters. */
const FOLD_TASKS_OVER = 8;
const FOLD_CITATION_OVER = 360;

function TaskList({ source }: { source: CostSource }) {
  const { tasks } = source;
  if (tasks.length === 0) {
    return (
      <p className="pub-muted pub-small src-tasks-none">
        {source.role === 'cross-check'
          ? 'Used only to check other figures; no task’s figure comes from it.'
          : 'No task’s figure cites it directly: it serves the location factor, the zip code table or a cross-check.'}
      </p>
    );
  }
  const list = (
    <ul className="src-task-list">
      {tasks.map((t) => (
        <li key={t}>{t}</li>
      ))}
    </ul>
  );
  const label = `Used for ${tasks.length} ${tasks.length === 1 ? 'task' : 'tasks'}`;
  if (tasks.length <= FOLD_TASKS_OVER) {
    return (
      <div className="src-tasks">
        <p className="src-tasks-label">{label}:</p>
        {list}
      </div>
    );
  }
  return (
    <details className="src-tasks">
      <summary>
        {label}
        <span className="visually-hidden"> from {source.publisher ?? source.title}</span>
      </summary>
      {list}
    </details>
  );
}

function SourceItem({ source, targeted }: { source: CostSource; targeted: boolean }) {
  const headingId = `${source.id}-title`;
  return (
    <li
      id={source.id}
      className={`src-item pub-card${targeted ? ' src-item--target' : ''}`}
      tabIndex={-1}
      data-testid="cost-source"
    >
      <p className="src-meta">
        <span className="src-id">Source {source.id}</span>
        {source.role && <span className={`src-role src-role--${source.role}`}>{ROLE_LABELS[source.role]}</span>}
      </p>
      <h3 id={headingId} className="src-title">
        {source.url ? (
          <a href={source.url} target="_blank" rel="noopener noreferrer">
            {source.title}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : (
          source.title
        )}
      </h3>
      <dl className="src-facts">
        <div>
          <dt>Publisher</dt>
          <dd>{source.publisher ?? 'Not named'}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd data-testid="cost-source-date">{source.date ?? 'Not dated'}</dd>
        </div>
      </dl>
      <Citation citation={source.citation} title={source.title} />
      <TaskList source={source} />
    </li>
  );
}

/** Shown until the list arrives (and if it cannot be loaded): the server sends the same statement. */
const DURATIONS_NOTE =
  'No official per-phase figure exists: the U.S. Census Bureau publishes only whole-house building times, so the default duration of each new-home task is an estimate.';

function Citation({ citation, title }: { citation: string; title: string }) {
  if (!citation) return null;
  return citation.length > FOLD_CITATION_OVER ? (
    <details className="src-citation">
      <summary>
        Full citation<span className="visually-hidden"> of {title}</span>
      </summary>
      <p className="pub-small">{citation}</p>
    </details>
  ) : (
    <div className="src-citation">
      <p className="src-tasks-label">Full citation</p>
      <p className="pub-small">{citation}</p>
    </div>
  );
}

function DurationItem({ source, targeted }: { source: DurationSource; targeted: boolean }) {
  const { tasks } = source;
  return (
    <li
      id={source.id}
      className={`src-item pub-card${targeted ? ' src-item--target' : ''}`}
      tabIndex={-1}
      data-testid="duration-source"
    >
      <p className="src-meta">
        <span className="src-id">Source {source.id}</span>
      </p>
      <h3 className="src-title">
        {source.url ? (
          <a href={source.url} target="_blank" rel="noopener noreferrer">
            {source.title}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : (
          source.title
        )}
      </h3>
      <Citation citation={source.citation} title={source.title} />
      {tasks.length === 0 ? (
        <p className="pub-muted pub-small src-tasks-none">
          No task’s duration cites it directly: it defines or supports the whole-house figures.
        </p>
      ) : (
        <div className="src-tasks">
          <p className="src-tasks-label">
            Durations of {tasks.length} {tasks.length === 1 ? 'task' : 'tasks'}:
          </p>
          <ul className="src-task-list">
            {tasks.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

function CostSourcesContent() {
  usePageMeta({
    title: 'Cost data sources: where BuildLedger’s cost predictions come from | BuildLedger',
    description:
      'The published cost studies, remodeling reports and state cost factors behind every BuildLedger estimate, with their dates, full citations and the tasks that use them, and where the default task durations come from.',
  });
  const { data, isPending, isError, refetch } = useQuery(costSourcesQuery());
  const { hash } = useLocation();
  const target = hash ? decodeURIComponent(hash.slice(1)) : null;

  // The list arrives after the route has rendered: scroll to the linked source once it is there
  // (app/root-layout.tsx scrolls on navigation, when the item does not exist yet).
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!data || !target || scrolledTo.current === target) return;
    const el = document.getElementById(target);
    if (!el) return;
    el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
    scrolledTo.current = target;
  }, [data, target]);

  return (
    <PublicPage>
      <PageHeader eyebrow="Sources" title="Cost data sources">
        Every figure in a BuildLedger estimate comes from a published source listed on this page, with its date, so
        you can check it.
      </PageHeader>
      <div className="pub-container pub-section">
        <section className="pub-prose src-intro" aria-labelledby="how-title">
          <h2 id="how-title" style={{ marginTop: 0 }}>
            How predictions are made
          </h2>
          <ul>
            <li>
              <strong>National figures × your state’s factor.</strong> Each task starts from a national figure for basic,
              standard or premium quality, multiplied by the construction cost factor of the state your zip code is in.
            </li>
            <li>
              <strong>Jobs per job, areas per square foot.</strong> Work bought as a whole job, such as a kitchen remodel
              or a new roof, is priced per job: a kitchen remodel costs the same in a 1,200 and a 4,000 sq ft house.
              Work that grows with the house, such as framing, drywall or flooring, is priced per square foot and
              multiplied by your square footage.
            </li>
            <li>
              <strong>A likely range.</strong> Every prediction comes with a low and a high: halfway to the next
              quality tier down and halfway to the next tier up (for basic and premium, as far again on the open side). Where a
              source gives one figure for every quality, such as permit fees, there is no range.
            </li>
            <li>
              <strong>Your own prices.</strong> Once 3 tasks of your project have a bid or an actual cost, your board
              compares them with the predictions and calibrates the remaining ones to the prices you are getting,
              leaving one-off outliers out.
            </li>
          </ul>
          <p className="pub-note" data-testid="factor-note">
            {data?.factorNote ??
              'Location factor: state level. No current public source of metro or city construction cost factors was found, so every zip code of a state gets the same factor.'}
          </p>
          <p>
            <Link to="/#estimate">Try a free estimate</Link> to see each line with its range and its sources.
          </p>
        </section>

        <section aria-labelledby="list-title" className="src-list-section">
          <h2 id="list-title">The sources</h2>
          {isPending && (
            <p className="pub-muted" role="status">
              Loading the sources…
            </p>
          )}
          {isError && (
            <div className="pub-error" role="alert">
              <p style={{ margin: 0 }}>The list of sources could not be loaded.</p>
              <button type="button" className="btn btn-primary btn-sm" style={{ marginTop: 8 }} onClick={() => void refetch()}>
                Try again
              </button>
            </div>
          )}
          {data && (
            <ol className="src-list" data-testid="cost-sources">
              {data.sources.map((s) => (
                <SourceItem key={s.id} source={s} targeted={s.id === target} />
              ))}
            </ol>
          )}
        </section>

        <section aria-labelledby="durations-title" className="src-list-section src-durations">
          <h2 id="durations-title">Durations</h2>
          <p>
            A schedule starts each task of the standard list with a default length in working days, after the tasks it
            waits for. Replace them with your trades’ own dates.
          </p>
          <p className="pub-note" data-testid="durations-note">
            {data?.durations.note ?? DURATIONS_NOTE}
          </p>
          {data && data.durations.sources.length > 0 && (
            <ol className="src-list" data-testid="duration-sources">
              {data.durations.sources.map((s) => (
                <DurationItem key={s.id} source={s} targeted={s.id === target} />
              ))}
            </ol>
          )}
          {data && data.durations.estimatedTasks.length > 0 && (
            <details className="src-tasks src-estimated" data-testid="estimated-durations">
              <summary>
                Estimated, with no published figure: {data.durations.estimatedTasks.length}{' '}
                {data.durations.estimatedTasks.length === 1 ? 'task' : 'tasks'}
              </summary>
              <ul className="src-task-list">
                {data.durations.estimatedTasks.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
            </details>
          )}
        </section>
      </div>
    </PublicPage>
  );
}

export default function CostSources() {
  // Inside the app's provider (tests, or a future layout) use it; on a public route bring the app's client.
  const inProvider = useContext(QueryClientContext) !== undefined;
  return inProvider ? (
    <CostSourcesContent />
  ) : (
    <QueryClientProvider client={queryClient}>
      <CostSourcesContent />
    </QueryClientProvider>
  );
}
