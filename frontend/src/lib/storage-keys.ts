// The spec's local storage keys of the session tokens (plain data: vite.config.ts reads them too).
export const ACCESS_KEY = 'access_token';
export const REFRESH_KEY = 'refresh_token';
