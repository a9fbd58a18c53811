import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { taskDocumentsQuery } from '../../features/board/api';
import { BoardPage } from '../../features/board/components/board-page';
import { TaskFormExtras, type TaskFormExtrasProps } from '../../features/board/task-form-extras';
import { useBoardMoneyRefresh } from '../board-money-refresh';

// The Bids section loads with the first task form opened in edit mode, not with the board.
const BidsSection = lazy(() =>
  import('../../features/bids/components/bids-section').then((m) => ({ default: m.BidsSection })),
);

/** The task form's Bids section: the task's documents from the board's cache, the board refreshed after writes. */
function TaskBids({ task, projectId }: TaskFormExtrasProps) {
  const documents = useQuery(taskDocumentsQuery(task.id));
  const onBidsChanged = useBoardMoneyRefresh(projectId);
  return (
    <Suspense fallback={<p className="muted">Loading bids…</p>}>
      <BidsSection taskId={task.id} documents={documents.data ?? []} onBidsChanged={onBidsChanged} />
    </Suspense>
  );
}

const renderTaskBids = (props: TaskFormExtrasProps) => <TaskBids {...props} />;

export default function BoardRoute() {
  return (
    <TaskFormExtras value={renderTaskBids}>
      <BoardPage />
    </TaskFormExtras>
  );
}
