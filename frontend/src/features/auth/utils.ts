import { ApiError } from '../../lib/api-client';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec 5: username, email (email format) and password are required. */
export function validateSignup(input: { username: string; email: string; password: string }): boolean {
  return input.username.trim() !== '' && EMAIL.test(input.email.trim()) && input.password !== '';
}

export const MSG_INVALID_CREDENTIALS = 'Invalid credentials. Please try again.';

/**
 * What the login form says about a refused login: the server's own words when it stops
 * guessing for a while (429: "Too many failed login attempts. Try again in 56 seconds."),
 * so a right password typed then is not called wrong; a plain message when the server
 * could not answer; otherwise the spec's "Invalid credentials".
 */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    return error.message || 'Too many failed login attempts. Please wait a minute and try again.';
  }
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    return 'The server could not be reached. Please try again.';
  }
  return MSG_INVALID_CREDENTIALS;
}
