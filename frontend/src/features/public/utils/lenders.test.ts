import { describe, expect, it } from 'vitest';
import { LENDERS, type Lender } from '../content/lenders';
import { US_STATES } from '../content/states';
import { lendersForState } from './lenders';

const sample: Lender[] = [
  { id: 'nat', name: 'National', kind: 'Bank', url: 'https://n.example', states: 'ALL', area: '', summary: '' },
  { id: 'ga', name: 'Georgia CU', kind: 'Credit union', url: 'https://g.example', states: ['GA'], area: '', summary: '' },
  { id: 'tri', name: 'Tri-state', kind: 'Bank', url: 'https://t.example', states: ['OH', 'IN', 'MI'], area: '', summary: '' },
];

describe('lendersForState', () => {
  it('returns the regional lenders of the state followed by nationwide ones', () => {
    expect(lendersForState(sample, 'GA').map((l) => l.id)).toEqual(['ga', 'nat']);
    expect(lendersForState(sample, 'MI').map((l) => l.id)).toEqual(['tri', 'nat']);
  });

  it('returns only nationwide lenders where no regional lender serves', () => {
    expect(lendersForState(sample, 'WY').map((l) => l.id)).toEqual(['nat']);
  });

  it('returns nothing for a state without partners when there is no nationwide lender', () => {
    expect(lendersForState(sample.slice(1), 'WY')).toEqual([]);
  });

  it('returns nothing before a state is chosen or for junk', () => {
    expect(lendersForState(sample, '')).toEqual([]);
    expect(lendersForState(sample, 'Georgia')).toEqual([]);
  });

  it('ignores case and surrounding spaces', () => {
    expect(lendersForState(sample, ' ga ').map((l) => l.id)).toEqual(['ga', 'nat']);
  });
});

describe('the lender list', () => {
  const codes = new Set(US_STATES.map((s) => s.code));

  it('has ten lenders with names, https links and valid state codes', () => {
    expect(LENDERS).toHaveLength(10);
    expect(new Set(LENDERS.map((l) => l.id)).size).toBe(10);
    for (const l of LENDERS) {
      expect(l.name).not.toBe('');
      expect(l.url).toMatch(/^https:\/\//);
      expect(l.area).not.toBe('');
      if (l.states !== 'ALL') {
        expect(l.states.length).toBeGreaterThan(0);
        for (const s of l.states) expect(codes.has(s)).toBe(true);
      }
    }
  });

  it('covers most states, leaving a few (such as Alaska and Hawaii) without a partner', () => {
    const served = US_STATES.filter((s) => lendersForState(LENDERS, s.code).length > 0);
    expect(served.length).toBeGreaterThanOrEqual(44);
    expect(lendersForState(LENDERS, 'AK')).toEqual([]);
    expect(lendersForState(LENDERS, 'HI')).toEqual([]);
    expect(lendersForState(LENDERS, 'GA').map((l) => l.id)).toContain('georgias-own');
    expect(lendersForState(LENDERS, 'DC').map((l) => l.id)).toEqual(['td-bank']);
  });

  it('lists 50 states plus Washington, D.C.', () => {
    expect(US_STATES).toHaveLength(51);
    expect(codes.has('DC')).toBe(true);
  });
});
