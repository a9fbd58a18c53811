import { useWatch } from 'react-hook-form';
import {
  AppForm,
  Choices,
  DateList,
  Field,
  FormMessage,
  MoneyInput,
  RequiredNote,
  useAppForm,
} from '../../../components/form';
import { MSG_WORK_WEEK_EMPTY, parseCarryingCost, WEEKDAYS } from '../../../lib/work-week';
import {
  ADDITION_OPTIONS,
  CONVERSION_OPTIONS,
  emptyProjectForm,
  OWNER_BUILDER_OPTIONS,
  PROJECT_TYPES,
  PROPERTY_TYPES,
  RENOVATION_OPTIONS,
  type ProjectFormValues,
} from '../types';
import { MSG_START_DATE, MSG_UNITS, visibleFields } from '../utils';
import { checkLending } from '../lending';
import { ProjectLendingFields } from './project-lending-fields';

/** The spec's messages said without a field (the page's own checks), and where they belong. */
const PLACES = { start_date: [MSG_START_DATE], units: [MSG_UNITS] } as const;
/** The browser's "required" check of these fields, in the spec's words. */
const REQUIRED_MESSAGES = { start_date: MSG_START_DATE, units: MSG_UNITS };

/** A field's name and its message's id (`pf-<name>-error`, whatever the control's id). */
const pf = (name: keyof ProjectFormValues) => ({ name, errorId: `pf-${name}-error` });
const boxes = (options: readonly string[]) => options.map((o) => ({ value: o, label: o }));

/** The schedule settings' checks (issue 33), in the form's words; the rest is the page's. */
export function checkScheduleSettings(values: Pick<ProjectFormValues, 'work_week' | 'monthly_carrying_cost'>) {
  const problems: Record<string, string[]> = {};
  if (values.work_week.length === 0) problems.work_week = [MSG_WORK_WEEK_EMPTY];
  const cost = parseCarryingCost(values.monthly_carrying_cost);
  if (!cost.ok) problems.monthly_carrying_cost = [cost.message];
  return problems;
}

interface Props {
  onSubmit: (values: ProjectFormValues) => Promise<boolean>;
  error: string;
  fieldErrors?: Record<string, string[]>;
  busy: boolean;
}

export function ProjectForm({ onSubmit, error, fieldErrors, busy }: Props) {
  // The browser's checks said beside each field; the page's messages (its own checks, the server's)
  // beside theirs when they are about one ("Please provide a project start date."). Each refused
  // create: focus and scroll to the first field in error, else to the message.
  const kit = useAppForm<ProjectFormValues>({
    defaultValues: emptyProjectForm,
    native: REQUIRED_MESSAGES,
    places: PLACES,
    validate: (values) => ({ ...checkScheduleSettings(values), ...checkLending(values) }),
    errors: { message: error, fields: fieldErrors ?? {} },
  });
  const { control, register, reset } = kit.form;
  const [projectType, propertyType, startDate] = useWatch({
    control,
    name: ['project_type', 'property_type', 'start_date'],
  });
  const show = visibleFields({ project_type: projectType, property_type: propertyType });

  const submit = async (values: ProjectFormValues) => {
    const ok = await onSubmit(values);
    if (ok) reset(emptyProjectForm);
    return ok;
  };

  return (
    <AppForm kit={kit} className="card project-form" onSubmit={submit} aria-labelledby="project-form-title">
      <h2 id="project-form-title">New Project</h2>
      <RequiredNote />
      <FormMessage message={kit.message} as="div" />
      <div className="grid-2">
        <Field id="pf-name" {...pf('name')} label="Project Name" required maxLength={200} />
        <Field
          id="pf-zip"
          {...pf('zip_code')}
          label="Zip Code"
          required
          inputMode="numeric"
          autoComplete="postal-code"
          pattern="\d{5}(-\d{4})?"
          title="A 5-digit US zip code"
        />
        <Field
          id="pf-type"
          {...pf('project_type')}
          label="Project Type"
          required
          options={PROJECT_TYPES}
          empty="Select a project type"
        />
        {show.propertyType && (
          <Field
            id="pf-property"
            {...pf('property_type')}
            label="Property Type"
            required
            options={PROPERTY_TYPES}
            empty="Select a property type"
          />
        )}
        {show.units && (
          <Field id="pf-units" {...pf('units')} label="Number of Units" type="number" required min={1} step={1} />
        )}
        {show.conversionOption && (
          <Field
            id="pf-conversion"
            {...pf('conversion_option')}
            label="Conversion Option"
            required
            options={CONVERSION_OPTIONS}
            empty="Select a conversion"
          />
        )}
      </div>
      {show.renovationOptions && (
        <Choices
          id="pf-renovation_options"
          name="renovation_options"
          type="checkbox"
          legend="Renovation Options"
          options={boxes(RENOVATION_OPTIONS)}
          className="options-fieldset"
          listClassName="checkbox-grid"
        />
      )}
      {show.additionOptions && (
        <Choices
          id="pf-addition_options"
          name="addition_options"
          type="checkbox"
          legend="Addition Options"
          options={boxes(ADDITION_OPTIONS)}
          className="options-fieldset"
          listClassName="checkbox-grid"
        />
      )}
      <div className="grid-2">
        <Field id="pf-sqft" {...pf('square_footage')} label="Square Footage" type="number" min={1} step={1} required />
        <Field id="pf-budget" {...pf('budget')} label="Budget ($)" type="number" min={0} step="0.01" required />
        <Field
          id="pf-contingency"
          {...pf('contingency_percent')}
          label="Contingency (%)"
          type="number"
          min={0}
          max={50}
          step={1}
          inputMode="numeric"
          hint="The share of the budget kept for surprises, 0 to 50 (usually 10)."
        />
        <Field
          id="pf-loan"
          {...pf('loan_amount')}
          label="Construction Loan ($)"
          type="number"
          min={0}
          step="0.01"
          placeholder="None"
          hint="Optional: leave empty if you have no construction loan. The Money page tracks its draws."
        />
        <Field id="pf-start" {...pf('start_date')} label="Start Date" type="date" required />
        <Field id="pf-end" {...pf('end_date')} label="End Date" type="date" required min={startDate || undefined} />
      </div>
      <ProjectLendingFields prefix="pf" />
      <fieldset className="options-fieldset project-schedule">
        <legend>Schedule</legend>
        <p className="hint project-schedule-lead">
          The days work happens on, for the timeline and the delays. You can change them later in Schedule settings.
        </p>
        <Choices
          id="pf-work_week"
          name="work_week"
          type="checkbox"
          legend="Work week"
          options={WEEKDAYS}
          className="options-fieldset"
          listClassName="radio-row"
        />
        <DateList
          id="pf-non_working_days"
          name="non_working_days"
          legend="Non-working days"
          addLabel="Add a day off"
          empty="None: every day of the work week counts."
          hint="Holidays or a shutdown: no work is planned on these days."
        />
        <Field
          id="pf-carrying-cost"
          {...pf('monthly_carrying_cost')}
          label="Monthly carrying cost"
          hint="Optional: what the build costs each month it runs (loan interest, rent, insurance), so a delay shows its cost."
        >
          {(control) => <MoneyInput inputMode="decimal" autoComplete="off" placeholder="None" {...control} />}
        </Field>
      </fieldset>
      <Choices
        id="pf-owner_builder"
        name="owner_builder"
        type="radio"
        legend="Are you an owner-builder?"
        options={OWNER_BUILDER_OPTIONS}
        required
        className="options-fieldset"
        legendClassName="label"
        listClassName="radio-row"
      />
      <div className="field template-field">
        <label className="check">
          <input type="checkbox" {...register('use_template')} aria-describedby="pf-template-hint" />
          <span>Start from the standard task list</span>
        </label>
        <small className="hint" id="pf-template-hint">
          Adds the usual construction tasks for this type of project (and the options you pick), in build order, each
          with its predicted cost. You can rename or delete any of them. Leave it unticked for an empty board.
        </small>
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || kit.busy}>
          {busy || kit.busy ? 'Creating…' : 'Create Project'}
        </button>
      </div>
    </AppForm>
  );
}
