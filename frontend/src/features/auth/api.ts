import { http } from '../../lib/api-client';
import { tokens } from '../../lib/auth-store';

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
