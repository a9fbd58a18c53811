import type { ReactNode } from 'react';
import { Modal } from './modal';

interface Props {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Styles the confirm button as destructive. */
  danger?: boolean;
  /** The other choice's words ("Cancel" unless given, e.g. "Keep in To Do"). */
  cancelLabel?: string;
}

/** Asks before doing something: Cancel is focused first, so Enter never confirms by accident. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  danger,
  cancelLabel = 'Cancel',
}: Props) {
  return (
    <Modal title={title} onClose={onCancel} size="sm" initialFocus="[data-confirm-cancel]">
      <div className="stack-sm">
        <div className="confirm-body">{children}</div>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onCancel} data-confirm-cancel="">
            {cancelLabel}
          </button>
          <button type="button" className={`btn ${danger ? 'btn-danger-solid' : 'btn-primary'}`} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
