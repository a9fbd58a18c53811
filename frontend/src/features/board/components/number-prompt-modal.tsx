import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal';

interface Props {
  title: string;
  label: string;
  initialValue?: string;
  description?: string;
  onSave: (value: string) => void;
  onCancel: () => void;
  busy?: boolean;
}

/** A number input in a dialog: Enter saves (used for budget and actual cost). */
export function NumberPromptModal({ title, label, initialValue = '', description, onSave, onCancel, busy }: Props) {
  const [value, setValue] = useState(initialValue);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(value);
  };
  return (
    <Modal title={title} onClose={onCancel} size="sm">
      <form onSubmit={submit} className="stack-sm">
        {description && <p className="muted">{description}</p>}
        <div className="field">
          <label htmlFor="number-prompt">{label}</label>
          <div className="input-prefix">
            <span aria-hidden="true">$</span>
            <input
              id="number-prompt"
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </div>
        </div>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
