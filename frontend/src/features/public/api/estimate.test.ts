import { describe, expect, it } from 'vitest';
import { groupByStage, parseEstimate } from './estimate';

describe('parseEstimate', () => {
  it('reads the documented response (state code with state_name)', () => {
    const e = parseEstimate({
      state: 'TX',
      state_name: 'Texas',
      factor: 0.88,
      predicted_total: 341616,
      cost_per_sqft: 142.34,
      breakdown: [{ task: 'Building Permits', component: 'Site work > Building permit fees', cost_per_sqft: 2.54, cost: 6103.68 }],
      sources: [{ id: 'S1', title: 'NAHB', url: 'https://www.nahb.org/' }],
    });
    expect(e.state).toEqual({ code: 'TX', name: 'Texas' });
    expect(e.factor).toBe(0.88);
    expect(e.cost_per_sqft).toBe(142.34);
    expect(e.breakdown[0].cost).toBe(6103.68);
    expect(e.sources[0].url).toBe('https://www.nahb.org/');
  });

  it('also reads a nested state object and tolerates missing fields', () => {
    expect(parseEstimate({ state: { code: 'GA', name: 'Georgia' } }).state).toEqual({ code: 'GA', name: 'Georgia' });
    const e = parseEstimate({});
    expect(e).toEqual({ predicted_total: 0, cost_per_sqft: null, state: null, factor: null, breakdown: [], sources: [] });
    expect(parseEstimate(null).breakdown).toEqual([]);
  });
});

describe('groupByStage', () => {
  it('groups lines by the stage before " > " and sums them', () => {
    const groups = groupByStage([
      { task: 'Permits', component: 'Site work > Building permit fees', cost_per_sqft: 2.5, cost: 100 },
      { task: 'Impact', component: 'Site work > Impact fee', cost_per_sqft: 1.5, cost: 50 },
      { task: 'Framing', component: 'Framing > Framing', cost_per_sqft: 20, cost: 800 },
      { task: 'Pool', component: null, cost_per_sqft: 10, cost: 400 },
    ]);
    expect(groups.map((g) => [g.stage, g.cost, g.costPerSqft, g.lines.length])).toEqual([
      ['Site work', 150, 4, 2],
      ['Framing', 800, 20, 1],
      ['Pool', 400, 10, 1],
    ]);
  });
});
