import { client, ok } from '../../lib/api/client';
import { tokens } from '../../lib/auth-store';
import type { components } from '../../lib/api/schema';

type PasswordResetConfirm = components['schemas']['PasswordResetConfirm'];

export type Credentials = components['schemas']['Login'];

export async function login({ username, password }: Credentials): Promise<void> {
  // Spec: login first clears any stored tokens (and so the header).
  tokens.clear();
  const res = await ok(client.POST('/api/token/', { body: { username, password } }));
  tokens.set(res.access, res.refresh);
}

export async function register(input: components['schemas']['Registration']): Promise<void> {
  await ok(client.POST('/api/register/', { body: input }));
}

export async function signup(input: { username: string; email: string; password: string }): Promise<void> {
  await register(input);
  await login({ username: input.username, password: input.password });
}

/** Asks for a reset link by email. The answer is the same whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<string> {
  const res = await ok(client.POST('/api/password/reset/', { body: { email } }));
  // An empty answer (no body) says nothing more.
  return (res as Partial<typeof res> | undefined)?.detail ?? '';
}

/** Sets a new password with the token from the reset link (single use). */
export async function resetPassword(input: PasswordResetConfirm): Promise<void> {
  await ok(client.POST('/api/password/reset/confirm/', { body: input }));
}
