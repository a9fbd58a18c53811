// Values handed to the next page in the router's location state (history.state): they
// stay out of the address and survive a reload of that page. E.g. a one-line notice:
// navigate('/login', { state: { notice: 'Your password was reset.' } satisfies NoticeState }).

export interface NoticeState {
  notice: string;
}

/**
 * The sign-up page's state: a notice and the email to start the form with (an invitation's
 * address, issue 35); the field stays editable.
 */
export interface SignupState extends NoticeState {
  email: string;
}

/** The string under `key` in a location's state, or ''. */
export function stateString(state: unknown, key: string): string {
  if (state === null || typeof state !== 'object') return '';
  const value = (state as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

/** The notice (NoticeState) in a location's state, or ''. */
export const noticeFrom = (state: unknown): string => stateString(state, 'notice');
