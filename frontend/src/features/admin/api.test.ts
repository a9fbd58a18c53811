import { describe, expect, it } from 'vitest';
import { markCanceled } from './api';

describe('markCanceled', () => {
  it('clears the id and sets canceled on the matching row only', () => {
    const rows = [
      { username: 'a', stripe_customer_id: 'cus_1', subscription_id: 'sub_1', status: 'active' },
      { username: 'b', stripe_customer_id: 'cus_2', subscription_id: 'sub_2', status: 'active' },
    ];
    expect(markCanceled(rows, 'sub_1')).toEqual([
      { username: 'a', stripe_customer_id: 'cus_1', subscription_id: '', status: 'canceled' },
      rows[1],
    ]);
  });
});
