import type { ComponentType, ReactNode } from 'react';
import type { components } from '../../lib/api/schema';

// Wire types of the read-only share links (issue 21) from the server's OpenAPI document
// (src/lib/api/schema.d.ts). Dates are YYYY-MM-DD, amounts dollars with at most two decimals.
type Schemas = components['schemas'];

/** A share link as the owner's list shows it (`GET /api/projects/{id}/shares/`): never its token. */
export type Share = Schemas['Share'];
/** `POST /api/shares/` → 201: the only answer that carries the token and the page's address. */
export type CreatedShare = Schemas['CreatedShare'];
/**
 * `POST /api/shares/`: `expires_on` null for a link without an end date. Documents, bids,
 * payments and draws are shown only when included (the server refuses any other field).
 */
export interface ShareInput {
  project: number;
  label: string;
  expires_on: string | null;
  include_documents: boolean;
  include_bids: boolean;
  include_payments: boolean;
  /** Issue 34: the lender draws, their continuation lines and retainage. */
  include_draws: boolean;
}

/** `GET /api/share/{token}/` (no login): what the link shows. */
export type SharedProject = Schemas['SharedProject'];
export type SharedSummary = Schemas['ProjectSummary'];
export type SharedTask = Schemas['Task'];
export type SharedBidGroup = Schemas['BidComparison'];
export type SharedPayment = Schemas['ProjectPayment'];
export type SharedDocument = Schemas['Document'];
/** A lender draw as the draws endpoint answers it (issue 34); `draws` is null unless the link includes them. */
export type SharedDraw = Schemas['Draw'];
export type SharedDrawItem = SharedDraw['items'][number];

/** The board's columns, in board order. */
export const COLUMNS = ['To Do', 'In Progress', 'Paid'] as const;
export type Column = (typeof COLUMNS)[number];

/**
 * The prediction a task shows (docs/money.md), in cents: regional, calibrated by the project's
 * ratio to the whole dollar when it uses calibration, or a fee's regional price. The rule is the
 * board's (`shownPrediction`), given by the app (features do not import each other).
 */
export interface SharedPrediction {
  cents: number;
  low: number;
  high: number;
  basis: 'regional' | 'calibrated' | 'fee';
}

/** The rule above: a task of the link, the project's square footage and the link's summary. */
export type PredictionOf = (
  task: SharedTask,
  squareFootage: number | null | undefined,
  summary: SharedSummary,
) => SharedPrediction | null;

/**
 * The board's read-only pieces the share page is written with, so that it reads as the board does
 * (features do not import each other: src/app/routes/shared-project.tsx gives them).
 */
export interface BoardPieces {
  /** The board's rule for the prediction each task shows. */
  predictionOf: PredictionOf;
  /** A task's prediction as the board writes it: "$31,000 (26,000–37,000)", its basis tag when not regional. */
  Prediction: ComponentType<{ prediction: SharedPrediction }>;
  /** A total's range as the board writes it beside the figure: " (70,000–81,000)", also in words. */
  Range: ComponentType<{ low: number | null; high: number | null }>;
  /** The budget summary's words for its figures (the board's, budget-summary.tsx). */
  words: SummaryWords;
}

export interface SummaryWords {
  /** "$325,000.00 under budget" / "$4,000.00 over budget". */
  balance: (headroom: number) => string;
  /** What Paid is, with the payments recorded when they are not the whole of it. */
  paidNote: (summary: SharedSummary) => string;
  /** "$4,000.00 used of the $45,000.00 reserve (10%)" / "None used of the … reserve (10%)". */
  contingencyNote: (summary: SharedSummary) => string;
  /** "Budget − predicted total", or "Over budget by $X". */
  headroomNote: (summary: { headroom: number }) => string;
}

/** What the share page hands the schedule's read-only view: the link's own answer, nothing to ask. */
export interface SharedScheduleProps {
  schedule: SharedProject['schedule'];
  dependencies: SharedProject['dependencies'];
  tasks: readonly SharedTask[];
  /** Its work week and days off. */
  project: SharedProject['project'];
}

/**
 * The schedule's read-only view (issue 33), given by the app (features/schedule: features do not
 * import each other): src/app/routes/shared-project.tsx, a lazy chunk rendered inside the
 * Schedule section's Suspense boundary.
 */
export type SharedScheduleRenderer = (props: SharedScheduleProps) => ReactNode;
