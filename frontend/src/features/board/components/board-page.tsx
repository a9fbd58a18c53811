import { Suspense, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Banner } from '../../../components/ui/banner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ToastRegion, type ToastItem } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { toFormErrors } from '../../../lib/form-errors';
import { useAppPageMeta } from '../../../lib/page-meta';
import { useMediaQuery } from '../../../lib/use-media-query';
import {
  boardKeys,
  boardProjectQuery,
  boardTasksQuery,
  createTasksFromTemplate,
  deleteTask,
  invalidateSummary,
  projectSummaryQuery,
  updateProjectCalibration,
  updateProjectMoney,
  type ProjectMoneyPatch,
} from '../api';
import { markBoardMount } from '../perf';
import { preloadConfetti, useInlineUpdate, useMoveTask } from '../hooks/use-board';
import { useCalibration } from '../hooks/use-calibration';
import { usePendingDeletes } from '../pending-deletes';
import type { BoardProject, ProjectSummary, Task, TaskStatus } from '../types';
import { activeRatio, summarize } from '../money';
import { columnTasks, paidHint, paidPrefill, type PaidPrefill, type PrefillSource } from '../utils';
import { EmptyBoard, EmptyLedgerLine } from './board-first-steps';
import { BoardToolbar } from './board-toolbar';
import { useBoardViewChoice } from './board-view-choice';
import { BudgetSettingsModal, KanbanView, loadExport, PaidModal, preloadDialogs, TaskFormModal } from './board-lazy';
import { BudgetSummary } from './budget-summary';
import { CalibrationPanel, calibrationNote } from './calibration-panel';
import { SpreadsheetView } from './spreadsheet-view';
import { TaskRowsView } from './task-rows-view';
import '../board-layout.css';
import '../cards-phone.css';
import '../money-calibration.css';

/** The phone layout: one summary strip, one toolbar row, one Kanban column at a time. */
export const PHONE_QUERY = '(max-width: 480px)';

interface PaidDrop {
  taskId: number;
  index: number;
  restore: () => void;
  /** The task as the board had it when the dialog opened (its payments). */
  task: Task | undefined;
  prefill: PaidPrefill;
  /** Sent: waiting for the server's answer (the dialog stays open until then). */
  saving?: boolean;
  /** The server's message for the actual cost it refused. */
  error?: string | null;
}

const PAID_DESCRIPTION: Record<PrefillSource, string> = {
  actual: 'Your recorded cost is filled in: press Enter to keep it. A blank field saves $0.00.',
  paid: 'The payments recorded so far are filled in: press Enter to keep them as the final cost, or type the final cost. A blank field saves $0.00.',
  committed:
    'The committed cost (the awarded bid and its change orders) is filled in: press Enter to keep it, or type the final cost. A blank field saves $0.00.',
  none: 'What did this task cost? A blank field saves $0.00.',
};

const UNREACHABLE = 'The server could not be reached. Please try again.';

const noop = () => {};

/** `notice`: shown above the board (the offline banner, composed in src/app). */
export function BoardPage({ notice }: { notice?: React.ReactNode } = {}) {
  useState(markBoardMount); // once per mount (User Timing, see ../perf.ts)
  const { projectId: raw } = useParams();
  const projectId = Number(raw);
  const qc = useQueryClient();
  const project = useQuery({ ...boardProjectQuery(projectId), enabled: Number.isInteger(projectId) });
  const tasksQ = useQuery({ ...boardTasksQuery(projectId), enabled: Number.isInteger(projectId) });
  const summaryQ = useQuery({ ...projectSummaryQuery(projectId), enabled: Number.isInteger(projectId) });
  // Issue 20: the project's local ratio and its inputs. Whether the board uses it is the
  // project's setting (issue 29: `use_calibration`, on by default), for everyone who sees it.
  const calibrationQ = useCalibration(projectId);
  const phone = useMediaQuery(PHONE_QUERY);

  // The view chosen for this project, else the screen's default (board-view-choice.ts).
  const { view, offersRows, choose: chooseView } = useBoardViewChoice(projectId);
  if (view === 'kanban') void KanbanView.preload();

  // What the page that sent the user here had to say (the projects page: a project created without
  // its standard task list), shown once in the banner.
  const location = useLocation();
  const navigate = useNavigate();
  const arrival = location.state as { notice?: unknown } | null;
  const [banner, setBanner] = useState(() => (typeof arrival?.notice === 'string' ? arrival.notice : ''));
  // Said once: not again on a reload or on the way back.
  const arrivedWithNotice = arrival?.notice !== undefined;
  useEffect(() => {
    if (arrivedWithNotice) void navigate(location.pathname, { replace: true, state: null });
  }, [arrivedWithNotice, navigate, location.pathname]);
  // The dialogs' code, once the board has painted and the browser is idle.
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(preloadDialogs, 500);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(preloadDialogs, { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, []);
  const [editing, setEditing] = useState<Task | null | undefined>(undefined); // undefined: closed, null: new
  const [budgetOpen, setBudgetOpen] = useState(false);
  const [paidDrop, setPaidDrop] = useState<PaidDrop | null>(null);
  const [exporting, setExporting] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<Task | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);
  const addTaskRef = useRef<HTMLButtonElement>(null);

  const loadFailed = project.isError || tasksQ.isError || !Number.isInteger(projectId);
  // The banner appears each time loading starts failing (state adjusted while rendering).
  const [loadFailedSeen, setLoadFailedSeen] = useState(false);
  if (loadFailed !== loadFailedSeen) {
    setLoadFailedSeen(loadFailed);
    if (loadFailed) setBanner('Failed to load project or tasks.');
  }

  const tasksKey = boardKeys.tasks(projectId);
  // Deletes wait UNDO_MS before the server hears of them (pending-deletes.ts); meanwhile the task is
  // hidden here, and everything on the page (views, sums, export) reads `tasks` without it.
  const { store: deletes, pending } = usePendingDeletes({
    send: (id, keepalive) =>
      deleteTask(id, keepalive).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 404) return; // already gone
        throw e;
      }),
    onDeleted: (task) => {
      qc.setQueryData<Task[]>(boardKeys.tasks(task.project), (old) => old?.filter((t) => t.id !== task.id));
      void qc.invalidateQueries({ queryKey: boardKeys.tasks(task.project) });
      void invalidateSummary(qc, task.project);
    },
    onFailed: (_task, error) => {
      console.error(error);
      setBanner('Failed to delete task.');
    },
  });
  const hidden = useMemo(() => new Set(pending.map((p) => p.task.id)), [pending]);
  const allTasks = useMemo(() => tasksQ.data ?? [], [tasksQ.data]);
  const tasks = useMemo(
    () => (hidden.size === 0 ? allTasks : allTasks.filter((t) => !hidden.has(t.id))),
    [allTasks, hidden],
  );
  const sqft = project.data?.square_footage ?? null;
  const budget = project.data?.budget ?? 0;
  // The server's figures when they describe the tasks and project shown: the summary was asked for
  // when these very objects were in the cache (api.ts), and no task is hidden by a pending delete.
  // Any write since (an optimistic move or edit, a rollback, a budget being saved, a refetch that
  // changed something) replaces them; until the summary refetched after the server's answer is in,
  // the same rule computed here in cents (money.ts) gives the figures of the tasks shown, beside the
  // last whole-house estimate the server gave.
  const answer = summaryQ.data;
  const serverSummary =
    answer !== undefined && answer.tasks === tasksQ.data && answer.project === project.data && hidden.size === 0
      ? answer.summary
      : null;
  const estimate = answer?.summary;
  const summary = useMemo<ProjectSummary>(
    () =>
      serverSummary ?? {
        ...summarize(tasks, sqft, budget, {
          contingency_percent: project.data?.contingency_percent,
          loan_amount: project.data?.loan_amount,
          drawn: estimate?.drawn,
          // The last ratio the server gave, until it answers for the tasks shown.
          calibration: estimate?.calibrated ?? null,
          use_calibration: project.data?.use_calibration,
        }),
        full_build_estimate: estimate?.full_build_estimate ?? null,
        estimate_covered: estimate?.estimate_covered ?? null,
      },
    [
      serverSummary,
      tasks,
      sqft,
      budget,
      estimate,
      project.data?.contingency_percent,
      project.data?.loan_amount,
      project.data?.use_calibration,
    ],
  );

  // The summary's predicted total follows the project's setting (calibrated while it is on and
  // there is a ratio); each task shows its prediction by the same rule (money.ts shownPrediction).
  const calibrated = activeRatio(summary) !== null;
  const useCalibrated = project.data?.use_calibration !== false;
  const [calibrationBusy, setCalibrationBusy] = useState(false);
  const setUseCalibrated = async (on: boolean) => {
    const key = boardKeys.project(projectId);
    const before = qc.getQueryData<BoardProject>(key);
    setCalibrationBusy(true);
    // At once on this board (the local rule), then the server's figures.
    if (before) qc.setQueryData(key, { ...before, use_calibration: on });
    try {
      const updated = await updateProjectCalibration(projectId, on);
      qc.setQueryData(key, updated);
      void qc.invalidateQueries({ queryKey: ['projects'] });
    } catch (e) {
      console.error(e);
      if (before) qc.setQueryData(key, before);
      setBanner(
        e instanceof ApiError && e.status > 0 && e.status < 500
          ? `Failed to change the predictions: ${e.message}`
          : `Failed to change the predictions. ${UNREACHABLE}`,
      );
    } finally {
      setCalibrationBusy(false);
      void invalidateSummary(qc, projectId);
    }
  };

  // The latest figures, for the Paid dialog's pre-filled prediction (read when it opens).
  const summaryRef = useRef(summary);
  useLayoutEffect(() => {
    summaryRef.current = summary;
  }, [summary]);

  // "Your N tasks cover …": the tasks the server's coverage figure was computed for.
  const coverageCount = serverSummary ? tasks.length : (answer?.tasks?.length ?? tasks.length);

  const move = useMoveTask(projectId, setBanner);
  const inlineUpdate = useInlineUpdate(projectId);
  const openTask = useCallback((t: Task) => setEditing(t), []);
  const askPaid = useCallback(
    (taskId: number, index: number, restore: () => void) => {
      void preloadConfetti().catch(() => {});
      const task = qc.getQueryData<Task[]>(boardKeys.tasks(projectId))?.find((t) => t.id === taskId);
      const area = qc.getQueryData<BoardProject>(boardKeys.project(projectId))?.square_footage ?? null;
      setPaidDrop({ taskId, index, restore, task, prefill: paidPrefill(task, area, summaryRef.current) });
    },
    [qc, projectId],
  );
  const moveTo = useCallback(
    (task: Task, status: TaskStatus) => {
      if (status === task.status) return;
      const all = qc.getQueryData<Task[]>(boardKeys.tasks(projectId)) ?? [];
      const index = columnTasks(all, status).length; // to the end of that column
      if (status === 'Paid') askPaid(task.id, index, noop);
      else move(task.id, status, index);
    },
    [qc, projectId, askPaid, move],
  );
  const askDelete = useCallback((task: Task) => setConfirmDelete(task), []);
  // The spreadsheet's status: to Paid asks for the actual cost as a drop does (and may record the
  // difference as a payment); the cell shows the saved status once the dialog is closed.
  const sheetUpdate = useCallback(
    (task: Task, changes: Partial<Pick<Task, 'title' | 'actual_cost' | 'status'>>) => {
      if (changes.status !== 'Paid' || task.status === 'Paid') return inlineUpdate(task, changes);
      const all = qc.getQueryData<Task[]>(boardKeys.tasks(projectId)) ?? [];
      const index = columnTasks(all, 'Paid').length;
      return new Promise<void>((resolve) => askPaid(task.id, index, resolve));
    },
    [qc, projectId, askPaid, inlineUpdate],
  );

  const confirmDeleteNow = () => {
    if (!confirmDelete) return;
    deletes.schedule(confirmDelete);
    setConfirmDelete(null);
    setEditing(undefined);
  };

  const toasts: ToastItem[] = pending
    .filter((p) => p.state === 'waiting')
    .map((p) => ({
      id: p.task.id,
      message: 'Task deleted.',
      actionLabel: 'Undo',
      actionName: `Undo deleting ${p.task.title}`,
      onAction: () => deletes.undo(p.task.id),
    }));

  // The dialog says a refusal beside its fields (it rethrows here); the spec's banner too.
  const saveBudget = async (patch: ProjectMoneyPatch) => {
    const key = boardKeys.project(projectId);
    try {
      const updated = await updateProjectMoney(projectId, patch);
      qc.setQueryData(key, updated);
      void qc.invalidateQueries({ queryKey: ['projects'] });
      setBudgetOpen(false);
    } catch (e) {
      console.error(e);
      setBanner('Failed to update budget.');
      throw e;
    } finally {
      void invalidateSummary(qc, projectId);
    }
  };

  const closeBudget = () => setBudgetOpen(false);

  // The dialog stays open until the server answers: an actual cost it refuses (400 with the field
  // named) is said beside the field, the card back where it was; other failures close it with the
  // banner, as before.
  const savePaid = (actualCost: number, payment: number | null) => {
    if (!paidDrop || paidDrop.saving) return;
    const drop = paidDrop;
    setPaidDrop({ ...drop, saving: true, error: null });
    move(drop.taskId, 'Paid', drop.index, actualCost, payment, {
      onSaved: () => {
        drop.restore();
        setPaidDrop((current) => (current?.taskId === drop.taskId ? null : current));
      },
      onFailed: (error) => {
        const refused = toFormErrors(error, ['actual_cost'], UNREACHABLE);
        const message = refused.fields.actual_cost?.join(' ');
        if (message) {
          setPaidDrop((current) =>
            current?.taskId === drop.taskId ? { ...current, saving: false, error: message } : current,
          );
          return true;
        }
        drop.restore();
        setPaidDrop((current) => (current?.taskId === drop.taskId ? null : current));
        return false;
      },
    });
  };

  const cancelPaid = () => {
    paidDrop?.restore();
    setPaidDrop(null);
  };

  const startFromTemplate = async () => {
    setTemplateBusy(true);
    try {
      const created = await createTasksFromTemplate(projectId);
      if (Array.isArray(created)) qc.setQueryData(tasksKey, created);
    } catch (e) {
      console.error(e);
      setBanner(e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : UNREACHABLE);
    } finally {
      setTemplateBusy(false);
      // Tasks first: the summary's request waits for their refetch (api.ts).
      void Promise.all([qc.invalidateQueries({ queryKey: tasksKey }), invalidateSummary(qc, projectId)]);
    }
  };

  const doExport = async (kind: 'csv' | 'pdf') => {
    if (kind === 'csv') {
      (await loadExport()).exportCsv(projectId, tasks, project.data);
      return;
    }
    setExporting(true);
    try {
      await (await loadExport()).exportPdf(projectId, tasks, project.data);
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

  const empty = !loadFailed && !tasksQ.isPending && allTasks.length === 0;
  // The board's next step once it has tasks: contractors and their bids (until money is recorded,
  // which the summary knows).
  const firstSteps = tasks.length > 0 && !tasks.some((t) => (t.bid_count ?? 0) > 0);
  const addTaskButton = (
    <button
      ref={addTaskRef}
      type="button"
      className="btn btn-primary"
      onClick={() => setEditing(null)}
      disabled={loadFailed}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      Add Task
    </button>
  );

  return (
    <main className={`page page-wide board${phone ? ' board-phone' : ''}`} data-view={view}>
      <Banner message={banner} onDismiss={() => setBanner('')} />
      {notice}
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

      {project.data && (
        <BudgetSummary
          summary={summary}
          squareFootage={sqft}
          taskCount={coverageCount}
          compact={phone}
          calibrated={calibrated}
          calibrationNote={calibrationNote(summary, calibrationQ.data, tasks.length)}
          emptyLedger={firstSteps ? <EmptyLedgerLine /> : null}
        />
      )}
      {project.data && !loadFailed && (
        <CalibrationPanel
          summary={summary}
          calibration={calibrationQ.data}
          useCalibrated={useCalibrated}
          onUseCalibratedChange={(on) => void setUseCalibrated(on)}
          busy={calibrationBusy}
          taskCount={tasks.length}
          compact={phone}
        />
      )}

      <BoardToolbar
        projectId={projectId}
        phone={phone}
        offersRows={offersRows}
        view={view}
        onChooseView={chooseView}
        onPreloadKanban={() => void KanbanView.preload()}
        addTask={addTaskButton}
        onBudget={() => setBudgetOpen(true)}
        budgetDisabled={!project.data}
        onExport={(kind) => void doExport(kind)}
        exporting={exporting}
      />

      {tasksQ.isPending && !loadFailed ? (
        <p className="muted">Loading...</p>
      ) : loadFailed ? null : empty ? (
        <EmptyBoard
          projectType={project.data?.project_type_display ?? null}
          busy={templateBusy}
          onStart={() => void startFromTemplate()}
        />
      ) : view === 'kanban' ? (
        <Suspense fallback={<p className="muted">Loading...</p>}>
          <KanbanView
            tasks={tasks}
            totals={summary.column_totals}
            prediction={summary}
            squareFootage={sqft}
            zipCode={project.data?.zip_code ?? null}
            onOpen={openTask}
            onMove={move}
            onDropToPaid={askPaid}
            onMoveTo={moveTo}
            onDelete={askDelete}
            compact={phone}
          />
        </Suspense>
      ) : view === 'rows' ? (
        <TaskRowsView tasks={tasks} squareFootage={sqft} prediction={summary} onOpen={openTask} />
      ) : (
        <SpreadsheetView
          tasks={tasks}
          squareFootage={sqft}
          prediction={summary}
          onUpdate={sheetUpdate}
          onOpen={openTask}
        />
      )}

      <p className="hint sources-note">
        Predicted costs are regional averages for each task and material quality, adjusted for your project&apos;s
        state: per square foot times its square footage, or per job for jobs such as a kitchen remodel or a roof, each
        with a likely range. Your own cost or an awarded bid, when there is one, replaces the prediction in totals; once
        three tasks have one, the others can be predicted at your prices (calibrated).{' '}
        <Link to="/cost-sources">Cost sources</Link>
      </p>

      {editing !== undefined && (
        <Suspense fallback={null}>
          <TaskFormModal
            projectId={projectId}
            task={editing}
            squareFootage={sqft}
            prediction={summary}
            onClose={() => setEditing(undefined)}
            onBanner={setBanner}
            onDelete={askDelete}
          />
        </Suspense>
      )}
      {confirmDelete && (
        <ConfirmDialog
          title="Delete this task?"
          confirmLabel="Delete task"
          danger
          onConfirm={confirmDeleteNow}
          onCancel={() => setConfirmDelete(null)}
        >
          <p>
            Are you sure you want to delete <strong>{confirmDelete.title}</strong>? Its documents go with it. You can
            undo for a few seconds.
          </p>
        </ConfirmDialog>
      )}
      {budgetOpen && project.data && (
        <Suspense fallback={null}>
          <BudgetSettingsModal project={project.data} onSave={saveBudget} onCancel={closeBudget} />
        </Suspense>
      )}
      {paidDrop && (
        <Suspense fallback={null}>
          <PaidModal
            task={paidDrop.task}
            initialValue={paidDrop.prefill.value}
            description={PAID_DESCRIPTION[paidDrop.prefill.source]}
            hint={paidHint(paidDrop.prefill)}
            busy={paidDrop.saving}
            error={paidDrop.error}
            onEdit={() => setPaidDrop((current) => (current?.error ? { ...current, error: null } : current))}
            onSave={savePaid}
            onCancel={cancelPaid}
          />
        </Suspense>
      )}
      <ToastRegion
        items={toasts}
        onHoldChange={(held) => deletes.hold(held)}
        fallbackFocus={() => addTaskRef.current}
      />
    </main>
  );
}
