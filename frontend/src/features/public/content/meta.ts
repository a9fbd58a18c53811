import type { PageMeta } from '../hooks/use-page-meta';

// The landing page's tags are duplicated in frontend/index.html (sent by the server,
// for crawlers that run no script); keep the two in step.
export const LANDING_META: PageMeta = {
  title: 'BuildLedger – Home building cost estimates, contractor bids and budget tracking',
  description:
    'Predict home building costs in your zip code, compare bids from multiple contractors and track every task and dollar of your build or remodel in one app.',
  keywords:
    'home building cost estimate, construction budget, cost to build a house, contractor bids, owner builder, renovation budget, construction loan, house affordability calculator',
};
