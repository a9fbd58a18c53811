import { useState } from 'react';
import { Link } from 'react-router';
import { RegisterHeader } from './register-header';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AddButton, DeleteConfirm, EditDeleteActions, SectionStatus } from '../../components/ui/item-section';
import { useCanEdit } from '../../lib/edit-access';
import { ApiError } from '../../lib/api-client';
import { formatIsoDay, formatMoney } from '../../lib/format';
import { useAppPageMeta } from '../../lib/page-meta';
import { reasonOf, useItemActions } from '../../lib/use-item-actions';
import { invalidateSchedule } from './api';
import { CalendarFeedSection } from './calendar-feed-section';
import {
  createDelay,
  deleteDelay,
  delaysQuery,
  reasonLabel,
  updateDelay,
  type Delay,
  type DelayRegister,
} from './delays-api';
import { DelayForm, type DelayTaskChoice } from './delays-form';
import { saveScheduleSettings, type ScheduleSettings } from './schedule-summary-api';
import { ScheduleSettingsDialog, type ScheduleProject } from './schedule-summary-settings';
import './delays-pages.css';

/** What the registers read of their project (the board's cached copy, composed in src/app). */
export interface RegisterProject {
  id: number;
  name: string;
  /** The project's calendar and carrying cost, for Schedule settings (the delays' cost reads it). */
  schedule?: ScheduleProject | null;
}

interface Props {
  projectId: number;
  project: RegisterProject | null;
  /** The board's tasks, in board order, once loaded. */
  tasks: readonly DelayTaskChoice[] | undefined;
  /** After a write: the board's figures that read the schedule (src/app). */
  onScheduleChanged?: () => void;
  /** After the schedule settings are saved: the board reads its project again (src/app). */
  onProjectChanged?: () => void;
}

const days = (n: number) => `${n} working ${n === 1 ? 'day' : 'days'}`;

/** The delays in the board's order of their tasks, then by date (oldest first). */
export function delaysByTask(delays: readonly Delay[], tasks: readonly DelayTaskChoice[]): Delay[] {
  const order = new Map(tasks.map((t, i) => [t.id, i]));
  const rank = (d: Delay) => order.get(d.task) ?? Number.MAX_SAFE_INTEGER;
  return [...delays].sort(
    (a, b) => rank(a) - rank(b) || a.task - b.task || a.recorded_on.localeCompare(b.recorded_on) || a.id - b.id,
  );
}

/** The totals by reason, and the whole register's. */
function DelayTotals({ register }: { register: DelayRegister }) {
  if (register.totals.length === 0) return null;
  const costs = register.total_cost !== null;
  return (
    <table className="table register-totals" data-testid="delay-totals">
      <caption>Totals by reason</caption>
      <thead>
        <tr>
          <th scope="col">Reason</th>
          <th scope="col" className="num">
            Working days
          </th>
          <th scope="col" className="num">
            Carrying cost (about)
          </th>
        </tr>
      </thead>
      <tbody>
        {register.totals.map((t) => (
          <tr key={t.reason} data-reason={t.reason}>
            <th scope="row">{reasonLabel(t.reason)}</th>
            <td className="num">{t.days}</td>
            <td className="num">{t.cost === null ? '–' : formatMoney(t.cost)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td className="num" data-testid="delay-total-days">
            {register.total_days}
          </td>
          <td className="num" data-testid="delay-total-cost">
            {costs ? formatMoney(register.total_cost) : '–'}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** `null` (a new delay) or the delay being edited; nothing while no dialog is open. */
type Editing = { delay: Delay | null } | null;

/**
 * `/kanban/:projectId/delays`: the delays register. Each delay by task (working days, reason,
 * note, date) with Edit and Delete, the totals by reason with what they cost at the project's
 * monthly carrying cost, Record a delay; and the calendar feed.
 */
export function DelaysPage({ projectId, project, tasks, onScheduleChanged, onProjectChanged }: Props) {
  const qc = useQueryClient();
  // Issue 35: a viewer reads the register; recording, editing and the settings are the editors'.
  const canEdit = useCanEdit();
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  const register = useQuery({ ...delaysQuery(projectId), enabled: valid });
  const [editing, setEditing] = useState<Editing>(null);
  const [settings, setSettings] = useState(false);
  const settle = () => invalidateSchedule(qc, projectId, onScheduleChanged);
  const { busyId, error, status, confirmDelete, setConfirmDelete, titleRef, remove, announce } = useItemActions<Delay>({
    failure: 'Failed to delete the delay',
  });
  const name = project?.name ?? null;
  useAppPageMeta(
    name ? `Delays — ${name}` : 'Delays',
    'The working days lost on each task, why, and what the slip costs the project.',
  );
  const choices = tasks ?? [];
  const titleOf = (id: number) => choices.find((t) => t.id === id)?.title ?? `Task ${id}`;
  const notFound = register.error instanceof ApiError && register.error.status === 404;
  const list = register.data ? delaysByTask(register.data.delays, choices) : [];

  const save = async (body: Parameters<typeof createDelay>[0]) => {
    const id = editing?.delay?.id ?? null;
    const saved = id === null ? await createDelay(body) : await updateDelay(id, body);
    setEditing(null);
    announce(
      `${id === null ? 'Delay recorded' : 'Delay saved'}: ${days(saved.days)} on ${titleOf(saved.task)} (${reasonLabel(saved.reason)}).`,
    );
    await settle();
  };

  const saveSettings = async (next: ScheduleSettings) => {
    await saveScheduleSettings(projectId, next);
    setSettings(false);
    announce('Schedule settings saved.');
    onProjectChanged?.();
    await settle();
  };

  return (
    <main className="page page-wide register-page">
      <RegisterHeader
        projectId={projectId}
        title="Delays"
        projectName={name}
        actions={
          canEdit &&
          project?.schedule && (
            <button type="button" className="btn btn-sm" onClick={() => setSettings(true)}>
              Schedule settings
            </button>
          )
        }
      >
        Working days lost on each task and why. A delay pushes back the task&apos;s start (once work has started, its
        finish) and every task after it. The totals price each reason&apos;s working days as the calendar days they span
        on average at the project&apos;s monthly carrying cost; the board&apos;s slip cost counts the calendar days the
        finish actually moved. <Link to={`/kanban/${projectId}/inspections`}>Inspections</Link>
      </RegisterHeader>
      {!valid || notFound ? (
        <p className="form-error" role="alert">
          Project not found.
        </p>
      ) : (
        <div className="stack">
          <section className="card" aria-labelledby="delays-title">
            <div className="item-head">
              <h2 id="delays-title" ref={titleRef} tabIndex={-1}>
                Delays
              </h2>
              {canEdit && <AddButton onClick={() => setEditing({ delay: null })}>Record a delay</AddButton>}
            </div>
            <SectionStatus status={status} error={error} />
            {register.isPending ? (
              <p className="muted">Loading the delays…</p>
            ) : register.isError ? (
              <p className="form-error" role="alert">
                The delays could not be loaded. {reasonOf(register.error)}
              </p>
            ) : list.length === 0 ? (
              <p className="muted">
                No delays recorded.
                {canEdit && ' Record one when weather, an inspection or a late delivery costs working days.'}
              </p>
            ) : (
              <>
                {register.data.total_cost === null && (
                  <p className="muted register-note">
                    Set the project&apos;s monthly carrying cost in Schedule settings to see what the delays cost.
                  </p>
                )}
                <table className="table register-table" data-testid="delays-table">
                  <caption className="visually-hidden">Delays by task, oldest first</caption>
                  <thead className="visually-hidden-narrow">
                    <tr>
                      <th scope="col">Task</th>
                      <th scope="col" className="num">
                        Working days
                      </th>
                      <th scope="col">Reason</th>
                      <th scope="col">Note</th>
                      <th scope="col">Date</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((d) => {
                      const label = `${days(d.days)} on ${titleOf(d.task)}, ${formatIsoDay(d.recorded_on)}`;
                      return (
                        <tr key={d.id} data-delay-id={d.id}>
                          <th scope="row" data-label="Task">
                            {titleOf(d.task)}
                          </th>
                          <td className="num" data-label="Working days">
                            {d.days}
                          </td>
                          <td data-label="Reason">{reasonLabel(d.reason)}</td>
                          <td className="register-note-cell" data-label="Note">
                            {d.note || '–'}
                          </td>
                          <td className="nowrap" data-label="Date">
                            {formatIsoDay(d.recorded_on)}
                          </td>
                          <td className="register-actions">
                            {canEdit && (
                              <EditDeleteActions
                                waiting={busyId !== null}
                                editLabel={`Edit the delay of ${label}`}
                                deleteLabel={`Delete the delay of ${label}`}
                                onEdit={() => setEditing({ delay: d })}
                                onDelete={() => setConfirmDelete(d)}
                              />
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
                <DelayTotals register={register.data} />
              </>
            )}
          </section>
          {canEdit && <CalendarFeedSection projectId={projectId} />}
        </div>
      )}
      {settings && project?.schedule && (
        <ScheduleSettingsDialog project={project.schedule} onSave={saveSettings} onClose={() => setSettings(false)} />
      )}
      {editing && <DelayForm delay={editing.delay} tasks={choices} onSave={save} onClose={() => setEditing(null)} />}
      {confirmDelete && (
        <DeleteConfirm
          title="Delete this delay?"
          confirmLabel="Delete delay"
          onConfirm={() =>
            void remove(
              confirmDelete,
              async () => {
                await deleteDelay(confirmDelete.id);
                await settle();
              },
              `Delay of ${days(confirmDelete.days)} on ${titleOf(confirmDelete.task)} deleted.`,
            )
          }
          onCancel={() => setConfirmDelete(null)}
        >
          Delete the delay of <strong>{days(confirmDelete.days)}</strong> on {titleOf(confirmDelete.task)} (
          {formatIsoDay(confirmDelete.recorded_on)})? The task&apos;s finish moves back by that much.
        </DeleteConfirm>
      )}
    </main>
  );
}
