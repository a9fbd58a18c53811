import { ApiError } from '../../lib/api-client';
import { isDateOutOfRange, MSG_DATE_OUT_OF_RANGE } from '../../lib/format';
import { inWeekOrder } from '../../lib/work-week';
import { LENDING_FIELDS, lendingPayload } from './lending';
import type { ProjectFormValues, ProjectPayload } from './types';

export const MSG_UNITS = 'Please specify the number of units for a multifamily building.';
export const MSG_START_DATE = 'Please provide a project start date.';

const pad2 = (n: string) => n.padStart(2, '0');

/**
 * Dates typed with slashes in month/day/year form become year-month-day with
 * zero padding ("3/7/2026" -> "2026-03-07"); anything else is passed on as is.
 */
export function convertDate(value: string): string {
  const v = value.trim();
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (!m) return v;
  return `${m[3]}-${pad2(m[1])}-${pad2(m[2])}`;
}

/** Which conditional inputs show for the current form values (spec 4). */
export function visibleFields(v: Pick<ProjectFormValues, 'project_type' | 'property_type'>) {
  return {
    propertyType: v.project_type === 'new_home_build',
    units: v.project_type === 'new_home_build' && v.property_type === 'multifamily',
    renovationOptions: v.project_type === 'renovation',
    additionOptions: v.project_type === 'addition',
    conversionOption: v.project_type === 'conversion',
  };
}

/** The client checks of spec 5 that have their own messages; null when fine. */
export function validateProjectForm(v: ProjectFormValues): string | null {
  if (v.project_type === 'new_home_build' && v.property_type === 'multifamily' && v.units.trim() === '') {
    return MSG_UNITS;
  }
  if (v.start_date.trim() === '') return MSG_START_DATE;
  return null;
}

/**
 * The dates a date input lets through but the server refuses ("10000-01-01"), with the server's
 * range message beside each; empty when both are fine.
 */
export function projectDateErrors(v: Pick<ProjectFormValues, 'start_date' | 'end_date'>): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const name of ['start_date', 'end_date'] as const) {
    if (isDateOutOfRange(convertDate(v[name]))) fields[name] = [MSG_DATE_OUT_OF_RANGE];
  }
  return fields;
}

function numberOrNull(s: string): number | null {
  const t = s.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** Shapes the create-project payload (spec 3 and 5). */
export function buildProjectPayload(v: ProjectFormValues): ProjectPayload {
  const isNewHome = v.project_type === 'new_home_build';
  const propertyType = isNewHome && v.property_type !== '' ? v.property_type : null;
  const units = propertyType === 'multifamily' && v.units.trim() !== '' ? numberOrNull(v.units) : null;
  const renovation = v.project_type === 'renovation' ? [...v.renovation_options] : null;
  const addition = v.project_type === 'addition' ? [...v.addition_options] : null;
  const conversion = v.project_type === 'conversion' && v.conversion_option !== '' ? v.conversion_option : null;
  const sqft = numberOrNull(v.square_footage);
  const contingency = numberOrNull(v.contingency_percent);
  return {
    name: v.name.trim(),
    zip_code: v.zip_code.trim(),
    project_type: v.project_type,
    property_type: propertyType,
    units,
    renovation_options: renovation,
    addition_options: addition,
    conversion_option: conversion,
    square_footage: sqft === null ? null : Math.round(sqft),
    start_date: convertDate(v.start_date),
    end_date: convertDate(v.end_date),
    budget: numberOrNull(v.budget),
    owner_builder: v.owner_builder,
    ...(contingency === null ? {} : { contingency_percent: contingency }),
    loan_amount: numberOrNull(v.loan_amount.replace(/[\s$,]/g, '')),
    work_week: inWeekOrder(v.work_week),
    non_working_days: [...v.non_working_days].sort(),
    monthly_carrying_cost: numberOrNull(v.monthly_carrying_cost.replace(/[\s$,]/g, '')),
    ...lendingPayload(v),
  };
}

export const MSG_CREATE_FAILED = 'An error occurred while creating the project.';

/** The form's fields, by their wire names: the server's messages for these show beside them. */
export const PROJECT_FORM_FIELDS = [
  'name',
  'zip_code',
  'project_type',
  'property_type',
  'units',
  'renovation_options',
  'addition_options',
  'conversion_option',
  'square_footage',
  'start_date',
  'end_date',
  'budget',
  'owner_builder',
  'contingency_percent',
  'loan_amount',
  'work_week',
  'non_working_days',
  'monthly_carrying_cost',
  ...LENDING_FIELDS,
] as const;

const FIELD_LABELS: Record<string, string> = { description: 'Description', project: 'Project' };

/**
 * A failed create: the spec's banner (followed by any server message no field of the form can
 * show) and the server's messages per form field (`ApiError.fields`), shown beside each field.
 */
export function createProjectErrors(error: unknown): { banner: string; fields: Record<string, string[]> } {
  const fields: Record<string, string[]> = {};
  const rest: string[] = [];
  const sent = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.fields : undefined;
  for (const [name, messages] of Object.entries(sent ?? {})) {
    if (!Array.isArray(messages) || messages.length === 0) continue;
    if ((PROJECT_FORM_FIELDS as readonly string[]).includes(name)) fields[name] = messages;
    else if (name === 'non_field_errors') rest.push(messages.join(' '));
    else rest.push(`${FIELD_LABELS[name] ?? name.replace(/_/g, ' ')}: ${messages.join(' ')}`);
  }
  return { banner: [MSG_CREATE_FAILED, ...rest].join(' '), fields };
}

/**
 * What to say when the project was created but its standard task list was not added; null when
 * there is nothing to say (409: the board already has tasks, so it was not empty to start from).
 */
export function templateFailureMessage(error: unknown): string | null {
  if (error instanceof ApiError) {
    if (error.status === 409) return null;
    const reason = error.status >= 400 && error.status < 500 ? Object.values(error.fields ?? {}).flat()[0] : undefined;
    if (reason) return `Your project was created without the standard task list: ${reason}`;
  }
  return 'Your project was created, but the standard task list could not be added. Open its board to add tasks.';
}
