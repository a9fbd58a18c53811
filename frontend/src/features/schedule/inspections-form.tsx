import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { AppForm, Field, FormFooter, FormMessage, RequiredNote, useAppForm } from '../../components/form';
import { DocumentSlot } from '../../components/form/document-slot';
import { Modal } from '../../components/ui/modal';
import { isDateOutOfRange, MSG_DATE_OUT_OF_RANGE } from '../../lib/format';
import { documentName } from '../../lib/task-documents';
import { UNREACHABLE } from '../../lib/use-item-actions';
import {
  INSPECTION_RESULTS,
  inspectionDocumentsQuery,
  inspectionKindsQuery,
  type Inspection,
  type InspectionResult,
  type InspectionWrite,
} from './inspections-api';

export interface InspectionTaskChoice {
  id: number;
  title: string;
}

export interface InspectionValues {
  task: string;
  kind: string;
  scheduled_on: string;
  inspector: string;
  result: InspectionResult;
  notes: string;
  document: string;
}

export const MSG_INSPECTION_TASK = 'Choose the task that is inspected.';
export const MSG_INSPECTION_KIND = 'Enter the kind of inspection, such as Framing.';
export const MSG_INSPECTION_DATE = 'Enter the date of the inspection.';

const FIELDS = ['task', 'kind', 'scheduled_on', 'inspector', 'result', 'notes', 'document'] as const;

export function validateInspection(values: InspectionValues): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (values.task === '') problems.task = [MSG_INSPECTION_TASK];
  if (values.kind.trim() === '') problems.kind = [MSG_INSPECTION_KIND];
  if (values.scheduled_on.trim() === '') problems.scheduled_on = [MSG_INSPECTION_DATE];
  else if (isDateOutOfRange(values.scheduled_on)) problems.scheduled_on = [MSG_DATE_OUT_OF_RANGE];
  return problems;
}

export function inspectionPayload(values: InspectionValues): InspectionWrite {
  return {
    task: Number(values.task),
    kind: values.kind.trim(),
    scheduled_on: values.scheduled_on,
    inspector: values.inspector.trim(),
    result: values.result,
    notes: values.notes.trim(),
    document: values.document === '' ? null : Number(values.document),
  };
}

interface Props {
  inspection: Inspection | null;
  tasks: readonly InspectionTaskChoice[];
  onSave: (body: InspectionWrite) => Promise<unknown>;
  onClose: () => void;
}

/** The chosen task's documents, to pick the inspection's (or upload one to the task). */
function TaskDocument({ taskId, onUploading }: { taskId: number; onUploading: (busy: boolean) => void }) {
  const documents = useQuery(inspectionDocumentsQuery(taskId));
  return (
    <DocumentSlot
      taskId={taskId}
      id="insp-document"
      name="document"
      label="Document"
      uploadLabel="Upload the inspection report"
      what="the report"
      documents={documents.data ?? []}
      nameOf={documentName}
      emptyLabel="No document"
      onUploading={onUploading}
      hintId="insp-document-hint"
    />
  );
}

/**
 * Schedule or record an inspection: task, kind (the usual kinds offered as you type), date,
 * inspector, result, notes and, optionally, one of the task's documents (the report).
 */
export function InspectionForm({ inspection, tasks, onSave, onClose }: Props) {
  const listId = useId();
  const kinds = useQuery(inspectionKindsQuery());
  const [uploading, setUploading] = useState(false);
  const kit = useAppForm<InspectionValues>({
    defaultValues: inspection
      ? {
          task: String(inspection.task),
          kind: inspection.kind,
          scheduled_on: inspection.scheduled_on,
          inspector: inspection.inspector,
          result: inspection.result,
          notes: inspection.notes,
          document: inspection.document === null ? '' : String(inspection.document),
        }
      : { task: '', kind: '', scheduled_on: '', inspector: '', result: 'pending', notes: '', document: '' },
    fields: FIELDS,
    fallback: UNREACHABLE,
    prefix: 'The inspection was not saved.',
    validate: validateInspection,
    onError: (err) => console.error('Failed to save the inspection', err),
  });
  const task = useWatch({ control: kit.form.control, name: 'task' });
  const known = new Set(tasks.map((t) => t.id));
  const choices = [
    ...tasks.map((t) => ({ value: t.id, label: t.title })),
    ...(inspection && !known.has(inspection.task)
      ? [{ value: inspection.task, label: `Task ${inspection.task}` }]
      : []),
  ];
  const save = async (values: InspectionValues) => {
    if (uploading) return false;
    await onSave(inspectionPayload(values));
  };
  return (
    <Modal
      title={inspection ? 'Edit inspection' : 'Add an inspection'}
      onClose={kit.busy ? () => {} : onClose}
      size="md"
    >
      <AppForm kit={kit} className="item-form" onSubmit={save}>
        <RequiredNote />
        <FormMessage message={kit.message} />
        <div className="grid-2">
          <Field
            id="insp-task"
            name="task"
            label="Task"
            required="aria"
            options={choices}
            empty="Choose a task"
            className="span-2"
            onChange={() => kit.form.setValue('document', '')}
          />
          <Field
            id="insp-kind"
            name="kind"
            label="Kind"
            required="aria"
            list={listId}
            autoComplete="off"
            maxLength={100}
            after={
              <datalist id={listId}>
                {(kinds.data ?? []).map((k) => (
                  <option key={k} value={k} />
                ))}
              </datalist>
            }
          />
          <Field id="insp-date" name="scheduled_on" label="Scheduled on" type="date" required="aria" />
          <Field id="insp-inspector" name="inspector" label="Inspector" autoComplete="off" maxLength={200} />
          <Field id="insp-result" name="result" label="Result" options={INSPECTION_RESULTS} />
          <Field id="insp-notes" name="notes" label="Notes" className="span-2">
            {(control) => <textarea rows={3} maxLength={2000} {...control} />}
          </Field>
          {task !== '' && <TaskDocument key={task} taskId={Number(task)} onUploading={setUploading} />}
        </div>
        <FormFooter
          busy={kit.busy}
          uploading={uploading}
          onCancel={onClose}
          submitLabel={inspection ? 'Save inspection' : 'Add inspection'}
        />
      </AppForm>
    </Modal>
  );
}
