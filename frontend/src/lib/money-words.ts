// The words of the one money story (docs/money.md, issue 29): every screen, export, share page and
// draw document names a figure, and says what it is, with these, so that the same thing reads the
// same everywhere. Formatting lives in format.ts; the figures themselves come from the server.

/** The summary's `status` on the wire. */
export type MoneyStatusCode = 'ok' | 'warning' | 'over';

/** What each status says, on every screen. */
export const STATUS_WORDS: Record<MoneyStatusCode, string> = {
  ok: 'Within the working budget',
  warning: 'Using the contingency',
  over: 'Over budget',
};

/** The status in words; an unknown code reads as `ok`. */
export function statusWords(status: string | null | undefined): string {
  return status === 'warning' || status === 'over' ? STATUS_WORDS[status] : STATUS_WORDS.ok;
}

/** Each figure's label and its one sentence (docs/money.md's first and third columns). */
export const FIGURES = {
  predictedTotal: {
    label: 'Predicted total',
    hint: 'Every task at its best-known cost: actual, else committed, else predicted',
  },
  committed: { label: 'Committed', hint: 'Awarded bids plus approved change orders' },
  changeOrders: { label: 'Change orders', hint: 'Approved change orders on awarded tasks' },
  uncommitted: { label: 'Not yet awarded', hint: 'Best-known cost of the tasks without an award' },
  paid: { label: 'Paid', hint: 'Payments, or the final cost of a finished task when that is more' },
  paymentsRecorded: { label: 'Payments recorded', hint: 'Every payment recorded against a task' },
  remaining: { label: 'Remaining', hint: 'Actual or committed costs not yet paid' },
  contingencyReserve: { label: 'Contingency', hint: 'The part of the budget kept for surprises' },
  contingencyUsed: { label: 'Contingency used', hint: 'What the predicted total has eaten of the reserve' },
  contingencyLeft: { label: 'Contingency left', hint: 'The reserve minus what is used' },
  workingBudget: { label: 'Working budget', hint: 'The budget minus the contingency reserve' },
  headroom: { label: 'Headroom', hint: 'The budget minus the predicted total' },
  finalCost: { label: 'Final cost', hint: 'The cost of the finished tasks' },
} as const;
