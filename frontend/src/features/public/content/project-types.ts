// What the landing estimate can price besides a new home (GET /api/estimate/ `project_type`
// and `options`). The option names are the project form's (spec section 4, lib/project-options.ts).
import { ADDITION_OPTIONS, RENOVATION_OPTIONS } from '../../../lib/project-options';
import type { ProjectType } from '../api/estimate';

export const ESTIMATE_PROJECT_TYPES: { value: ProjectType; label: string }[] = [
  { value: 'new_home_build', label: 'New home build' },
  { value: 'renovation', label: 'Renovation' },
  { value: 'addition', label: 'Addition' },
  { value: 'conversion', label: 'Garage apartment conversion' },
  { value: 'adu', label: 'ADU (backyard cottage)' },
];

export const ESTIMATE_OPTIONS: Partial<Record<ProjectType, { legend: string; options: readonly string[] }>> = {
  renovation: {
    legend: 'Renovation options',
    options: RENOVATION_OPTIONS,
  },
  addition: {
    legend: 'Addition options',
    options: ADDITION_OPTIONS,
  },
};
