import { useState } from 'react';
import { Link } from 'react-router';
import { RegisterHeader } from './register-header';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AddButton, DeleteConfirm, EditDeleteActions, SectionStatus } from '../../components/ui/item-section';
import { useCanEdit } from '../../lib/edit-access';
import { ApiError } from '../../lib/api-client';
import { formatIsoDay } from '../../lib/format';
import { useAppPageMeta } from '../../lib/page-meta';
import { reasonOf, useItemActions } from '../../lib/use-item-actions';
import { invalidateSchedule } from './api';
import { CalendarFeedSection } from './calendar-feed-section';
import type { RegisterProject } from './delays-page';
import {
  createInspection,
  deleteInspection,
  inspectionsQuery,
  resultLabel,
  updateInspection,
  type Inspection,
  type InspectionWrite,
} from './inspections-api';
import { InspectionForm, type InspectionTaskChoice } from './inspections-form';
import './delays-pages.css';

interface Props {
  projectId: number;
  project: RegisterProject | null;
  tasks: readonly InspectionTaskChoice[] | undefined;
  onScheduleChanged?: () => void;
}

type Editing = { inspection: Inspection | null } | null;

/**
 * `/kanban/:projectId/inspections`: the project's inspections by date (task, kind, date,
 * inspector, result, notes, document) with add, edit and delete; a pending or failed inspection
 * holds the tasks after its task. And the calendar feed.
 */
export function InspectionsPage({ projectId, project, tasks, onScheduleChanged }: Props) {
  const qc = useQueryClient();
  // Issue 35: a viewer reads the inspections and adds, edits or deletes none.
  const canEdit = useCanEdit();
  const valid = Number.isSafeInteger(projectId) && projectId > 0;
  const list = useQuery({ ...inspectionsQuery(projectId), enabled: valid });
  const [editing, setEditing] = useState<Editing>(null);
  const settle = () => invalidateSchedule(qc, projectId, onScheduleChanged);
  const { busyId, error, status, confirmDelete, setConfirmDelete, titleRef, remove, announce } =
    useItemActions<Inspection>({ failure: 'Failed to delete the inspection' });
  const name = project?.name ?? null;
  useAppPageMeta(
    name ? `Inspections — ${name}` : 'Inspections',
    "The project's inspections: when, by whom, and what they found.",
  );
  const choices = tasks ?? [];
  const titleOf = (id: number) => choices.find((t) => t.id === id)?.title ?? `Task ${id}`;
  const notFound = list.error instanceof ApiError && list.error.status === 404;
  const rows = list.data ?? [];

  const save = async (body: InspectionWrite) => {
    const id = editing?.inspection?.id ?? null;
    const saved = id === null ? await createInspection(body) : await updateInspection(id, body);
    setEditing(null);
    announce(`${saved.kind} inspection of ${titleOf(saved.task)} ${id === null ? 'added' : 'saved'}.`);
    await settle();
  };

  return (
    <main className="page page-wide register-page">
      <RegisterHeader projectId={projectId} title="Inspections" projectName={name}>
        Each inspection of a task: when, by whom and its result. Until a task&apos;s inspection passes, the tasks after
        it wait. <Link to={`/kanban/${projectId}/delays`}>Delays</Link>
      </RegisterHeader>
      {!valid || notFound ? (
        <p className="form-error" role="alert">
          Project not found.
        </p>
      ) : (
        <div className="stack">
          <section className="card" aria-labelledby="inspections-title">
            <div className="item-head">
              <h2 id="inspections-title" ref={titleRef} tabIndex={-1}>
                Inspections
              </h2>
              {canEdit && <AddButton onClick={() => setEditing({ inspection: null })}>Add an inspection</AddButton>}
            </div>
            <SectionStatus status={status} error={error} />
            {list.isPending ? (
              <p className="muted">Loading the inspections…</p>
            ) : list.isError ? (
              <p className="form-error" role="alert">
                The inspections could not be loaded. {reasonOf(list.error)}
              </p>
            ) : rows.length === 0 ? (
              <p className="muted">No inspections yet.{canEdit && ' Add each one as it is booked, then its result.'}</p>
            ) : (
              <table className="table register-table" data-testid="inspections-table">
                <caption className="visually-hidden">Inspections by date</caption>
                <thead className="visually-hidden-narrow">
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Task</th>
                    <th scope="col">Kind</th>
                    <th scope="col">Inspector</th>
                    <th scope="col">Result</th>
                    <th scope="col">Notes</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((i) => {
                    const label = `${i.kind} inspection of ${titleOf(i.task)} on ${formatIsoDay(i.scheduled_on)}`;
                    return (
                      <tr key={i.id} data-inspection-id={i.id}>
                        <td className="nowrap" data-label="Date">
                          {formatIsoDay(i.scheduled_on)}
                        </td>
                        <th scope="row" data-label="Task">
                          {titleOf(i.task)}
                        </th>
                        <td data-label="Kind">{i.kind}</td>
                        <td data-label="Inspector">{i.inspector || '–'}</td>
                        <td data-label="Result">
                          <span className={`result result-${i.result}`}>{resultLabel(i.result)}</span>
                        </td>
                        <td className="register-note-cell" data-label="Notes">
                          {i.notes || '–'}
                          {i.document !== null && <span className="muted"> (document attached)</span>}
                        </td>
                        <td className="register-actions">
                          {canEdit && (
                            <EditDeleteActions
                              waiting={busyId !== null}
                              editLabel={`Edit the ${label}`}
                              deleteLabel={`Delete the ${label}`}
                              onEdit={() => setEditing({ inspection: i })}
                              onDelete={() => setConfirmDelete(i)}
                            />
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
          </section>
          {canEdit && <CalendarFeedSection projectId={projectId} />}
        </div>
      )}
      {editing && (
        <InspectionForm
          inspection={editing.inspection}
          tasks={choices}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      {confirmDelete && (
        <DeleteConfirm
          title="Delete this inspection?"
          confirmLabel="Delete inspection"
          onConfirm={() =>
            void remove(
              confirmDelete,
              async () => {
                await deleteInspection(confirmDelete.id);
                await settle();
              },
              `${confirmDelete.kind} inspection of ${titleOf(confirmDelete.task)} deleted.`,
            )
          }
          onCancel={() => setConfirmDelete(null)}
        >
          Delete the {confirmDelete.kind} inspection of {titleOf(confirmDelete.task)} on{' '}
          {formatIsoDay(confirmDelete.scheduled_on)}? Its document stays with the task.
        </DeleteConfirm>
      )}
    </main>
  );
}
