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
  };
}
