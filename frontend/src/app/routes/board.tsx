import { lazy, Suspense, useCallback } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { projectContractorsQuery, taskBidsQuery } from '../../features/bids/api';
import { boardTasksQuery, taskDocumentsQuery } from '../../features/board/api';
import { BoardPage } from '../../features/board/components/board-page';
import {
  BudgetSummaryExtras,
  ExportMenuExtras,
  TaskFormExtras,
  type TaskFormExtrasProps,
} from '../../features/board/task-form-extras';
import { BoardMembers, type BoardMembersSlot } from '../../features/board/members-slot';
import { BoardTimeline, type BoardTimelineProps, type BoardTimelineSlot } from '../../features/board/timeline-slot';
import type { Task } from '../../features/board/types';
import type { Payment } from '../../features/ledger/types';
import { useProjectRole } from '../../features/members/use-project-role';
import { OfflineBanner } from '../../features/offline/components/offline-banner';
import { useSyncState } from '../../features/offline/hooks';
import { EditAccess, ProjectOwnership } from '../../lib/edit-access';
import { preloadable } from '../../lib/preloadable';
import { useBoardMoneyRefresh } from '../board-money-refresh';
import { useWaiverRefresh } from '../waiver-refresh';
import { renderBoardSchedule, scheduleExports } from '../board-schedule';
import { offlineSync } from '../offline-board';

// The Bids, Change orders and Payments sections load with the first task form opened in edit
// mode, not with the board.
const BidsSection = lazy(() =>
  import('../../features/bids/components/bids-section').then((m) => ({ default: m.BidsSection })),
);
const ChangeOrdersSection = lazy(() =>
  import('../../features/ledger/components/change-orders-section').then((m) => ({ default: m.ChangeOrdersSection })),
);
const PaymentsSection = lazy(() =>
  import('../../features/ledger/components/payments-section').then((m) => ({ default: m.PaymentsSection })),
);
// The task's activity trail (issue 35): with the first task form opened in edit mode.
const TaskActivitySection = lazy(() =>
  import('../../features/activity/activity-feed').then((m) => ({ default: m.TaskActivitySection })),
);
// A payment's lien waiver (issue 34): with the first payment that needs one.
const PaymentWaiver = lazy(() =>
  import('../../features/waivers/payment-waiver').then((m) => ({ default: m.PaymentWaiver })),
);

/**
 * The task form's money sections (issues 18 and 19): its bids, change orders and payments. The
 * task's documents come from the board's cache, its figures (committed, paid to date, approved
 * change orders) from the board's read of its tasks, kept current after every write here, which
 * refreshes the board's tasks and money summary.
 */
function TaskMoney({ task, projectId, status, onMoveToInProgress }: TaskFormExtrasProps) {
  const documents = useQuery(taskDocumentsQuery(task.id));
  const onChanged = useBoardMoneyRefresh(projectId);
  // The task as the board reads it now (not as the form opened with it): this observer never asks
  // the server itself; the board's refetch after each write brings the new figures.
  const pick = useCallback((tasks: Task[]) => tasks.find((t) => t.id === task.id) ?? null, [task.id]);
  const live = useQuery({ ...boardTasksQuery(projectId), select: pick, staleTime: Infinity, refetchOnMount: false });
  const figures = live.data ?? task;
  // The payee and contractor pickers read the project's roster (its owner's contractors, issue 35);
  // a new payment or change order is with the contractor of the awarded bid (the Bids section's
  // own request, shared through the cache).
  const roster = useQuery(projectContractorsQuery(projectId));
  const bids = useQuery(taskBidsQuery(task.id));
  const awardedTo = bids.data?.find((b) => b.status === 'awarded')?.contractor.id ?? null;
  const contractors = { data: roster.data, isPending: roster.isPending, isError: roster.isError };
  const docs = documents.data ?? [];
  const onWaiverChanged = useWaiverRefresh(projectId);
  const waiver = (payment: Payment) =>
    payment.contractor && (
      <Suspense fallback={null}>
        <PaymentWaiver projectId={projectId} payment={payment} onChanged={onWaiverChanged} />
      </Suspense>
    );
  return (
    <Suspense fallback={<p className="muted">Loading bids, change orders and payments…</p>}>
      <BidsSection
        projectId={projectId}
        taskId={task.id}
        documents={docs}
        onBidsChanged={onChanged}
        changeOrderTotal={figures.change_order_total ?? 0}
      />
      <ChangeOrdersSection
        taskId={task.id}
        documents={docs}
        contractors={contractors}
        figures={figures}
        defaultContractorId={awardedTo}
        onChanged={onChanged}
      />
      <PaymentsSection
        taskId={task.id}
        documents={docs}
        contractors={contractors}
        figures={figures}
        defaultContractorId={awardedTo}
        status={status}
        onMoveToInProgress={onMoveToInProgress}
        onChanged={onChanged}
        waiver={waiver}
      />
      <TaskActivitySection projectId={projectId} task={task} />
    </Suspense>
  );
}

const renderTaskMoney = (props: TaskFormExtrasProps) => <TaskMoney {...props} />;

// The Timeline view (issue 33, features/schedule): its own chunk, fetched when the view is chosen
// (or the View choice is pointed at), never with the board's first paint.
const TimelineView = preloadable(() =>
  import('../../features/schedule/timeline-view').then((m) => ({ default: m.TimelineView })),
);

/** The board's Timeline: its task opens the board's task form; its writes refresh the board's tasks and summary. */
function BoardTimelineView({ projectId, tasks, project, narrow, onOpen }: BoardTimelineProps) {
  const onChanged = useBoardMoneyRefresh(projectId);
  const open = (taskId: number) => {
    const task = tasks.find((t) => t.id === taskId);
    if (task) onOpen(task);
  };
  return (
    <TimelineView
      projectId={projectId}
      tasks={tasks}
      // The project's JSON has its work week and days off (BoardProject picks fewer of its fields).
      calendar={project as Parameters<typeof TimelineView>[0]['calendar']}
      narrow={narrow}
      onOpen={open}
      onChanged={onChanged}
    />
  );
}

const timelineSlot: BoardTimelineSlot = {
  render: (props) => <BoardTimelineView {...props} />,
  preload: () => void TimelineView.preload().catch(() => {}),
};

// The members dialog (issue 35): its own chunk (the members feature, its form and styles), fetched
// when the toolbar's Members button is pointed at, focused or pressed, never with the board.
const BoardMembersDialog = preloadable(() => import('../board-members'));

const membersSlot: BoardMembersSlot = {
  render: (props) => <BoardMembersDialog {...props} />,
  preload: () => void BoardMembersDialog.preload().catch(() => {}),
};

/** "You're offline": the board shown is the last one seen, with the changes waiting to be sent. */
function OfflineNotice() {
  return <OfflineBanner state={useSyncState(offlineSync)} />;
}

/**
 * The board, its task form's sections, its timeline and schedule summary: editable for the
 * project's owner and partners, read-only for a viewer (issue 35, the project's `role`).
 */
export default function BoardRoute() {
  const { projectId } = useParams();
  const { canEdit, isOwner } = useProjectRole(Number(projectId));
  return (
    <EditAccess value={canEdit}>
      <ProjectOwnership value={isOwner}>
        <TaskFormExtras value={renderTaskMoney}>
          <BoardTimeline value={timelineSlot}>
            <BudgetSummaryExtras value={renderBoardSchedule}>
              <ExportMenuExtras value={scheduleExports}>
                <BoardMembers value={membersSlot}>
                  <BoardPage notice={<OfflineNotice />} />
                </BoardMembers>
              </ExportMenuExtras>
            </BudgetSummaryExtras>
          </BoardTimeline>
        </TaskFormExtras>
      </ProjectOwnership>
    </EditAccess>
  );
}
