// The invitation link's token while its visitor logs in or signs up (issue 35): kept for the
// tab's session, so that the first signed-in page comes back to /join?token=... (src/app/guards.tsx).

const KEY = 'buildledger.join_token';

export function rememberJoinToken(token: string): void {
  try {
    window.sessionStorage.setItem(KEY, token);
  } catch {
    /* storage refused (private mode): the link can be opened again */
  }
}

export function pendingJoinToken(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetJoinToken(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    /* nothing kept */
  }
}

/** The join page's address for `token`. */
export const joinPath = (token: string): string => `/join?token=${encodeURIComponent(token)}`;
