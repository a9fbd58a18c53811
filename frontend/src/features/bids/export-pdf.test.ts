import { describe, expect, it } from 'vitest';
import { formatIsoDay } from '../../lib/format';
import { comparisonFileName, comparisonPdfDefinition, COMPARISON_TITLE, validUntilCell } from './export-pdf';
import type { BidComparison } from './types';

const rows: BidComparison[] = [
  {
    task: 7,
    title: 'Framing',
    predicted_cost: 39696,
    lowest: 36000,
    highest: 52000,
    spread: 16000,
    awarded_bid: 2,
    bids: [
      {
        id: 1,
        contractor: { id: 1, name: 'Acme' },
        amount: 36000,
        status: 'declined',
        difference_pct: -9.3,
        flag: null,
        lowest: true,
        notes: '',
        valid_until: null,
      },
      {
        id: 2,
        contractor: { id: 2, name: 'Birch' },
        amount: 41500,
        status: 'awarded',
        difference_pct: 4.5,
        flag: null,
        lowest: false,
        notes: 'Labour only',
        valid_until: '2026-04-30',
      },
      {
        id: 3,
        contractor: { id: 3, name: 'Cedar' },
        amount: 52000,
        status: 'declined',
        difference_pct: 31,
        flag: 'high',
        lowest: false,
        notes: 'Includes sheathing and a crane day',
        valid_until: '2026-03-01',
      },
    ],
  },
];

describe('bid comparison PDF', () => {
  it('has the title, the project and one table per task with every bid', () => {
    const def = comparisonPdfDefinition(3, 'Oak Street', rows, '2026-03-10');
    const text = JSON.stringify(def);
    expect(def.content[0]).toMatchObject({ text: COMPARISON_TITLE });
    expect(def.content[1]).toMatchObject({ text: 'Oak Street' });
    expect(text).toContain('Exported 2026-03-10');
    expect(text).toContain('Regional prediction: $39,696');
    expect(text).toContain('Spread: $16,000.00');
    expect(text).toContain('Committed: $41,500.00 (Birch)');
    expect(text).toContain('Acme (lowest)');
    expect(text).toContain('+31%');
    expect(text).toContain('Check the scope (over 25% above)');
    expect(text).toContain('Awarded');
    const table = def.content.find((c) => 'table' in c) as { table: { body: unknown[][] } };
    expect(table.table.body).toHaveLength(4); // header + 3 bids
  });

  it('gives each bid its valid-until date (expired when past) and its scope notes', () => {
    const def = comparisonPdfDefinition(3, 'Oak Street', rows, '2026-03-10');
    const text = JSON.stringify(def);
    const table = def.content.find((c) => 'table' in c) as { table: { body: unknown[][] } };
    expect(JSON.stringify(table.table.body[0])).toContain('Valid until');
    expect(text).toContain('Scope: Includes sheathing and a crane day');
    expect(text).toContain('Scope: Labour only');
    expect(text).toContain(`${formatIsoDay('2026-03-01')} (expired)`);
    expect(text).toContain(`"${formatIsoDay('2026-04-30')}"`);
    expect(text).not.toContain(`${formatIsoDay('2026-04-30')} (expired)`);
    expect(validUntilCell(null, '2026-03-10')).toBe('–');
  });

  it('names the file after the project', () => {
    expect(comparisonFileName(3)).toBe('bid_comparison_project_3.pdf');
    expect(JSON.stringify(comparisonPdfDefinition(3, null, []))).toContain('Project 3');
  });
});
