/**
 * The reads a signed-in page makes on its first load, by path (issue 31). The HTML's route
 * preload module (vite.config.ts, routePreload: no imports, it runs as soon as it arrives)
 * starts them with the stored access token before the app's code has loaded; the API client
 * takes each answer once instead of asking again (./early-reads.ts). On a phone on slow
 * 4G the board's data arrived only after its ~150 KiB of JavaScript had been fetched and run.
 *
 * Pattern (a RegExp source matched against `location.pathname`) -> GET paths, `$1` being the
 * pattern's first group. Plain data, no DOM: vite.config.ts imports it while building.
 */
export const ROUTE_DATA: readonly (readonly [string, readonly string[]])[] = [
  ['^/kanban/(\\d+)/?$', ['/payments/check-subscription/', '/api/projects/$1/tasks/', '/api/projects/$1/']],
  [
    '^/kanban/(\\d+)/money/?$',
    ['/payments/check-subscription/', '/api/projects/$1/tasks/', '/api/projects/$1/', '/api/projects/$1/summary/'],
  ],
  ['^/projects/?$', ['/payments/check-subscription/', '/api/projects/']],
];

/** The GET paths of `pathname` (the route preload module runs the same steps, in plain JS). */
export function routeReads(pathname: string): string[] {
  for (const [pattern, paths] of ROUTE_DATA) {
    const match = new RegExp(pattern).exec(pathname);
    if (match) return paths.map((p) => p.replace('$1', match[1] ?? ''));
  }
  return [];
}

/** What the route preload module leaves on `window` for the API client. */
export interface EarlyReads {
  /** The access token the reads were sent with. */
  token: string;
  /** `Date.now()` when they were sent. */
  at: number;
  reads: Record<string, Promise<Response>>;
}

/** The `window` property holding the `EarlyReads`. */
export const EARLY_READS_KEY = '__buildledgerEarlyReads';
