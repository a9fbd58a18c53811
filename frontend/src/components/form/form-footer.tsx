interface FooterProps {
  /** The save is out: both buttons wait, the submit says "Saving…". */
  busy: boolean;
  /** A document is uploading: the submit waits and says "Uploading…". */
  uploading?: boolean;
  onCancel: () => void;
  /** e.g. "Add payment", "Save bid". */
  submitLabel: string;
}

/** A dialog form's Cancel and submit buttons. */
export function FormFooter({ busy, uploading = false, onCancel, submitLabel }: FooterProps) {
  return (
    <div className="modal-actions">
      <button type="button" className="btn" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy || uploading}>
        {busy ? 'Saving…' : uploading ? 'Uploading…' : submitLabel}
      </button>
    </div>
  );
}
