import { useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { formatMoney } from '../../../lib/format';
import { reasonOf } from '../../../lib/use-item-actions';
import { updateDraw } from '../api';
import type { Draw } from '../types';
import { MissingPaperwork, paperworkMissing, waiverConflictOf, type WaiverConflict } from './draw-paperwork';

/**
 * "Submit draw N": what goes to the lender and, before it goes, the paperwork it still lacks
 * (the draw's own lists). With nothing missing it submits; with something missing (or when the
 * server answers 409 with the missing waivers) it lists them and offers "Submit anyway", which
 * sends `allow_missing_waivers: true` (the lists stay on the draw).
 */
export function SubmitDrawDialog({
  draw,
  projectId,
  onClose,
  onSubmitted,
}: {
  draw: Draw;
  projectId: number;
  onClose: () => void;
  /** The submitted draw, and whether it went without some of its paperwork. */
  onSubmitted: (draw: Draw, withoutPaperwork: boolean) => void;
}) {
  const [conflict, setConflict] = useState<WaiverConflict | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const missing = conflict !== null || paperworkMissing(draw);

  const send = async (anyway: boolean) => {
    setBusy(true);
    setError('');
    try {
      const saved = await updateDraw(
        draw.id,
        anyway ? { status: 'submitted', allow_missing_waivers: true } : { status: 'submitted' },
      );
      onSubmitted(saved, anyway);
    } catch (e) {
      const refused = waiverConflictOf(e);
      if (refused) setConflict(refused);
      else {
        console.error('Draw submit failed', e);
        setError(reasonOf(e));
      }
      setBusy(false);
    }
  };

  return (
    <Modal title={`Submit draw ${draw.number}`} onClose={busy ? () => {} : onClose} size="md">
      <p>
        Draw {draw.number} asks the lender for {formatMoney(draw.total)}
        {draw.retainage_total > 0
          ? ` (${formatMoney(draw.net_total)} after ${formatMoney(draw.retainage_total)} retainage)`
          : ''}
        {draw.final ? '. It is marked as the final draw.' : '.'} Once submitted, its lines are fixed.
      </p>
      {Math.round(draw.total * 100) === 0 && (
        <p className="draw-zero-warning" data-testid="submit-draw-zero">
          This draw asks for $0.00.
        </p>
      )}
      <MissingPaperwork draw={draw} conflict={conflict} projectId={projectId} />
      {error && (
        <p className="form-error" role="alert" data-testid="submit-draw-error">
          {error}
        </p>
      )}
      {conflict && (
        <p className="muted" role="status" data-testid="submit-draw-refused">
          The draw was not submitted: the lien waivers above are missing.
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        {missing ? (
          <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void send(true)}>
            {busy ? 'Submitting…' : 'Submit anyway'}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void send(false)}>
            {busy ? 'Submitting…' : 'Submit draw'}
          </button>
        )}
      </div>
    </Modal>
  );
}
