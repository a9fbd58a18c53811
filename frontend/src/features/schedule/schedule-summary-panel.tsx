import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useCanEdit } from '../../lib/edit-access';
import { formatIsoDay } from '../../lib/format';
import { reasonOf } from '../../lib/use-item-actions';
import { invalidateSchedule, scheduleQuery } from './api';
import { saveScheduleSettings, setBaseline, varianceText, type ScheduleSettings } from './schedule-summary-api';
import { ScheduleSettingsDialog, type ScheduleProject } from './schedule-summary-settings';
import { slipText } from './schedule-words';
import './schedule-summary.css';

interface Props {
  projectId: number;
  /** The project's calendar and carrying cost (the board's copy), for the settings dialog. */
  project: ScheduleProject | null;
  /** The phone strip's details: lines instead of a card. */
  compact?: boolean;
  /** After the settings are saved: the board reads its project again (src/app). */
  onProjectChanged?: () => void;
  /** Shown while the schedule is read (the place the board keeps for it). */
  pending?: ReactNode;
}

export { slipText };

/**
 * Beside the budget summary: when the build is planned to finish, how far that is from the
 * baseline ("3 working days late") and what the slip costs at the project's monthly carrying
 * cost; "Set baseline" takes the schedule as it is now as the one to measure against, and
 * "Schedule settings" edits the work week, days off and carrying cost. Nothing while no task has
 * a planned start and duration (the server's finish is null).
 */
export function ScheduleSummary({ projectId, project, compact = false, onProjectChanged, pending = null }: Props) {
  const qc = useQueryClient();
  // Issue 35: a viewer reads the schedule; the baseline and the settings are the editors'.
  const canEdit = useCanEdit();
  const schedule = useQuery(scheduleQuery(projectId));
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [confirm, setConfirm] = useState(false);
  const [settings, setSettings] = useState(false);

  const s = schedule.data;
  if (schedule.isPending) return pending;
  if (!s || s.finish === null) return null;

  const takeBaseline = async () => {
    setConfirm(false);
    setBusy(true);
    setError('');
    setStatus('');
    try {
      const taken = await setBaseline(projectId);
      setStatus(
        taken.baseline_finish
          ? `Baseline set: finish ${formatIsoDay(taken.baseline_finish)}, ${taken.tasks} ${taken.tasks === 1 ? 'task' : 'tasks'}.`
          : 'Baseline set.',
      );
      await invalidateSchedule(qc, projectId);
    } catch (e) {
      console.error('Failed to set the baseline', e);
      setError(reasonOf(e));
    } finally {
      setBusy(false);
    }
  };
  const saveSettings = async (next: ScheduleSettings) => {
    await saveScheduleSettings(projectId, next);
    setSettings(false);
    setStatus('Schedule settings saved.');
    onProjectChanged?.();
    await invalidateSchedule(qc, projectId);
  };

  const late = s.variance_days !== null && s.variance_days > 0;
  const variance =
    s.variance_days === null
      ? 'No baseline yet: set one to follow the slip.'
      : `${varianceText(s.variance_days)} against the baseline (${formatIsoDay(s.baseline_finish)}).`;
  const slip = slipText(s);
  const actions = canEdit && (
    <span className="schedule-actions">
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => (s.baseline_finish === null ? void takeBaseline() : setConfirm(true))}
        disabled={busy}
      >
        {busy ? 'Setting…' : s.baseline_finish === null ? 'Set baseline' : 'Reset baseline'}
      </button>
      <button
        type="button"
        className="btn btn-sm"
        aria-label="Schedule settings"
        onClick={() => setSettings(true)}
        disabled={!project}
      >
        Settings
      </button>
    </span>
  );
  const dialogs = (
    <>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {confirm && (
        <ConfirmDialog
          title="Replace the baseline?"
          confirmLabel="Set baseline"
          onConfirm={() => void takeBaseline()}
          onCancel={() => setConfirm(false)}
        >
          <p>
            The schedule as it is now becomes the baseline (finish {formatIsoDay(s.finish)}): the variance starts again
            from zero. The current baseline ({formatIsoDay(s.baseline_finish)}) is replaced.
          </p>
        </ConfirmDialog>
      )}
      {settings && project && (
        <ScheduleSettingsDialog project={project} onSave={saveSettings} onClose={() => setSettings(false)} />
      )}
    </>
  );

  if (compact) {
    return (
      <div className="schedule-lines" data-testid="schedule-summary" data-late={late || undefined}>
        <p>
          Planned finish: <strong data-testid="schedule-finish">{formatIsoDay(s.finish)}</strong>
        </p>
        <p className={late ? 'schedule-late' : undefined} data-testid="schedule-variance">
          {variance}
        </p>
        {slip && <p data-testid="schedule-slip-cost">{slip}</p>}
        {actions}
        {dialogs}
      </div>
    );
  }
  return (
    <div className={`stat schedule-stat${late ? ' schedule-stat-late' : ''}`} data-testid="schedule-summary">
      <span className="stat-label">Planned Finish</span>
      <span className="stat-value" data-testid="schedule-finish">
        {formatIsoDay(s.finish)}
      </span>
      <span className={`stat-sub${late ? ' schedule-late' : ''}`} data-testid="schedule-variance">
        {variance}
      </span>
      {slip && (
        <span className="stat-sub" data-testid="schedule-slip-cost">
          {slip}
        </span>
      )}
      {actions}
      {dialogs}
    </div>
  );
}
