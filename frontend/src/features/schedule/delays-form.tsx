import { AppForm, Field, FormFooter, FormMessage, RequiredNote, useAppForm } from '../../components/form';
import { Modal } from '../../components/ui/modal';
import { localToday } from '../../lib/dates';
import { isDateOutOfRange, MSG_DATE_OUT_OF_RANGE } from '../../lib/format';
import { UNREACHABLE } from '../../lib/use-item-actions';
import { DELAY_REASONS, type Delay, type DelayReason, type DelayWrite } from './delays-api';

/** A task the delay can be against. */
export interface DelayTaskChoice {
  id: number;
  title: string;
}

export interface DelayValues {
  task: string;
  days: string;
  reason: DelayReason;
  note: string;
  recorded_on: string;
}

export const MSG_DELAY_TASK = 'Choose the task that was delayed.';
export const MSG_DELAY_DAYS = 'Enter the working days lost, a whole number from 1 to 365.';

const FIELDS = ['task', 'days', 'reason', 'note', 'recorded_on'] as const;

/** The form's checks, in its words (the server's own say the same, beside the same fields). */
export function validateDelay(values: DelayValues, form: HTMLFormElement | null): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (values.task === '') problems.task = [MSG_DELAY_TASK];
  const bad = (form?.elements.namedItem('days') as HTMLInputElement | null)?.validity.badInput ?? false;
  const days = values.days.trim();
  if (bad || !/^\d{1,3}$/.test(days) || Number(days) < 1 || Number(days) > 365) problems.days = [MSG_DELAY_DAYS];
  if (isDateOutOfRange(values.recorded_on)) problems.recorded_on = [MSG_DATE_OUT_OF_RANGE];
  return problems;
}

/** The request's body: the note trimmed, a blank date left to the server (today). */
export function delayPayload(values: DelayValues): DelayWrite {
  return {
    task: Number(values.task),
    days: Number(values.days.trim()),
    reason: values.reason,
    note: values.note.trim(),
    ...(values.recorded_on.trim() === '' ? {} : { recorded_on: values.recorded_on }),
  };
}

interface Props {
  delay: Delay | null;
  tasks: readonly DelayTaskChoice[];
  /** A new delay's task (the page's filter), if any. */
  defaultTask?: number | null;
  /** Sends the delay; rejects with the server's ApiError (its messages go beside the fields). */
  onSave: (body: DelayWrite) => Promise<unknown>;
  onClose: () => void;
}

/** Record or edit a delay: task, working days lost, reason, note and the day it was recorded. */
export function DelayForm({ delay, tasks, defaultTask = null, onSave, onClose }: Props) {
  const kit = useAppForm<DelayValues>({
    defaultValues: delay
      ? {
          task: String(delay.task),
          days: String(delay.days),
          reason: delay.reason,
          note: delay.note,
          recorded_on: delay.recorded_on,
        }
      : {
          task: defaultTask === null ? '' : String(defaultTask),
          days: '',
          reason: 'weather',
          note: '',
          recorded_on: localToday(),
        },
    fields: FIELDS,
    fallback: UNREACHABLE,
    prefix: 'The delay was not saved.',
    validate: validateDelay,
    onError: (err) => console.error('Failed to save the delay', err),
  });
  const known = new Set(tasks.map((t) => t.id));
  // A delay's task no longer on the board keeps an option of its own.
  const choices = [
    ...tasks.map((t) => ({ value: t.id, label: t.title })),
    ...(delay && !known.has(delay.task) ? [{ value: delay.task, label: `Task ${delay.task}` }] : []),
  ];
  const save = async (values: DelayValues) => {
    await onSave(delayPayload(values));
  };
  return (
    <Modal title={delay ? 'Edit delay' : 'Record a delay'} onClose={kit.busy ? () => {} : onClose} size="md">
      <AppForm kit={kit} className="item-form" onSubmit={save}>
        <RequiredNote />
        <FormMessage message={kit.message} />
        <div className="grid-2">
          <Field
            id="delay-task"
            name="task"
            label="Task"
            required="aria"
            options={choices}
            empty="Choose a task"
            className="span-2"
          />
          <Field
            id="delay-days"
            name="days"
            label="Working days lost"
            required="aria"
            type="number"
            min={1}
            max={365}
            step={1}
            inputMode="numeric"
          />
          <Field id="delay-reason" name="reason" label="Reason" options={DELAY_REASONS} />
          <Field id="delay-date" name="recorded_on" label="Date" type="date" hint="Today unless you change it." />
          <Field id="delay-note" name="note" label="Note" className="span-2">
            {(control) => <textarea rows={3} maxLength={2000} {...control} />}
          </Field>
        </div>
        <FormFooter busy={kit.busy} onCancel={onClose} submitLabel={delay ? 'Save delay' : 'Record delay'} />
      </AppForm>
    </Modal>
  );
}
