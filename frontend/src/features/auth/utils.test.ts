import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { loginErrorMessage, validateSignup } from './utils';

describe('validateSignup', () => {
  it('requires username, a valid email and a password', () => {
    expect(validateSignup({ username: 'ann', email: 'ann@example.com', password: 'secret123' })).toBe(true);
    expect(validateSignup({ username: '', email: 'ann@example.com', password: 'x' })).toBe(false);
    expect(validateSignup({ username: 'ann', email: 'not-an-email', password: 'x' })).toBe(false);
    expect(validateSignup({ username: 'ann', email: 'ann@example.com', password: '' })).toBe(false);
  });
});

describe('loginErrorMessage', () => {
  it('says the server’s lock-out message, not "Invalid credentials", on a 429', () => {
    const locked = new ApiError(429, 'too_many_requests', 'Too many failed login attempts. Try again in 56 seconds.');
    expect(loginErrorMessage(locked)).toBe('Too many failed login attempts. Try again in 56 seconds.');
  });
  it('keeps "Invalid credentials" for a wrong password', () => {
    const wrong = new ApiError(401, 'invalid_credentials', 'No active account found with the given credentials');
    expect(loginErrorMessage(wrong)).toBe('Invalid credentials. Please try again.');
  });
  it('does not blame the password when the server cannot answer', () => {
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'The server could not be reached. Please try again.',
    );
    expect(loginErrorMessage(new ApiError(503, 'http_error', 'Request failed with status 503'))).toBe(
      'The server could not be reached. Please try again.',
    );
  });
});
