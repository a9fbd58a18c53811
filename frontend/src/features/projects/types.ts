import type { components } from '../../lib/api/schema';
import { DEFAULT_WORK_WEEK, type Weekday } from '../../lib/work-week';
import { emptyLending, type LendingPayload, type LendingValues } from './lending';

// Wire types come from the server's OpenAPI document (src/lib/api/schema.d.ts, `npm run gen:api`).
export type ProjectType = components['schemas']['ProjectType'];
export type PropertyType = components['schemas']['PropertyType'];
export type OwnerBuilder = components['schemas']['OwnerBuilder'];

/** What the signed-in user is on a project (issue 35): its owner, or a member with a role. */
export type ProjectRole = 'owner' | 'partner' | 'viewer';

/**
 * A project as the server sends it, with its money settings (`contingency_percent`, `loan_amount`),
 * and (issue 35) the user's `role` and the `owner`'s username: absent from older servers and
 * caches, when every listed project was the user's own.
 */
export type Project = Omit<components['schemas']['Project'], 'role' | 'owner'> & {
  role?: ProjectRole;
  owner?: string | null;
};

/** Issue 34: the property and the loan (`address`, `lender_name`, `loan_number`, `retainage_percent`, `waiver_threshold`). */
export interface ProjectPayload extends LendingPayload {
  name: string;
  zip_code: string;
  project_type: ProjectType | '';
  property_type: PropertyType | null;
  units: number | null;
  renovation_options: string[] | null;
  addition_options: string[] | null;
  conversion_option: string | null;
  square_footage: number | null;
  start_date: string;
  end_date: string;
  budget: number | null;
  owner_builder: OwnerBuilder | '';
  /** Whole percent 0-50; left out when blank (the server's default, 10). */
  contingency_percent?: number;
  /** Dollars, or null for no loan. */
  loan_amount: number | null;
  /** Issue 33: the working weekdays (`mon`..`sun`, never empty), days off, and what a month of the build costs. */
  work_week: Weekday[];
  non_working_days: string[];
  monthly_carrying_cost: number | null;
}

/** Issue 34: with the property and the loan as typed (`LendingValues`). */
export interface ProjectFormValues extends LendingValues {
  name: string;
  zip_code: string;
  project_type: ProjectType | '';
  property_type: PropertyType | '';
  units: string;
  renovation_options: string[];
  addition_options: string[];
  conversion_option: string;
  square_footage: string;
  start_date: string;
  end_date: string;
  budget: string;
  owner_builder: OwnerBuilder | '';
  /** Contingency, whole percent of the budget (0-50). */
  contingency_percent: string;
  /** Construction loan in dollars; blank for none. */
  loan_amount: string;
  /** Start the new board from the standard task list (POST /api/projects/{id}/tasks/template/). */
  use_template: boolean;
  /** Issue 33: the ticked weekdays, the days off (YYYY-MM-DD), the monthly carrying cost in dollars (blank for none). */
  work_week: string[];
  non_working_days: string[];
  monthly_carrying_cost: string;
}

export const emptyProjectForm: ProjectFormValues = {
  name: '',
  zip_code: '',
  project_type: '',
  property_type: '',
  units: '',
  renovation_options: [],
  addition_options: [],
  conversion_option: '',
  square_footage: '',
  start_date: '',
  end_date: '',
  budget: '',
  owner_builder: '',
  contingency_percent: '10',
  loan_amount: '',
  use_template: true,
  work_week: [...DEFAULT_WORK_WEEK],
  non_working_days: [],
  monthly_carrying_cost: '',
  ...emptyLending,
};

export const PROJECT_TYPES: { value: ProjectType; label: string }[] = [
  { value: 'new_home_build', label: 'New Home Build' },
  { value: 'renovation', label: 'Renovation' },
  { value: 'addition', label: 'Addition' },
  { value: 'conversion', label: 'Conversion' },
  { value: 'adu', label: 'ADU' },
];

export const PROPERTY_TYPES: { value: PropertyType; label: string }[] = [
  { value: 'single_family', label: 'Single Family' },
  { value: 'multifamily', label: 'Multifamily' },
];

export const CONVERSION_OPTIONS = [{ value: 'garage_apartment_conversion', label: 'Garage Apartment Conversion' }];

export const OWNER_BUILDER_OPTIONS: { value: OwnerBuilder; label: string }[] = [
  { value: 'yes_owner_builder', label: 'Yes, I will be managing my project' },
  { value: 'no_general_contractor', label: "No, I'm hiring a general contractor" },
];

export { ADDITION_OPTIONS, RENOVATION_OPTIONS } from '../../lib/project-options';
