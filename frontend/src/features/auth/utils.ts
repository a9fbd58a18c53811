const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec 5: username, email (email format) and password are required. */
export function validateSignup(input: { username: string; email: string; password: string }): boolean {
  return input.username.trim() !== '' && EMAIL.test(input.email.trim()) && input.password !== '';
}
