import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Banner } from '../../../components/ui/banner';
import { ApiError } from '../../../lib/api-client';
import { useTheme, type Theme } from '../../../lib/theme';
import { useAppPageMeta } from '../../../lib/page-meta';
import {
  boardKeys,
  boardProjectQuery,
  boardTasksQuery,
  invalidateSummary,
  projectSummaryQuery,
  updateProjectBudget,
} from '../api';
import { exportCsv, exportPdf } from '../export';
import { markBoardMount, markBoardViewSwitch } from '../perf';
import { preloadConfetti, useInlineUpdate, useMoveTask } from '../hooks/use-board';
import type { BoardProject, Task } from '../types';
import { summarize } from '../money';
import { parseActualCost, parseBudget } from '../utils';
import { BudgetSummary } from './budget-summary';
import { ExportMenu } from './export-menu';
import { NumberPromptModal } from './number-prompt-modal';
import { SpreadsheetView } from './spreadsheet-view';
import { TaskFormModal } from './task-form-modal';
import '../board.css';

// dnd-kit comes with the Kanban view only: the default Spreadsheet view does not download or parse it.
// Prefetched when the user points at or focuses the View select; once loaded it
// renders directly (no Suspense round, which React throttles to 300 ms).
let kanbanModule: typeof import('./kanban-view') | null = null;
const loadKanban = () =>
  import('./kanban-view').then((m) => {
    kanbanModule = m;
    return m;
  });
const LazyKanbanView = lazy(() => loadKanban().then((m) => ({ default: m.KanbanView })));

type View = 'kanban' | 'spreadsheet';

interface PaidDrop {
  taskId: number;
  index: number;
  restore: () => void;
}

function KanbanView(props: React.ComponentProps<typeof LazyKanbanView>) {
  const Loaded = kanbanModule?.KanbanView;
  return Loaded ? <Loaded {...props} /> : <LazyKanbanView {...props} />;
}

export function BoardPage() {
  useState(markBoardMount); // once per mount (User Timing, see ../perf.ts)
  const { projectId: raw } = useParams();
  const projectId = Number(raw);
  const qc = useQueryClient();
  const project = useQuery({ ...boardProjectQuery(projectId), enabled: Number.isInteger(projectId) });
  const tasksQ = useQuery({ ...boardTasksQuery(projectId), enabled: Number.isInteger(projectId) });
  const summaryQ = useQuery({ ...projectSummaryQuery(projectId), enabled: Number.isInteger(projectId) });
  const { theme, setTheme } = useTheme();
  const [view, setView] = useState<View>('spreadsheet');
  const [banner, setBanner] = useState('');
  const [editing, setEditing] = useState<Task | null | undefined>(undefined); // undefined: closed, null: new
  const [budgetOpen, setBudgetOpen] = useState(false);
  const [paidDrop, setPaidDrop] = useState<PaidDrop | null>(null);
  const [exporting, setExporting] = useState(false);

  const loadFailed = project.isError || tasksQ.isError || !Number.isInteger(projectId);
  // The banner appears each time loading starts failing (state adjusted while rendering).
  const [loadFailedSeen, setLoadFailedSeen] = useState(false);
  if (loadFailed !== loadFailedSeen) {
    setLoadFailedSeen(loadFailed);
    if (loadFailed) setBanner('Failed to load project or tasks.');
  }

  const tasks = useMemo(() => tasksQ.data ?? [], [tasksQ.data]);
  const sqft = project.data?.square_footage ?? null;
  const budget = project.data?.budget ?? 0;
  // The server's figures when they describe the tasks and project shown: the summary was asked for
  // when these very objects were in the cache (api.ts). Any write since (an optimistic move or edit,
  // a rollback, a budget being saved, a refetch that changed something) replaces them; until the
  // summary refetched after the server's answer is in, the same rule computed here in cents
  // (money.ts) gives the figures of the tasks shown.
  const answer = summaryQ.data;
  const serverSummary =
    answer !== undefined && answer.tasks === tasksQ.data && answer.project === project.data ? answer.summary : null;
  const summary = useMemo(() => serverSummary ?? summarize(tasks, sqft, budget), [serverSummary, tasks, sqft, budget]);

  const move = useMoveTask(projectId, setBanner);
  const inlineUpdate = useInlineUpdate(projectId);
  const openTask = useCallback((t: Task) => setEditing(t), []);
  const onDropToPaid = useCallback((taskId: number, index: number, restore: () => void) => {
    void preloadConfetti().catch(() => {});
    setPaidDrop({ taskId, index, restore });
  }, []);

  const saveBudget = async (value: string) => {
    setBudgetOpen(false);
    const newBudget = parseBudget(value);
    const key = boardKeys.project(projectId);
    const previous = qc.getQueryData<BoardProject>(key);
    if (previous) qc.setQueryData<BoardProject>(key, { ...previous, budget: newBudget ?? previous.budget });
    try {
      const updated = await updateProjectBudget(projectId, newBudget);
      qc.setQueryData(key, updated);
      void qc.invalidateQueries({ queryKey: ['projects'] });
    } catch (e) {
      console.error(e);
      if (previous) qc.setQueryData(key, previous);
      setBanner('Failed to update budget.');
    } finally {
      void invalidateSummary(qc, projectId);
    }
  };

  const savePaid = (value: string) => {
    if (!paidDrop) return;
    move(paidDrop.taskId, 'Paid', paidDrop.index, parseActualCost(value));
    paidDrop.restore();
    setPaidDrop(null);
  };

  const cancelPaid = () => {
    paidDrop?.restore();
    setPaidDrop(null);
  };

  const doExport = async (kind: 'csv' | 'pdf') => {
    if (kind === 'csv') {
      exportCsv(projectId, tasks);
      return;
    }
    setExporting(true);
    try {
      await exportPdf(projectId, tasks);
    } catch (e) {
      console.error('PDF export failed', e);
    } finally {
      setExporting(false);
    }
  };

  const notFound = project.error instanceof ApiError && project.error.status === 404;
  useAppPageMeta(
    project.data?.name ? `${project.data.name} – Board` : notFound ? 'Project not found' : 'Project Board',
    'Your project board: tasks in To Do, In Progress and Paid, predicted and actual costs against your budget.',
  );

  // One loading state until the project and its tasks are both in: the page then
  // appears at once instead of growing under the reader (no layout shift).
  // The switch from loading to the board is deferred: react-query delivers the answer as
  // a synchronous update, and the board's first render (every row) would be one long task;
  // as a deferred value React renders it in short slices. Later updates (edits, drops)
  // are not deferred.
  const loaded = useDeferredValue(!project.isPending && !tasksQ.isPending);
  if (!loadFailed && !loaded) {
    return (
      <main className="page page-wide board" data-view={view}>
        <p className="page-loading" role="status">
          Loading...
        </p>
      </main>
    );
  }

  return (
    <main className="page page-wide board" data-view={view}>
      <Banner message={banner} onDismiss={() => setBanner('')} />
      <header className="page-header row-between board-header">
        <div>
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <Link to="/projects">Projects</Link> <span aria-hidden="true">/</span>
          </nav>
          <h1>{project.data?.name ?? (notFound ? 'Project not found' : 'Project Board')}</h1>
          {project.data && (
            <p className="muted">
              {[project.data.project_type_display, project.data.zip_code ? `Zip ${project.data.zip_code}` : null]
                .filter(Boolean)
                .join(' · ')}
            </p>
          )}
        </div>
      </header>

      {project.data && <BudgetSummary summary={summary} squareFootage={sqft} />}

      <div className="toolbar" role="toolbar" aria-label="Board actions">
        <div className="toolbar-group">
          <button type="button" className="btn btn-primary" onClick={() => setEditing(null)} disabled={loadFailed}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            Add Task
          </button>
          <button type="button" className="btn" onClick={() => setBudgetOpen(true)} disabled={!project.data}>
            Update Budget
          </button>
          <ExportMenu onCsv={() => void doExport('csv')} onPdf={() => void doExport('pdf')} busy={exporting} />
        </div>
        <div className="toolbar-group">
          <label className="inline-field">
            <span>View</span>
            <select
              value={view}
              onFocus={() => void loadKanban()}
              onPointerEnter={() => void loadKanban()}
              onChange={(e) => {
                markBoardViewSwitch();
                setView(e.target.value as View);
              }}
              aria-label="View"
            >
              <option value="kanban">Kanban View</option>
              <option value="spreadsheet">Spreadsheet View</option>
            </select>
          </label>
          <label className="inline-field">
            <span>Theme</span>
            <select value={theme} onChange={(e) => setTheme(e.target.value as Theme)} aria-label="Theme">
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </label>
        </div>
      </div>

      {tasksQ.isPending && !loadFailed ? (
        <p className="muted">Loading...</p>
      ) : loadFailed ? null : view === 'kanban' ? (
        <Suspense fallback={<p className="muted">Loading...</p>}>
          <KanbanView
            tasks={tasks}
            totals={summary.column_totals}
            squareFootage={sqft}
            zipCode={project.data?.zip_code ?? null}
            onOpen={openTask}
            onMove={move}
            onDropToPaid={onDropToPaid}
          />
        </Suspense>
      ) : (
        <SpreadsheetView tasks={tasks} squareFootage={sqft} onUpdate={inlineUpdate} onOpen={openTask} />
      )}

      <p className="hint sources-note">
        Predicted costs are regional averages per square foot for each task and material quality, adjusted for your
        project&apos;s state and multiplied by its square footage. Your own cost, when entered, replaces the prediction
        in totals.
      </p>

      {editing !== undefined && (
        <TaskFormModal
          projectId={projectId}
          task={editing}
          squareFootage={sqft}
          onClose={() => setEditing(undefined)}
          onBanner={setBanner}
        />
      )}
      {budgetOpen && (
        <NumberPromptModal
          title="Update Project Budget"
          label="Budget"
          initialValue={
            project.data?.budget === null || project.data?.budget === undefined ? '' : String(project.data.budget)
          }
          onSave={(v) => void saveBudget(v)}
          onCancel={() => setBudgetOpen(false)}
        />
      )}
      {paidDrop && (
        <NumberPromptModal
          title="Enter Actual Cost"
          label="Actual Cost"
          description="What did this task cost? Leave blank for $0.00."
          onSave={savePaid}
          onCancel={cancelPaid}
        />
      )}
    </main>
  );
}
