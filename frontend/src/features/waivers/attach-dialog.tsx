import { useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { AppForm, Field, FormFooter, FormMessage, RequiredNote, useAppForm } from '../../components/form';
import { DocumentSlot } from '../../components/form/document-slot';
import { Modal } from '../../components/ui/modal';
import { client, ok } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { localToday } from '../../lib/dates';
import { isDateOutOfRange, MSG_DATE_OUT_OF_RANGE } from '../../lib/format';
import { documentName, taskDocumentsKey } from '../../lib/task-documents';
import { UNREACHABLE } from '../../lib/use-item-actions';
import type { WaiverTask } from './types';

/** The documents of a task, under the board's key for them (an upload here lists at once there). */
const taskDocumentsQuery = (taskId: number) =>
  queryOptions({
    queryKey: taskDocumentsKey(taskId),
    queryFn: ({ signal }): Promise<components['schemas']['Document'][]> =>
      ok(client.GET('/api/documents/', { params: { query: { task: taskId } }, signal })),
    staleTime: 60_000,
  });

/**
 * The payments of a task (`GET /api/tasks/{id}/payments/`): their receipts are not signed waivers,
 * so the picker leaves them out. Asked again each time the dialog opens.
 */
const taskPaymentsQuery = (taskId: number) =>
  queryOptions({
    queryKey: ['waivers', 'task-payments', taskId] as const,
    queryFn: ({ signal }): Promise<components['schemas']['TaskPayment'][]> =>
      ok(client.GET('/api/tasks/{id}/payments/', { params: { path: { id: taskId } }, signal })),
    staleTime: 0,
  });

/** A document's name that says it is a lien waiver (or a release of lien). */
const WAIVER_NAME = /waiver|lien|release/i;

/**
 * The documents offered as the signed waiver: not a payment's receipt (`receipts`, the payments'
 * `receipt` ids), and those whose name suggests a waiver first (each group in the given order).
 */
export function waiverDocumentChoices<D extends { id: number }>(
  documents: readonly D[],
  receipts: ReadonlySet<number>,
  nameOf: (document: D) => string,
): D[] {
  const kept = documents.filter((d) => !receipts.has(d.id));
  return [...kept.filter((d) => WAIVER_NAME.test(nameOf(d))), ...kept.filter((d) => !WAIVER_NAME.test(nameOf(d)))];
}

export interface AttachValues {
  task: string;
  document: string;
  received_on: string;
}

export const MSG_ATTACH_DOCUMENT = 'Choose the signed waiver, or upload it.';
export const MSG_ATTACH_TASK = 'Choose the task to keep the signed waiver with.';
export const MSG_RECEIVED_ON = 'Enter the day the signed waiver came in.';

export function validateAttach(values: AttachValues): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (values.task === '') problems.task = [MSG_ATTACH_TASK];
  if (values.document === '') problems.document = [MSG_ATTACH_DOCUMENT];
  if (values.received_on.trim() === '') problems.received_on = [MSG_RECEIVED_ON];
  else if (isDateOutOfRange(values.received_on)) problems.received_on = [MSG_DATE_OUT_OF_RANGE];
  return problems;
}

interface Props {
  /** Whose waiver, in words ("Acme Framing, $2,000.00 on Nov 20, 2026"): under the title. */
  about: string;
  /** The task whose documents are offered first (the payment's), if any. */
  taskId: number | null;
  /** The project's tasks, when the signed waiver may go with any of them (the Waivers page). */
  tasks?: readonly WaiverTask[];
  /** The day it came in, when it is already received. */
  receivedOn: string | null;
  onSave: (document: number, receivedOn: string) => Promise<unknown>;
  onClose: () => void;
}

/** The chosen task's documents, to pick the signed waiver (or upload it to the task). */
function TaskDocument({ taskId, onUploading }: { taskId: number; onUploading: (busy: boolean) => void }) {
  const documents = useQuery(taskDocumentsQuery(taskId));
  const payments = useQuery(taskPaymentsQuery(taskId));
  // Without the payments (still loading, or refused) nothing is left out: only the order helps.
  const receipts = new Set((payments.data ?? []).flatMap((p) => (p.receipt === null ? [] : [p.receipt])));
  const loading = documents.isPending || payments.isPending;
  return (
    <DocumentSlot
      taskId={taskId}
      id="waiver-document"
      name="document"
      label="Signed waiver"
      uploadLabel="Upload the signed waiver"
      what="the signed waiver"
      documents={loading ? [] : waiverDocumentChoices(documents.data ?? [], receipts, documentName)}
      nameOf={documentName}
      emptyLabel={loading ? 'Loading the documents…' : 'Choose a document'}
      onUploading={onUploading}
      hintId="waiver-document-hint"
    />
  );
}

/**
 * Attach the signed waiver (a PDF, a photo): one of a task's documents, or a file uploaded to the
 * task here, and the day it came in. Saving marks the waiver received.
 */
export function AttachDialog({ about, taskId, tasks, receivedOn, onSave, onClose }: Props) {
  const [uploading, setUploading] = useState(false);
  const kit = useAppForm<AttachValues>({
    defaultValues: {
      task: taskId === null ? (tasks?.length === 1 ? String(tasks[0].id) : '') : String(taskId),
      document: '',
      received_on: receivedOn ?? localToday(),
    },
    fields: ['task', 'document', 'received_on'] as const,
    fallback: UNREACHABLE,
    prefix: 'The signed waiver was not attached.',
    validate: validateAttach,
    onError: (err) => console.error('Failed to attach the signed waiver', err),
  });
  const task = useWatch({ control: kit.form.control, name: 'task' });
  const save = async (values: AttachValues) => {
    if (uploading) return false;
    await onSave(Number(values.document), values.received_on);
  };
  return (
    <Modal title="Attach the signed waiver" onClose={kit.busy ? () => {} : onClose} size="md">
      <AppForm kit={kit} className="item-form" onSubmit={save}>
        <p className="muted waiver-about">{about}</p>
        <RequiredNote />
        <FormMessage message={kit.message} />
        <div className="grid-2">
          {tasks && (
            <Field
              id="waiver-task"
              name="task"
              label="Keep it with the task"
              required="aria"
              options={tasks.map((t) => ({ value: t.id, label: t.title }))}
              empty="Choose a task"
              className="span-2"
              onChange={() => kit.form.setValue('document', '')}
            />
          )}
          {task !== '' && <TaskDocument key={task} taskId={Number(task)} onUploading={setUploading} />}
          <Field id="waiver-received-on" name="received_on" label="Received on" type="date" required="aria" />
        </div>
        <p className="muted waiver-about">Saving marks the waiver received.</p>
        <FormFooter busy={kit.busy} uploading={uploading} onCancel={onClose} submitLabel="Attach and mark received" />
      </AppForm>
    </Modal>
  );
}
