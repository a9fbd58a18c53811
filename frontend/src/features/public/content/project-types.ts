// What the landing estimate can price besides a new home (GET /api/estimate/ `project_type`
// and `options`). The option names are the project form's (spec section 4; the projects
// feature keeps its own copy in features/projects/types.ts: features never import each other).
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
    options: [
      'Kitchen',
      'Living/Family Room',
      'Landscaping',
      'Patio',
      'Half Bathroom',
      'Roofing',
      'Flooring',
      'Interior Painting',
      'Exterior Painting',
      'Garage Renovation',
      'Full Bathroom',
      'Pool',
      'Outdoor Kitchen',
      'Solar Panels',
      'Deck',
      'Pergola',
      'Fire Pit',
      'Plumbing Repairs',
      'Replace Water Heater',
      'Electrical Repair',
      'Finished Basement',
      'Finished Attic',
      'Generator',
      'Window Replacement',
      'Closet',
      'Front Door Replacement',
      'Garage Door Replacement',
      'Fence',
      'Replace Gutters',
      'Gazebo',
      'Shed',
      'Bedroom',
      'Siding',
      'HVAC replacement',
    ],
  },
  addition: {
    legend: 'Addition options',
    options: ['Kitchen', 'Garage', 'Living/Family Room', 'Half Bathroom', 'Full Bathroom'],
  },
};
