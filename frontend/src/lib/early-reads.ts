import { EARLY_READS_KEY, type EarlyReads } from './route-reads';

/** Early answers older than this are not used: the page asks again. */
export const EARLY_READ_MAX_AGE_MS = 15_000;

/**
 * The answer to `GET path` that the route preload module started before the app loaded
 * (./route-reads.ts), taken once: only when it was sent with the access token the
 * caller would send and is still fresh. `undefined`: ask the server as usual.
 */
export function takeEarlyRead(path: string, access: string | null): Promise<Response> | undefined {
  const early = (window as unknown as Record<string, EarlyReads | undefined>)[EARLY_READS_KEY];
  if (!early || !access || early.token !== access) return undefined;
  const read = early.reads[path];
  if (read === undefined) return undefined;
  delete early.reads[path];
  if (Date.now() - early.at > EARLY_READ_MAX_AGE_MS) return undefined;
  return read;
}
