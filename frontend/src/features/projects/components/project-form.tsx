import { useRef, useState, type FormEvent } from 'react';
import { RequiredNote } from '../../../components/ui/form-field';
import { mergeFieldErrors, placeMessage } from '../../../lib/form-errors';
import { useFocusFirstError, useNativeInvalid } from '../../../lib/use-focus-first-error';
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

/** The spec's messages said without a field (the page's own checks), and where they belong. */
const PLACES = { start_date: [MSG_START_DATE], units: [MSG_UNITS] } as const;
/** The browser's "required" check of these fields, in the spec's words. */
const REQUIRED_MESSAGES = { start_date: MSG_START_DATE, units: MSG_UNITS };

interface Props {
  onSubmit: (values: ProjectFormValues) => Promise<boolean>;
  error: string;
  fieldErrors?: Record<string, string[]>;
  busy: boolean;
}

export function ProjectForm({ onSubmit, error, fieldErrors: serverErrors, busy }: Props) {
  const [values, setValues] = useState<ProjectFormValues>(emptyProjectForm);
  const formRef = useRef<HTMLFormElement>(null);
  // The browser's checks, said beside each field (the first takes focus).
  const nativeErrors = useNativeInvalid(formRef, REQUIRED_MESSAGES);
  // The page's messages: beside their field when they are about one ("Please provide a project start date.").
  const placed = placeMessage({ message: error, fields: serverErrors ?? {} }, PLACES);
  const fieldErrors = mergeFieldErrors(nativeErrors, placed.fields);
  // Each refused create: focus and scroll to the first field in error, else to the message.
  const [failure, setFailure] = useState(0);
  useFocusFirstError(formRef, failure);
  const show = visibleFields(values);
  const set = <K extends keyof ProjectFormValues>(key: K, value: ProjectFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const toggle = (key: 'renovation_options' | 'addition_options', option: string) =>
    setValues((v) => ({
      ...v,
      [key]: v[key].includes(option) ? v[key].filter((o) => o !== option) : [...v[key], option],
    }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await onSubmit(values);
    if (ok) setValues(emptyProjectForm);
    else setFailure((n) => n + 1);
  };

  const fieldError = (name: string) =>
    fieldErrors[name]?.length ? (
      <small className="field-error" id={`pf-${name}-error`}>
        {fieldErrors[name].join(' ')}
      </small>
    ) : null;
  /** aria-invalid and the link to the server's message, for the control of field `name`. */
  const invalid = (name: string, hint?: string) => {
    const bad = !!fieldErrors[name]?.length;
    const describedBy = [bad ? `pf-${name}-error` : null, hint ?? null].filter(Boolean).join(' ');
    return { 'aria-invalid': bad || undefined, 'aria-describedby': describedBy || undefined };
  };

  return (
    <form
      ref={formRef}
      className="card project-form"
      onSubmit={(e) => void submit(e)}
      aria-labelledby="project-form-title"
    >
      <h2 id="project-form-title">New Project</h2>
      <RequiredNote />
      {placed.message && (
        <div className="form-error" role="alert">
          {placed.message}
        </div>
      )}
      <div className="grid-2">
        <div className="field">
          <label htmlFor="pf-name" className="required">
            Project Name
          </label>
          <input
            id="pf-name"
            name="name"
            {...invalid('name')}
            required
            maxLength={200}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
          />
          {fieldError('name')}
        </div>
        <div className="field">
          <label htmlFor="pf-zip" className="required">
            Zip Code
          </label>
          <input
            id="pf-zip"
            name="zip_code"
            {...invalid('zip_code')}
            required
            inputMode="numeric"
            autoComplete="postal-code"
            pattern="\d{5}(-\d{4})?"
            title="A 5-digit US zip code"
            value={values.zip_code}
            onChange={(e) => set('zip_code', e.target.value)}
          />
          {fieldError('zip_code')}
        </div>
        <div className="field">
          <label htmlFor="pf-type" className="required">
            Project Type
          </label>
          <select
            id="pf-type"
            name="project_type"
            {...invalid('project_type')}
            required
            value={values.project_type}
            onChange={(e) => set('project_type', e.target.value as ProjectFormValues['project_type'])}
          >
            <option value="">Select a project type</option>
            {PROJECT_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
          {fieldError('project_type')}
        </div>
        {show.propertyType && (
          <div className="field">
            <label htmlFor="pf-property" className="required">
              Property Type
            </label>
            <select
              id="pf-property"
              name="property_type"
              {...invalid('property_type')}
              required
              value={values.property_type}
              onChange={(e) => set('property_type', e.target.value as ProjectFormValues['property_type'])}
            >
              <option value="">Select a property type</option>
              {PROPERTY_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
            {fieldError('property_type')}
          </div>
        )}
        {show.units && (
          <div className="field">
            <label htmlFor="pf-units" className="required">
              Number of Units
            </label>
            <input
              id="pf-units"
              name="units"
              {...invalid('units')}
              type="number"
              required
              min={1}
              step={1}
              value={values.units}
              onChange={(e) => set('units', e.target.value)}
            />
            {fieldError('units')}
          </div>
        )}
        {show.conversionOption && (
          <div className="field">
            <label htmlFor="pf-conversion" className="required">
              Conversion Option
            </label>
            <select
              id="pf-conversion"
              name="conversion_option"
              {...invalid('conversion_option')}
              required
              value={values.conversion_option}
              onChange={(e) => set('conversion_option', e.target.value)}
            >
              <option value="">Select a conversion</option>
              {CONVERSION_OPTIONS.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
            {fieldError('conversion_option')}
          </div>
        )}
      </div>
      {show.renovationOptions && (
        <fieldset
          className="options-fieldset"
          aria-describedby={invalid('renovation_options')['aria-describedby']}
          data-invalid={invalid('renovation_options')['aria-invalid']}
        >
          <legend>Renovation Options</legend>
          <div className="checkbox-grid">
            {RENOVATION_OPTIONS.map((o) => (
              <label key={o} className="check">
                <input
                  type="checkbox"
                  name="renovation_options"
                  value={o}
                  checked={values.renovation_options.includes(o)}
                  onChange={() => toggle('renovation_options', o)}
                />
                <span>{o}</span>
              </label>
            ))}
          </div>
          {fieldError('renovation_options')}
        </fieldset>
      )}
      {show.additionOptions && (
        <fieldset
          className="options-fieldset"
          aria-describedby={invalid('addition_options')['aria-describedby']}
          data-invalid={invalid('addition_options')['aria-invalid']}
        >
          <legend>Addition Options</legend>
          <div className="checkbox-grid">
            {ADDITION_OPTIONS.map((o) => (
              <label key={o} className="check">
                <input
                  type="checkbox"
                  name="addition_options"
                  value={o}
                  checked={values.addition_options.includes(o)}
                  onChange={() => toggle('addition_options', o)}
                />
                <span>{o}</span>
              </label>
            ))}
          </div>
          {fieldError('addition_options')}
        </fieldset>
      )}
      <div className="grid-2">
        <div className="field">
          <label htmlFor="pf-sqft" className="required">
            Square Footage
          </label>
          <input
            id="pf-sqft"
            name="square_footage"
            {...invalid('square_footage')}
            type="number"
            min={1}
            step={1}
            required
            value={values.square_footage}
            onChange={(e) => set('square_footage', e.target.value)}
          />
          {fieldError('square_footage')}
        </div>
        <div className="field">
          <label htmlFor="pf-budget" className="required">
            Budget ($)
          </label>
          <input
            id="pf-budget"
            name="budget"
            {...invalid('budget')}
            type="number"
            min={0}
            step="0.01"
            required
            value={values.budget}
            onChange={(e) => set('budget', e.target.value)}
          />
          {fieldError('budget')}
        </div>
        <div className="field">
          <label htmlFor="pf-contingency">Contingency (%)</label>
          <input
            id="pf-contingency"
            name="contingency_percent"
            {...invalid('contingency_percent', 'pf-contingency-hint')}
            type="number"
            min={0}
            max={50}
            step={1}
            inputMode="numeric"
            value={values.contingency_percent}
            onChange={(e) => set('contingency_percent', e.target.value)}
          />
          {fieldError('contingency_percent')}
          <small className="hint" id="pf-contingency-hint">
            The share of the budget kept for surprises, 0 to 50 (usually 10).
          </small>
        </div>
        <div className="field">
          <label htmlFor="pf-loan">Construction Loan ($)</label>
          <input
            id="pf-loan"
            name="loan_amount"
            {...invalid('loan_amount', 'pf-loan-hint')}
            type="number"
            min={0}
            step="0.01"
            placeholder="None"
            value={values.loan_amount}
            onChange={(e) => set('loan_amount', e.target.value)}
          />
          {fieldError('loan_amount')}
          <small className="hint" id="pf-loan-hint">
            Optional: leave empty if you have no construction loan. The Money page tracks its draws.
          </small>
        </div>
        <div className="field">
          <label htmlFor="pf-start" className="required">
            Start Date
          </label>
          <input
            id="pf-start"
            name="start_date"
            {...invalid('start_date')}
            type="date"
            required
            value={values.start_date}
            onChange={(e) => set('start_date', e.target.value)}
          />
          {fieldError('start_date')}
        </div>
        <div className="field">
          <label htmlFor="pf-end" className="required">
            End Date
          </label>
          <input
            id="pf-end"
            name="end_date"
            {...invalid('end_date')}
            type="date"
            required
            min={values.start_date || undefined}
            value={values.end_date}
            onChange={(e) => set('end_date', e.target.value)}
          />
          {fieldError('end_date')}
        </div>
      </div>
      <fieldset
        className="options-fieldset"
        aria-describedby={invalid('owner_builder')['aria-describedby']}
        data-invalid={invalid('owner_builder')['aria-invalid']}
      >
        <legend className="label required">Are you an owner-builder?</legend>
        <div className="radio-row">
          {OWNER_BUILDER_OPTIONS.map((o) => (
            <label key={o.value} className="check">
              <input
                type="radio"
                name="owner_builder"
                value={o.value}
                required
                checked={values.owner_builder === o.value}
                onChange={() => set('owner_builder', o.value)}
              />
              <span>{o.label}</span>
            </label>
          ))}
        </div>
        {fieldError('owner_builder')}
      </fieldset>
      <div className="field template-field">
        <label className="check">
          <input
            type="checkbox"
            name="use_template"
            checked={values.use_template}
            onChange={(e) => set('use_template', e.target.checked)}
            aria-describedby="pf-template-hint"
          />
          <span>Start from the standard task list</span>
        </label>
        <small className="hint" id="pf-template-hint">
          Adds the usual construction tasks for this type of project (and the options you pick), in build order, each
          with its predicted cost. You can rename or delete any of them. Leave it unticked for an empty board.
        </small>
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create Project'}
        </button>
      </div>
    </form>
  );
}
