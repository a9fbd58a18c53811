import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { contingencyOf, toCents, toDollars } from '../money';
import type { ProjectSummary } from '../types';
import { BudgetSummary } from './budget-summary';

const base: ProjectSummary = {
  budget: 100000,
  predicted_total: 90000,
  predicted_total_low: 90000,
  predicted_total_high: 90000,
  calibrated: null,
  cost_per_sqft: 45,
  over_budget: false,
  column_totals: { 'To Do': 50000, 'In Progress': 28000, Paid: 12000 },
  full_build_estimate: null,
  estimate_covered: null,
  use_calibration: true,
  predicted_total_regional: 90000,
  predicted_total_calibrated: null,
  committed: 41800,
  change_orders_approved: 2500,
  paid_to_date: 12000,
  payments_recorded: 12000,
  remaining_to_pay: 29800,
  uncommitted: 48200,
  contingency_percent: 10,
  contingency_reserve: 10000,
  working_budget: 90000,
  contingency_used: 0,
  contingency_left: 10000,
  headroom: 10000,
  status: 'ok',
  loan_amount: null,
  drawn: 0,
  loan_left: null,
};

/** The summary with another predicted total, its contingency figures as the server sums them. */
function at(predicted: number, summary: ProjectSummary = base): ProjectSummary {
  const c = contingencyOf(toCents(summary.budget), summary.contingency_percent, toCents(predicted));
  return {
    ...summary,
    predicted_total: predicted,
    over_budget: c.status === 'over',
    contingency_used: toDollars(c.used),
    contingency_left: toDollars(c.left),
    headroom: toDollars(c.headroom),
    status: c.status,
  };
}

const figure = (key: string) => screen.getByTestId(`ledger-${key}`).textContent;

const axeClean = async (node: Element) => {
  const results = await axe.run(node, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((v) => v.id)).toEqual([]);
};

describe('BudgetSummary, the ledger figures (docs/money.md)', () => {
  it('shows committed, Paid, Remaining, the contingency and the headroom in the words of docs/money.md', async () => {
    const { container } = render(<BudgetSummary summary={base} squareFootage={2000} taskCount={8} />);
    const ledger = screen.getByTestId('ledger-summary');
    expect(ledger.dataset.status).toBe('ok');
    expect(figure('committed')).toBe('Committed$41,800.00Incl. $2,500.00 of change orders');
    expect(figure('paid')).toBe('Paid$12,000.00Payments, or the final cost of a finished task when that is more');
    expect(figure('remaining')).toBe('Remaining$29,800.00Actual or committed costs not yet paid');
    expect(figure('contingency')).toBe(
      'Contingency left$10,000.00Within the working budget: None used of the $10,000.00 reserve (10%)',
    );
    // Budget - predicted total is the headroom, never called "contingency".
    expect(figure('headroom')).toBe('Headroom$10,000.00The budget minus the predicted total');
    expect(screen.queryByTestId('ledger-loan')).toBeNull(); // no loan, no line
    expect(screen.getByTestId('predicted-total').dataset.tone).toBe('green');
    await axeClean(container);
  });

  it('says Paid counts finished tasks at their actual cost when that is more than the payments', () => {
    render(
      <BudgetSummary
        summary={{ ...base, paid_to_date: 31800, payments_recorded: 25000 }}
        squareFootage={null}
        taskCount={8}
      />,
    );
    expect(figure('paid')).toBe(
      'Paid$31,800.00Payments, or the final cost of a finished task when that is more ($25,000.00 in payments recorded)',
    );
  });

  it('says the reserve in use in words and colours it amber (warning)', () => {
    render(<BudgetSummary summary={at(96000)} squareFootage={null} taskCount={8} />);
    const contingency = screen.getByTestId('ledger-contingency');
    expect(contingency.className).toContain('summary-tone-warning');
    expect(contingency.textContent).toBe(
      'Contingency left$4,000.00Using the contingency: $6,000.00 used of the $10,000.00 reserve (10%)',
    );
    expect(figure('headroom')).toBe('Headroom$4,000.00The budget minus the predicted total');
    expect(screen.getByTestId('ledger-summary').className).toContain('summary-ledger-warning');
  });

  it('turns red over budget: the whole reserve used, a negative headroom', () => {
    render(<BudgetSummary summary={at(101000)} squareFootage={null} taskCount={8} />);
    expect(figure('contingency')).toBe(
      'Contingency left$0.00Over budget: $10,000.00 used of the $10,000.00 reserve (10%)',
    );
    expect(figure('headroom')).toBe('Headroom-$1,000.00Over budget by $1,000.00');
    expect(screen.getByTestId('ledger-contingency').className).toContain('summary-tone-over');
    expect(screen.getByTestId('ledger-headroom').className).toContain('summary-tone-over');
    expect(screen.getByTestId('predicted-total').dataset.tone).toBe('red');
  });

  it('keeps the room for the board until something is committed, paid or borrowed', () => {
    const fresh = { ...base, committed: 0, change_orders_approved: 0, paid_to_date: 0, remaining_to_pay: 0 };
    const { rerender } = render(<BudgetSummary summary={fresh} squareFootage={null} taskCount={8} />);
    expect(screen.queryByTestId('ledger-summary')).toBeNull();
    // A loan, or a low contingency, is worth the row.
    rerender(
      <BudgetSummary summary={{ ...fresh, loan_amount: 1000, loan_left: 1000 }} squareFootage={null} taskCount={8} />,
    );
    expect(screen.getByTestId('ledger-summary')).toBeTruthy();
    rerender(<BudgetSummary summary={at(99900, fresh)} squareFootage={null} taskCount={8} />);
    expect(screen.getByTestId('ledger-contingency').textContent).toContain('$9,900.00 used');
  });

  it('shows only the figures with data: nothing paid, no Paid; nothing awarded, no Committed (issue 30)', () => {
    const { rerender } = render(
      <BudgetSummary
        summary={{ ...base, paid_to_date: 0, payments_recorded: 0, remaining_to_pay: 41800 }}
        squareFootage={null}
        taskCount={8}
      />,
    );
    expect(screen.getByTestId('ledger-summary').querySelectorAll('[data-testid^="ledger-"]').length).toBe(4);
    expect(screen.queryByTestId('ledger-paid')).toBeNull();
    expect(figure('committed')).toBe('Committed$41,800.00Incl. $2,500.00 of change orders');
    expect(figure('remaining')).toBe('Remaining$41,800.00Actual or committed costs not yet paid');
    // Paid by a final cost, nothing awarded: Paid, no Committed.
    rerender(
      <BudgetSummary
        summary={{ ...base, committed: 0, change_orders_approved: 0, remaining_to_pay: 0 }}
        squareFootage={null}
        taskCount={8}
      />,
    );
    expect(screen.queryByTestId('ledger-committed')).toBeNull();
    expect(figure('paid')).toBe('Paid$12,000.00Payments, or the final cost of a finished task when that is more');
    expect(figure('remaining')).toBe('Remaining$0.00Actual or committed costs not yet paid');
  });

  it('before any money, says the reserve in use without a row of $0.00 figures', () => {
    const fresh = { ...base, committed: 0, change_orders_approved: 0, paid_to_date: 0, payments_recorded: 0 };
    render(
      <BudgetSummary
        summary={{ ...at(96000, fresh), remaining_to_pay: 0 }}
        squareFootage={null}
        taskCount={8}
        emptyLedger={<p>No bids or payments yet</p>}
      />,
    );
    const ledger = screen.getByTestId('ledger-summary');
    expect(Array.from(ledger.children).map((c) => (c as HTMLElement).dataset.testid)).toEqual([
      'ledger-contingency',
      'ledger-headroom',
    ]);
    expect(screen.getByText('No bids or payments yet')).toBeTruthy();
  });

  it('says the next step in place of the ledger while no money is recorded, and not after', () => {
    const fresh = { ...base, committed: 0, change_orders_approved: 0, paid_to_date: 0, payments_recorded: 0 };
    const next = <p data-testid="next-step">No bids or payments yet</p>;
    const { rerender } = render(
      <BudgetSummary
        summary={{ ...fresh, remaining_to_pay: 0 }}
        squareFootage={2000}
        taskCount={8}
        emptyLedger={next}
      />,
    );
    expect(screen.getByTestId('next-step')).toBeTruthy();
    expect(screen.queryByTestId('ledger-summary')).toBeNull();
    // The spec's figures stay: budget, predicted total, cost per square foot.
    expect(screen.getByTestId('budget-value').textContent).toBe('$100,000.00');
    expect(screen.getByTestId('predicted-total').textContent).toContain('$90,000.00');
    expect(screen.getByText('Cost per Sq Ft')).toBeTruthy();
    rerender(<BudgetSummary summary={base} squareFootage={2000} taskCount={8} emptyLedger={next} />);
    expect(screen.queryByTestId('next-step')).toBeNull();
    expect(screen.getByTestId('ledger-summary')).toBeTruthy();
    // On a phone, in sight (not in the folded details).
    rerender(
      <BudgetSummary
        summary={{ ...fresh, remaining_to_pay: 0 }}
        squareFootage={2000}
        taskCount={8}
        emptyLedger={next}
        compact
      />,
    );
    expect(screen.getByTestId('next-step').closest('[hidden]')).toBeNull();
  });

  it('shows the loan left when the project has a loan', () => {
    render(
      <BudgetSummary
        summary={{ ...base, loan_amount: 250000, drawn: 60000, loan_left: 190000 }}
        squareFootage={null}
        taskCount={8}
      />,
    );
    expect(figure('loan')).toBe('Loan Left$190,000.00$60,000.00 drawn of $250,000.00');
  });
});

describe('BudgetSummary on a phone', () => {
  it('keeps one row; the ledger figures are in the details', async () => {
    const { container } = render(
      <BudgetSummary
        summary={{ ...base, loan_amount: 250000, drawn: 0, loan_left: 250000 }}
        squareFootage={2000}
        taskCount={8}
        compact
      />,
    );
    const strip = screen.getByRole('region', { name: 'Budget summary' });
    expect(strip.dataset.status).toBe('ok');
    const details = within(strip).getByTestId('ledger-summary');
    expect(details.closest('[hidden]')).not.toBeNull(); // collapsed at first
    fireEvent.click(within(strip).getByRole('button', { name: 'Details' }));
    expect(details.closest('[hidden]')).toBeNull();
    expect(within(details).getByTestId('ledger-paid').textContent).toBe(
      'Paid$12,000.00Payments, or the final cost of a finished task when that is more',
    );
    expect(within(details).getByTestId('ledger-headroom').textContent).toBe(
      'Headroom$10,000.00The budget minus the predicted total',
    );
    expect(within(details).getByTestId('ledger-loan').textContent).toContain('$250,000.00');
    expect(screen.queryByTestId('strip-warning')).toBeNull();
    await axeClean(container);
  });

  it('flags the reserve in use in the strip itself, in words for screen readers', () => {
    render(<BudgetSummary summary={at(96000)} squareFootage={null} taskCount={8} compact />);
    const strip = screen.getByRole('region', { name: 'Budget summary' });
    expect(strip.className).toContain('strip-status-warning');
    expect(screen.getByTestId('strip-warning')).toBeTruthy();
    expect(screen.getByTestId('predicted-total').textContent).toContain(
      '$4,000.00 under budget. Using the contingency: $6,000.00 used of the $10,000.00 reserve (10%).',
    );
  });
});

describe('BudgetSummary, ranges and calibration (issue 20)', () => {
  const ranged: ProjectSummary = { ...base, predicted_total_low: 85000.4, predicted_total_high: 97000 };

  it('keeps the spec’s label and adds the range where there is room', async () => {
    const { container } = render(<BudgetSummary summary={ranged} squareFootage={2000} taskCount={8} />);
    const total = screen.getByTestId('predicted-total');
    expect(within(total).getByText('Predicted Total Cost')).toBeTruthy();
    expect(total.textContent).toContain('$90,000.00(85,000–97,000)likely $85,000 to $97,000');
    await axeClean(container);
  });

  it('has no range when the low and the high are the total (every cost known)', () => {
    render(<BudgetSummary summary={base} squareFootage={2000} taskCount={8} />);
    expect(screen.queryByTestId('predicted-range')).toBeNull();
  });

  it('says when the total is calibrated, coloured by its own over-budget flag', () => {
    render(<BudgetSummary summary={at(108000, ranged)} squareFootage={2000} taskCount={8} calibrated />);
    const total = screen.getByTestId('predicted-total');
    expect(within(total).getByText('Predicted Total Cost (calibrated)')).toBeTruthy();
    expect(total.dataset.tone).toBe('red');
    expect(total.textContent).toContain('$8,000.00 over budget');
  });

  it('on a phone: "Predicted Total Cost (calibrated)" in the strip, as on a desktop, the range in the details', () => {
    render(<BudgetSummary summary={ranged} squareFootage={2000} taskCount={8} compact calibrated />);
    const strip = screen.getByRole('region', { name: 'Budget summary' });
    expect(within(strip).getByTestId('predicted-total').textContent).toMatch(
      /^Predicted Total Cost \(calibrated\)\$90,000\.00/,
    );
    const range = within(strip).getByTestId('predicted-range');
    expect(range.closest('[hidden]')).not.toBeNull();
    expect(range.textContent).toBe('Likely between $85,000 and $97,000 (calibrated)');
  });

  it('on a phone without calibration: the strip’s label as it was', () => {
    render(<BudgetSummary summary={ranged} squareFootage={2000} taskCount={8} compact />);
    expect(screen.getByTestId('predicted-total').textContent).toMatch(/^Predicted Total Cost\$90,000\.00/);
  });
});

describe('BudgetSummary, before a calibration', () => {
  const note =
    'Calibration starts once 3 tasks have an awarded bid or an actual cost (2 so far; fixed fees do not count).';

  it('says what calibration waits for beside the predicted total', () => {
    render(<BudgetSummary summary={base} squareFootage={2000} taskCount={8} calibrationNote={note} />);
    expect(within(screen.getByTestId('predicted-total')).getByTestId('calibration-note').textContent).toBe(note);
  });

  it('on a phone, in the details', () => {
    render(<BudgetSummary summary={base} squareFootage={2000} taskCount={8} calibrationNote={note} compact />);
    const shown = screen.getByTestId('calibration-note');
    expect(shown.closest('[hidden]')).not.toBeNull();
    expect(shown.textContent).toBe(note);
  });
});
