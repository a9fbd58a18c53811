import { describe, expect, it } from 'vitest';
import { emptyProjectForm, type ProjectFormValues } from './types';
import { ApiError } from '../../lib/api-client';
import {
  buildProjectPayload,
  createProjectErrors,
  MSG_CREATE_FAILED,
  templateFailureMessage,
  convertDate,
  MSG_START_DATE,
  MSG_UNITS,
  validateProjectForm,
  visibleFields,
} from './utils';

const base: ProjectFormValues = {
  ...emptyProjectForm,
  name: ' Lake house ',
  zip_code: '78701',
  project_type: 'new_home_build',
  property_type: 'single_family',
  square_footage: '2400',
  start_date: '2026-01-05',
  end_date: '2026-12-20',
  budget: '450000.50',
  owner_builder: 'yes_owner_builder',
};

describe('convertDate', () => {
  it('converts m/d/y to zero-padded y-m-d', () => {
    expect(convertDate('3/7/2026')).toBe('2026-03-07');
    expect(convertDate('12/25/2026')).toBe('2026-12-25');
    expect(convertDate('01/02/2027')).toBe('2027-01-02');
  });
  it('leaves other forms alone', () => {
    expect(convertDate('2026-03-07')).toBe('2026-03-07');
    expect(convertDate('')).toBe('');
  });
});

describe('validateProjectForm', () => {
  it('asks for units on a multifamily new home build', () => {
    expect(validateProjectForm({ ...base, property_type: 'multifamily', units: '' })).toBe(MSG_UNITS);
    expect(MSG_UNITS).toBe('Please specify the number of units for a multifamily building.');
    expect(validateProjectForm({ ...base, property_type: 'multifamily', units: '4' })).toBeNull();
  });
  it('asks for a start date', () => {
    expect(validateProjectForm({ ...base, start_date: '' })).toBe(MSG_START_DATE);
    expect(MSG_START_DATE).toBe('Please provide a project start date.');
  });
  it('checks units before the start date', () => {
    expect(validateProjectForm({ ...base, property_type: 'multifamily', units: '', start_date: '' })).toBe(MSG_UNITS);
  });
  it('accepts a complete form', () => {
    expect(validateProjectForm(base)).toBeNull();
  });
});

describe('visibleFields', () => {
  it('shows each conditional input only for its type', () => {
    expect(visibleFields({ project_type: 'new_home_build', property_type: '' })).toEqual({
      propertyType: true,
      units: false,
      renovationOptions: false,
      additionOptions: false,
      conversionOption: false,
    });
    expect(visibleFields({ project_type: 'new_home_build', property_type: 'multifamily' }).units).toBe(true);
    expect(visibleFields({ project_type: 'renovation', property_type: '' }).renovationOptions).toBe(true);
    expect(visibleFields({ project_type: 'renovation', property_type: 'multifamily' }).units).toBe(false);
    expect(visibleFields({ project_type: 'addition', property_type: '' }).additionOptions).toBe(true);
    expect(visibleFields({ project_type: 'conversion', property_type: '' }).conversionOption).toBe(true);
    expect(visibleFields({ project_type: 'adu', property_type: '' })).toEqual({
      propertyType: false,
      units: false,
      renovationOptions: false,
      additionOptions: false,
      conversionOption: false,
    });
  });
});

describe('buildProjectPayload', () => {
  it('shapes a single-family new home build', () => {
    expect(buildProjectPayload({ ...base, start_date: '1/5/2026', end_date: '12/20/2026' })).toEqual({
      name: 'Lake house',
      zip_code: '78701',
      project_type: 'new_home_build',
      property_type: 'single_family',
      units: null,
      renovation_options: null,
      addition_options: null,
      conversion_option: null,
      square_footage: 2400,
      start_date: '2026-01-05',
      end_date: '2026-12-20',
      budget: 450000.5,
      owner_builder: 'yes_owner_builder',
      contingency_percent: 10,
      loan_amount: null,
      work_week: ['mon', 'tue', 'wed', 'thu', 'fri'],
      non_working_days: [],
      monthly_carrying_cost: null,
      // Issue 34: no address, lender or loan number; no retainage; waivers above $500.
      address: '',
      lender_name: '',
      loan_number: '',
      retainage_percent: 0,
      waiver_threshold: 500,
    });
  });
  it('sends the work week in week order, the days off sorted and the carrying cost (issue 33)', () => {
    const p = buildProjectPayload({
      ...base,
      work_week: ['sat', 'mon', 'tue'],
      non_working_days: ['2026-12-25', '2026-07-03'],
      monthly_carrying_cost: '$4,500.50',
    });
    expect(p.work_week).toEqual(['mon', 'tue', 'sat']);
    expect(p.non_working_days).toEqual(['2026-07-03', '2026-12-25']);
    expect(p.monthly_carrying_cost).toBe(4500.5);
  });
  it('sends the contingency and the construction loan (docs/money.md)', () => {
    const p = buildProjectPayload({ ...base, contingency_percent: '15', loan_amount: '$250,000.50' });
    expect(p.contingency_percent).toBe(15);
    expect(p.loan_amount).toBe(250000.5);
    // A blank contingency is the server's default; a blank loan is none.
    const blank = buildProjectPayload({ ...base, contingency_percent: ' ', loan_amount: '' });
    expect(blank).not.toHaveProperty('contingency_percent');
    expect(blank.loan_amount).toBeNull();
  });
  it('sends units only for multifamily with units filled', () => {
    expect(buildProjectPayload({ ...base, property_type: 'multifamily', units: '6' }).units).toBe(6);
    expect(buildProjectPayload({ ...base, property_type: 'multifamily', units: '' }).units).toBeNull();
    expect(buildProjectPayload({ ...base, property_type: 'single_family', units: '6' }).units).toBeNull();
  });
  it('nulls options that do not belong to the type', () => {
    const reno = buildProjectPayload({
      ...base,
      project_type: 'renovation',
      renovation_options: ['Kitchen', 'Deck'],
      addition_options: ['Garage'],
    });
    expect(reno.renovation_options).toEqual(['Kitchen', 'Deck']);
    expect(reno.addition_options).toBeNull();
    expect(reno.property_type).toBeNull();
    expect(buildProjectPayload({ ...base, project_type: 'renovation' }).renovation_options).toEqual([]);
    const add = buildProjectPayload({ ...base, project_type: 'addition', addition_options: ['Garage'] });
    expect(add.addition_options).toEqual(['Garage']);
    expect(add.renovation_options).toBeNull();
    const conv = buildProjectPayload({
      ...base,
      project_type: 'conversion',
      conversion_option: 'garage_apartment_conversion',
    });
    expect(conv.conversion_option).toBe('garage_apartment_conversion');
    expect(
      buildProjectPayload({ ...base, project_type: 'conversion', conversion_option: '' }).conversion_option,
    ).toBeNull();
    expect(
      buildProjectPayload({ ...base, conversion_option: 'garage_apartment_conversion' }).conversion_option,
    ).toBeNull();
  });
  it('converts numbers and keeps cents on the budget', () => {
    const p = buildProjectPayload({ ...base, budget: '1234.56', square_footage: '1800' });
    expect(p.budget).toBe(1234.56);
    expect(p.square_footage).toBe(1800);
    expect(buildProjectPayload({ ...base, budget: '' }).budget).toBeNull();
  });
});

describe('create failures', () => {
  it("keeps the spec's banner, adds what no field shows, and places the rest beside the fields", () => {
    const e = new ApiError(400, 'validation_error', 'x', {
      budget: ['Ensure this value is greater than or equal to 0.'],
      non_field_errors: ['Dates overlap.'],
      name: [],
    });
    expect(createProjectErrors(e)).toEqual({
      banner: `${MSG_CREATE_FAILED} Dates overlap.`,
      fields: { budget: ['Ensure this value is greater than or equal to 0.'] },
    });
  });
  it('shows only the banner for server and network failures', () => {
    expect(createProjectErrors(new ApiError(500, 'internal', 'x', { budget: ['y'] }))).toEqual({
      banner: MSG_CREATE_FAILED,
      fields: {},
    });
    expect(createProjectErrors(new TypeError('Failed to fetch')).banner).toBe(MSG_CREATE_FAILED);
  });
});

describe('standard task list failures', () => {
  it("gives the server's reason, stays quiet on 409, and explains other failures", () => {
    const none = new ApiError(400, 'validation_error', 'x', { project: ['No list for this project.'] });
    expect(templateFailureMessage(none)).toBe(
      'Your project was created without the standard task list: No list for this project.',
    );
    expect(templateFailureMessage(new ApiError(409, 'conflict', 'x'))).toBeNull();
    expect(templateFailureMessage(new ApiError(404, 'not_found', 'x'))).toMatch(/could not be added/);
    expect(templateFailureMessage(new TypeError('offline'))).toMatch(/could not be added/);
  });
});
