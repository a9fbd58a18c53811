import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AppForm, Field, FormFooter, FormMessage, RequiredNote, useAppForm } from '../../../components/form';
import { AddButton, SectionStatus } from '../../../components/ui/item-section';
import { Modal } from '../../../components/ui/modal';
import { reasonOf, UNREACHABLE } from '../../../lib/use-item-actions';
import {
  boardKeys,
  boardTasksQuery,
  createDependency,
  deleteDependency,
  dependenciesKey,
  projectDependenciesQuery,
  type Dependency,
} from '../api';
import type { Task } from '../types';
import './task-form-links.css';

// The task form's "Starts after" (issue 33): the tasks this one waits for, as finish-to-start
// links with a lag in working days (POST/DELETE /api/dependencies/). The timeline draws the same
// links; here a keyboard (or a screen reader) makes and removes them.

interface Props {
  projectId: number;
  task: Pick<Task, 'id' | 'title'>;
  /** A viewer's task form (issue 35): the links are listed, not made or removed. */
  readOnly?: boolean;
}

interface LinkValues {
  predecessor: string;
  lag_days: string;
}

export const MSG_CHOOSE_TASK = 'Choose the task this one starts after.';
export const MSG_LAG = 'Enter a whole number of working days (0 for none; below 0 to overlap).';

/** "Frame walls", "Frame walls + 2 working days", "Frame walls (start to start)". */
export function linkText(link: Pick<Dependency, 'type' | 'lag_days'>, title: string): string {
  const lag =
    link.lag_days === 0
      ? ''
      : ` ${link.lag_days > 0 ? '+' : '−'} ${Math.abs(link.lag_days)} working ${Math.abs(link.lag_days) === 1 ? 'day' : 'days'}`;
  const kind = link.type === 'SS' ? ' (start to start)' : link.type === 'FF' ? ' (finish to finish)' : '';
  return `${title}${lag}${kind}`;
}

function validate(values: LinkValues): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (values.predecessor === '') problems.predecessor = [MSG_CHOOSE_TASK];
  if (!/^-?\d{1,4}$/.test(values.lag_days.trim())) problems.lag_days = [MSG_LAG];
  return problems;
}

/** Adds one link: the task it starts after and the lag. The server's 409 (a loop, a pair already linked) is said as it words it. */
function AddLinkDialog({
  task,
  choices,
  onSave,
  onClose,
}: {
  task: Props['task'];
  choices: { value: number; label: string }[];
  onSave: (values: { predecessor: number; lag_days: number }) => Promise<void>;
  onClose: () => void;
}) {
  const kit = useAppForm<LinkValues>({
    defaultValues: { predecessor: '', lag_days: '0' },
    fields: ['predecessor', 'lag_days'],
    fallback: UNREACHABLE,
    alias: { successor: 'predecessor' },
    validate,
    onError: (err) => console.error('Failed to link the tasks', err),
  });
  const save = (values: LinkValues) =>
    onSave({ predecessor: Number(values.predecessor), lag_days: Number(values.lag_days.trim()) });
  return (
    <Modal title={`${task.title} starts after…`} onClose={kit.busy ? () => {} : onClose} size="sm">
      <AppForm kit={kit} className="item-form" onSubmit={save}>
        <RequiredNote />
        <FormMessage message={kit.message} />
        <Field
          id="link-predecessor"
          name="predecessor"
          label="Starts after"
          required="aria"
          options={choices}
          empty="Choose a task"
        />
        <Field
          id="link-lag"
          name="lag_days"
          label="Lag (working days)"
          type="number"
          step={1}
          inputMode="numeric"
          hint="Working days to wait after it finishes, such as 2 for concrete to cure."
        />
        <FormFooter busy={kit.busy} onCancel={onClose} submitLabel="Add link" />
      </AppForm>
    </Modal>
  );
}

/**
 * The links of a saved task: what it starts after (each with Remove) and, for reference, what
 * starts after it. Every button is `type="button"`: the section sits inside the task's own form.
 */
export function StartsAfterSection({ projectId, task, readOnly = false }: Props) {
  const qc = useQueryClient();
  const links = useQuery(projectDependenciesQuery(projectId));
  // The board's tasks (its cache), for the titles and the choices: never asked again from here.
  const tasks = useQuery({ ...boardTasksQuery(projectId), staleTime: Infinity, refetchOnMount: false });
  const [adding, setAdding] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const titleId = `links-title-${task.id}`;

  const titleOf = (id: number) => tasks.data?.find((t) => t.id === id)?.title ?? `Task ${id}`;
  const all = links.data ?? [];
  const before = all.filter((l) => l.successor === task.id);
  const after = all.filter((l) => l.predecessor === task.id);
  const linked = new Set(before.map((l) => l.predecessor));
  const choices = (tasks.data ?? [])
    .filter((t) => t.id !== task.id && !linked.has(t.id))
    .map((t) => ({ value: t.id, label: t.title }));

  // The schedule reads the links: the board's tasks are asked again (a 304), which tells the
  // schedule's views (composed in src/app) to read it again.
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: dependenciesKey(projectId) }),
      qc.invalidateQueries({ queryKey: boardKeys.tasks(projectId) }),
    ]);

  const add = async (values: { predecessor: number; lag_days: number }) => {
    await createDependency({
      predecessor: values.predecessor,
      successor: task.id,
      type: 'FS',
      lag_days: values.lag_days,
    });
    setAdding(false);
    setError('');
    setStatus(`${task.title} now starts after ${titleOf(values.predecessor)}.`);
    await refresh();
  };
  const remove = async (link: Dependency) => {
    setBusyId(link.id);
    setError('');
    setStatus('');
    try {
      await deleteDependency(link.id);
      setStatus(`${task.title} no longer starts after ${titleOf(link.predecessor)}.`);
    } catch (e) {
      console.error('Failed to remove the link', e);
      setError(reasonOf(e));
    } finally {
      await refresh();
      setBusyId(null);
      document.getElementById(titleId)?.focus();
    }
  };

  return (
    <section className="item-section" aria-labelledby={titleId} data-testid="starts-after">
      <div className="item-head">
        <h3 id={titleId} tabIndex={-1}>
          Starts after
        </h3>
        {!readOnly && <AddButton onClick={() => setAdding(true)}>Add a task it starts after</AddButton>}
      </div>
      <SectionStatus status={status} error={error} />
      {links.isPending ? (
        <p className="muted">Loading links…</p>
      ) : links.isError ? (
        <p className="form-error" role="alert">
          The links could not be loaded. {reasonOf(links.error)}
        </p>
      ) : (
        <>
          {before.length === 0 ? (
            <p className="muted">Starts on its planned start: it waits for no other task.</p>
          ) : (
            <ul className="item-list" aria-label={`Tasks ${task.title} starts after`}>
              {before.map((l) => {
                const text = linkText(l, titleOf(l.predecessor));
                return (
                  <li key={l.id} className="link-row" data-link-id={l.id}>
                    <span>{text}</span>
                    {!readOnly && (
                      <div className="item-actions">
                        <button
                          type="button"
                          className="btn btn-sm btn-danger"
                          aria-disabled={busyId !== null || undefined}
                          aria-label={`Remove the link: starts after ${text}`}
                          onClick={() => busyId === null && void remove(l)}
                        >
                          Remove
                        </button>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          {after.length > 0 && (
            <p className="muted" data-testid="followed-by">
              Followed by: {after.map((l) => titleOf(l.successor)).join(', ')}
            </p>
          )}
        </>
      )}
      {adding && <AddLinkDialog task={task} choices={choices} onSave={add} onClose={() => setAdding(false)} />}
    </section>
  );
}
