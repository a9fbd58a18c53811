import { http } from '../../lib/api-client';
import { tokens } from '../../lib/auth-store';
import type { components } from '../../lib/api/schema';

type Detail = components['schemas']['Detail'];
type PasswordResetRequest = components['schemas']['PasswordResetRequest'];
type PasswordResetConfirm = components['schemas']['PasswordResetConfirm'];

export interface Credentials {
  username: string;
  password: string;
}

export async function login({ username, password }: Credentials): Promise<void> {
  // Spec: login first clears any stored tokens (and so the header).
  tokens.clear();
  const res = await http.post<{ access: string; refresh: string }>('/api/token/', { username, password });
  tokens.set(res.access, res.refresh);
}

export async function register(input: { username: string; email: string; password: string }): Promise<void> {
  await http.post<unknown>('/api/register/', input);
}

export async function signup(input: { username: string; email: string; password: string }): Promise<void> {
  await register(input);
  await login({ username: input.username, password: input.password });
}

/** Asks for a reset link by email. The answer is the same whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<string> {
  const res = await http.post<Partial<Detail> | undefined>('/api/password/reset/', {
    email,
  } satisfies PasswordResetRequest);
  return res?.detail ?? '';
}

/** Sets a new password with the token from the reset link (single use). */
export async function resetPassword(input: PasswordResetConfirm): Promise<void> {
  await http.post<void>('/api/password/reset/confirm/', input);
}
