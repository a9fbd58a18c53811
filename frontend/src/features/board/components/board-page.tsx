import { Suspense, useDeferredValue, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { ToastRegion, type ToastItem } from '../../../components/ui/toast';
import { useCanEdit } from '../../../lib/edit-access';
import { useAppPageMeta } from '../../../lib/page-meta';
import { useMediaQuery } from '../../../lib/use-media-query';
import type { ProjectMoneyPatch } from '../api';
import { markBoardMount } from '../perf';
import { useBoardBanner, useLoadFailureBanner } from '../hooks/use-board-banner';
import { useBoardData } from '../hooks/use-board-data';
import { useBoardDialogs, useIdlePreload } from '../hooks/use-board-dialogs';
import { useBoardExport } from '../hooks/use-board-export';
import { useBoardMoves } from '../hooks/use-board-moves';
import { useBoardViewChoice } from '../hooks/use-board-view-choice';
import { useBudgetSave, useCalibrationSwitch, useTemplateStart } from '../hooks/use-board-writes';
import { activeRatio } from '../money';
import { useBoardTimeline } from '../timeline-slot';
import { NARROW_QUERY } from '../view-preference';
import { EmptyBoard, EmptyLedgerLine } from './board-first-steps';
import { BoardDialogsView } from './board-dialogs';
import { BoardToolbar } from './board-toolbar';
import { KanbanView, preloadDialogs } from './board-lazy';
import { BudgetSummary } from './budget-summary';
import { CalibrationPanel, calibrationNote } from './calibration-panel';
import { SpreadsheetView } from './spreadsheet-view';
import { TaskRowsView } from './task-rows-view';
import '../board-layout.css';
import '../cards-phone.css';
import '../money-calibration.css';

/** The phone layout: one summary strip, one toolbar row, one Kanban column at a time. */
export const PHONE_QUERY = '(max-width: 480px)';

/**
 * The project's board: what the hooks (../hooks) read and keep, laid out. `notice`: shown above
 * the board (the offline banner, composed in src/app).
 */
export function BoardPage({ notice }: { notice?: React.ReactNode } = {}) {
  useState(markBoardMount); // once per mount (User Timing, see ../perf.ts)
  const { projectId: raw } = useParams();
  const projectId = Number(raw);
  const phone = useMediaQuery(PHONE_QUERY);
  // Issue 35: a viewer reads the board and changes nothing (src/app says from the project's role).
  const canEdit = useCanEdit();
  const banner = useBoardBanner();
  const {
    project,
    tasksQ,
    calibration,
    loadFailed,
    notFound,
    allTasks,
    tasks,
    sqft,
    summary,
    coverageCount,
    deletes,
    pending,
  } = useBoardData(projectId, banner.show);
  useLoadFailureBanner(loadFailed, banner.show);

  // The view chosen for this project, else the screen's default (hooks/use-board-view-choice.ts).
  const { view, offersRows, choose: chooseView } = useBoardViewChoice(projectId);
  if (view === 'kanban') void KanbanView.preload();
  // The Timeline view (issue 33) comes from the schedule feature through src/app, as a lazy chunk.
  const timeline = useBoardTimeline();
  const narrow = useMediaQuery(NARROW_QUERY);
  if (view === 'timeline') timeline?.preload();
  // The dialogs' code, once the board has painted and the browser is idle.
  useIdlePreload(preloadDialogs);

  const dialogs = useBoardDialogs();
  const moves = useBoardMoves(projectId, summary, banner.show);
  const calibrationSwitch = useCalibrationSwitch(projectId, banner.show);
  const budget = useBudgetSave(projectId, banner.show, banner.withdraw);
  const template = useTemplateStart(projectId, banner.show);
  const { exportAs, exporting } = useBoardExport(projectId);
  const addTaskRef = useRef<HTMLButtonElement>(null);

  // The summary's predicted total follows the project's setting (calibrated while it is on and
  // there is a ratio); each task shows its prediction by the same rule (money.ts shownPrediction).
  const calibrated = activeRatio(summary) !== null;
  const useCalibrated = project.data?.use_calibration !== false;

  const saveBudget = async (patch: ProjectMoneyPatch) => {
    await budget.mutateAsync(patch);
    dialogs.closeBudget();
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
  const firstSteps = canEdit && tasks.length > 0 && !tasks.some((t) => (t.bid_count ?? 0) > 0);
  const addTaskButton = canEdit && (
    <button ref={addTaskRef} type="button" className="btn btn-primary" onClick={dialogs.newTask} disabled={loadFailed}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      Add Task
    </button>
  );

  return (
    <main className={`page page-wide board${phone ? ' board-phone' : ''}`} data-view={view}>
      <Banner message={banner.message} onDismiss={banner.dismiss} />
      {notice}
      <header className="page-header row-between board-header">
        <div>
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <Link to="/projects">Projects</Link> <span aria-hidden="true">/</span>
          </nav>
          <h1>
            {project.data?.name ?? (notFound ? 'Project not found' : 'Project Board')}
            {!canEdit && project.data && (
              <span className="badge badge-view-only" title="You can view this project but not change it.">
                View only
              </span>
            )}
          </h1>
          {project.data?.address && (
            <p className="board-address" data-testid="board-address">
              {project.data.address}
            </p>
          )}
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
          calibrationNote={calibrationNote(summary, calibration.data, tasks.length)}
          emptyLedger={firstSteps ? <EmptyLedgerLine /> : null}
        />
      )}
      {project.data && !loadFailed && (
        <CalibrationPanel
          summary={summary}
          calibration={calibration.data}
          useCalibrated={useCalibrated}
          onUseCalibratedChange={calibrationSwitch.mutate}
          busy={calibrationSwitch.isPending || !canEdit}
          taskCount={tasks.length}
          compact={phone}
        />
      )}

      <BoardToolbar
        projectId={projectId}
        phone={phone}
        offersRows={offersRows}
        offersTimeline={timeline !== null}
        view={view}
        onChooseView={chooseView}
        onPreloadKanban={() => {
          void KanbanView.preload();
          timeline?.preload();
        }}
        addTask={addTaskButton}
        onBudget={canEdit ? dialogs.openBudget : undefined}
        budgetDisabled={!project.data}
        onExport={(kind) => void exportAs(kind, tasks, project.data)}
        exporting={exporting}
      />

      {tasksQ.isPending && !loadFailed ? (
        <p className="muted">Loading...</p>
      ) : loadFailed ? null : empty ? (
        <EmptyBoard
          projectType={project.data?.project_type_display ?? null}
          busy={template.isPending}
          onStart={canEdit ? () => template.mutate() : undefined}
        />
      ) : view === 'kanban' ? (
        <Suspense fallback={<p className="muted">Loading...</p>}>
          <KanbanView
            tasks={tasks}
            totals={summary.column_totals}
            prediction={summary}
            squareFootage={sqft}
            zipCode={project.data?.zip_code ?? null}
            onOpen={dialogs.openTask}
            onMove={moves.move}
            onDropToPaid={moves.askPaid}
            onMoveTo={moves.moveTo}
            onDelete={dialogs.askDelete}
            compact={phone}
            readOnly={!canEdit}
          />
        </Suspense>
      ) : view === 'timeline' && timeline ? (
        <Suspense fallback={<p className="muted">Loading...</p>}>
          {timeline.render({ projectId, tasks, project: project.data, narrow, onOpen: dialogs.openTask })}
        </Suspense>
      ) : view === 'rows' ? (
        <TaskRowsView tasks={tasks} squareFootage={sqft} prediction={summary} onOpen={dialogs.openTask} />
      ) : (
        <SpreadsheetView
          tasks={tasks}
          squareFootage={sqft}
          prediction={summary}
          onUpdate={moves.sheetUpdate}
          onOpen={dialogs.openTask}
          readOnly={!canEdit}
        />
      )}

      <p className="hint sources-note">
        Predicted costs are regional averages for each task and material quality, adjusted for your project&apos;s
        state: per square foot times its square footage, or per job for jobs such as a kitchen remodel or a roof, each
        with a likely range. Your own cost or an awarded bid, when there is one, replaces the prediction in totals; once
        three tasks have one, the others can be predicted at your prices (calibrated).{' '}
        <Link to="/cost-sources">Cost sources</Link>
      </p>

      <BoardDialogsView
        projectId={projectId}
        project={project.data}
        squareFootage={sqft}
        summary={summary}
        dialogs={dialogs}
        onBanner={banner.show}
        onDelete={(task) => deletes.schedule(task)}
        onSaveBudget={saveBudget}
        paid={moves.paid}
      />
      <ToastRegion
        items={toasts}
        onHoldChange={(held) => deletes.hold(held)}
        fallbackFocus={() => addTaskRef.current}
      />
    </main>
  );
}
