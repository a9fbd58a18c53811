import {
  AppForm,
  Choices,
  DateList,
  Field,
  FormFooter,
  FormMessage,
  MoneyInput,
  useAppForm,
} from '../../components/form';
import { Modal } from '../../components/ui/modal';
import { UNREACHABLE } from '../../lib/use-item-actions';
import { DEFAULT_WORK_WEEK, inWeekOrder, MSG_WORK_WEEK_EMPTY, parseCarryingCost, WEEKDAYS } from '../../lib/work-week';
import type { ScheduleProject, ScheduleSettings } from './schedule-summary-api';

export type { ScheduleProject };

interface Values {
  work_week: string[];
  non_working_days: string[];
  monthly_carrying_cost: string;
}

const FIELDS = ['work_week', 'non_working_days', 'monthly_carrying_cost'] as const;

const costText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : Number.isInteger(value) ? String(value) : value.toFixed(2);

export function validateSettings(values: Values): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (values.work_week.length === 0) problems.work_week = [MSG_WORK_WEEK_EMPTY];
  const cost = parseCarryingCost(values.monthly_carrying_cost);
  if (!cost.ok) problems.monthly_carrying_cost = [cost.message];
  return problems;
}

export function settingsPayload(values: Values): ScheduleSettings {
  const cost = parseCarryingCost(values.monthly_carrying_cost);
  return {
    work_week: inWeekOrder(values.work_week),
    non_working_days: [...values.non_working_days].sort(),
    monthly_carrying_cost: cost.ok ? cost.value : null,
  };
}

interface Props {
  project: ScheduleProject;
  /** Sends the settings; rejects with the server's ApiError (its messages go beside the fields). */
  onSave: (settings: ScheduleSettings) => Promise<unknown>;
  onClose: () => void;
}

/**
 * "Schedule settings": the project's work week (which weekdays count as working days), its
 * non-working days (holidays, a shutdown) and its monthly carrying cost (loan interest, rent,
 * insurance while the build runs: what each month of slip costs). One PATCH of the project.
 */
export function ScheduleSettingsDialog({ project, onSave, onClose }: Props) {
  const kit = useAppForm<Values>({
    defaultValues: {
      work_week: project.work_week?.length ? [...project.work_week] : [...DEFAULT_WORK_WEEK],
      non_working_days: [...(project.non_working_days ?? [])],
      monthly_carrying_cost: costText(project.monthly_carrying_cost),
    },
    fields: FIELDS,
    fallback: UNREACHABLE,
    prefix: 'The settings were not saved.',
    validate: validateSettings,
    onError: (err) => console.error('Failed to save the schedule settings', err),
  });
  const save = async (values: Values) => {
    await onSave(settingsPayload(values));
  };
  return (
    <Modal title="Schedule settings" onClose={kit.busy ? () => {} : onClose} size="md">
      <AppForm kit={kit} className="item-form" onSubmit={save}>
        <FormMessage message={kit.message} />
        <Choices
          id="sched-work_week"
          name="work_week"
          type="checkbox"
          legend="Work week"
          options={WEEKDAYS}
          className="options-fieldset"
          listClassName="radio-row"
        />
        <DateList
          id="sched-non_working_days"
          name="non_working_days"
          legend="Non-working days"
          addLabel="Add a day off"
          empty="None: every day of the work week counts."
          hint="Holidays or a shutdown: no work is planned on these days."
        />
        <Field
          id="sched-carrying-cost"
          name="monthly_carrying_cost"
          label="Monthly carrying cost"
          hint="What the build costs each month it runs (loan interest, rent, insurance): what a slip costs. Optional."
        >
          {(control) => <MoneyInput inputMode="decimal" autoComplete="off" placeholder="None" {...control} />}
        </Field>
        <FormFooter busy={kit.busy} onCancel={onClose} submitLabel="Save settings" />
      </AppForm>
    </Modal>
  );
}
