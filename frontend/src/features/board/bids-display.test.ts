import { describe, expect, it } from 'vitest';
import { bidsDisplay, bidsText, recordedMoney } from './bids-display';

describe('bid line of cards and rows', () => {
  it('is empty without bids', () => {
    expect(bidsDisplay({ bid_count: 0, lowest_bid: null, committed_cost: null })).toEqual({
      committed: null,
      bids: null,
    });
    expect(bidsText({})).toBe('');
  });

  it('gives the count and the lowest bid', () => {
    expect(bidsText({ bid_count: 3, lowest_bid: 38000, committed_cost: null })).toBe('3 bids · low $38,000.00');
    expect(bidsText({ bid_count: 1, lowest_bid: 12500.5, committed_cost: null })).toBe('1 bid · $12,500.50');
  });

  it('leads with the committed cost once a bid is awarded', () => {
    expect(bidsDisplay({ bid_count: 3, lowest_bid: 38000, committed_cost: 41500 })).toEqual({
      committed: 'Committed $41,500.00',
      bids: '3 bids',
    });
    expect(bidsText({ bid_count: 3, lowest_bid: 38000, committed_cost: 41500 })).toBe('Committed $41,500.00 · 3 bids');
  });

  it('keeps the cents of recorded money, whole dollars too', () => {
    expect(recordedMoney(38000)).toBe('$38,000.00');
    expect(recordedMoney(38000.1)).toBe('$38,000.10');
  });
});
