import { describe, expect, it } from 'vitest';
import { validateSignup } from './utils';

describe('validateSignup', () => {
  it('requires username, a valid email and a password', () => {
    expect(validateSignup({ username: 'ann', email: 'ann@example.com', password: 'secret123' })).toBe(true);
    expect(validateSignup({ username: '', email: 'ann@example.com', password: 'x' })).toBe(false);
    expect(validateSignup({ username: 'ann', email: 'not-an-email', password: 'x' })).toBe(false);
    expect(validateSignup({ username: 'ann', email: 'ann@example.com', password: '' })).toBe(false);
  });
});
