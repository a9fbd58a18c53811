import { Suspense } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { ProjectMoneyPatch } from '../api';
import type { BoardDialogs } from '../hooks/use-board-dialogs';
import type { PaidDrop } from '../hooks/use-board-moves';
import type { BoardProject, ProjectSummary, Task } from '../types';
import { paidHint, type PrefillSource } from '../utils';
import { BudgetSettingsModal, PaidModal, TaskFormModal } from './board-lazy';

const PAID_DESCRIPTION: Record<PrefillSource, string> = {
  actual: 'Your recorded cost is filled in: press Enter to keep it. A blank field saves $0.00.',
  paid: 'The payments recorded so far are filled in: press Enter to keep them as the final cost, or type the final cost. A blank field saves $0.00.',
  committed:
    'The committed cost (the awarded bid and its change orders) is filled in: press Enter to keep it, or type the final cost. A blank field saves $0.00.',
  none: 'What did this task cost? A blank field saves $0.00.',
};

/** The Paid dialog's state (use-board-moves.ts). */
export interface PaidDialog {
  drop: PaidDrop;
  saving: boolean;
  error: string | null;
  save: (actualCost: number, payment: number | null) => void;
  cancel: () => void;
  edited: () => void;
}

interface Props {
  projectId: number;
  project: BoardProject | undefined;
  squareFootage: number | null;
  summary: ProjectSummary;
  dialogs: BoardDialogs;
  onBanner: (message: string) => void;
  /** Makes the delete confirmed in the dialog wait for Undo. */
  onDelete: (task: Task) => void;
  /** Rejects with the server's refusal, which the dialog shows beside its fields. */
  onSaveBudget: (patch: ProjectMoneyPatch) => Promise<void>;
  paid: PaidDialog | null;
}

/** The board's dialogs: the task form, the delete question, Update Budget and Enter Actual Cost. */
export function BoardDialogsView({
  projectId,
  project,
  squareFootage,
  summary,
  dialogs,
  onBanner,
  onDelete,
  onSaveBudget,
  paid,
}: Props) {
  const { editing, confirmDelete } = dialogs;
  const confirm = () => {
    const task = dialogs.confirmDeleteNow();
    if (task) onDelete(task);
  };
  return (
    <>
      {editing !== undefined && (
        <Suspense fallback={null}>
          <TaskFormModal
            projectId={projectId}
            task={editing}
            squareFootage={squareFootage}
            prediction={summary}
            onClose={dialogs.closeTask}
            onBanner={onBanner}
            onDelete={dialogs.askDelete}
          />
        </Suspense>
      )}
      {confirmDelete && (
        <ConfirmDialog
          title="Delete this task?"
          confirmLabel="Delete task"
          danger
          onConfirm={confirm}
          onCancel={dialogs.cancelDelete}
        >
          <p>
            Are you sure you want to delete <strong>{confirmDelete.title}</strong>? Its documents go with it. You can
            undo for a few seconds.
          </p>
        </ConfirmDialog>
      )}
      {dialogs.budgetOpen && project && (
        <Suspense fallback={null}>
          <BudgetSettingsModal project={project} onSave={onSaveBudget} onCancel={dialogs.closeBudget} />
        </Suspense>
      )}
      {paid && (
        <Suspense fallback={null}>
          <PaidModal
            task={paid.drop.task}
            initialValue={paid.drop.prefill.value}
            description={PAID_DESCRIPTION[paid.drop.prefill.source]}
            hint={paidHint(paid.drop.prefill)}
            busy={paid.saving}
            error={paid.error}
            onEdit={paid.edited}
            onSave={paid.save}
            onCancel={paid.cancel}
          />
        </Suspense>
      )}
    </>
  );
}
