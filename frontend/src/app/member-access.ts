// Issue 35: a user without a subscription of their own who joined someone's project may use that
// project's pages; the subscription guard (./guards.tsx) lets them in and says which projects here,
// so that a refused call elsewhere (402) does not send them away from those pages (./router.tsx).

let joined: ReadonlySet<number> = new Set();

/** The projects the signed-in user may open as a member without a subscription of their own. */
export function setMemberProjects(ids: Iterable<number>): void {
  joined = new Set(ids);
}

/** `/projects`, or a page of a project in `ids`. */
export function isMemberPage(pathname: string, ids: ReadonlySet<number> = joined): boolean {
  if (ids.size === 0) return false;
  if (/^\/projects\/?$/.test(pathname)) return true;
  const m = /^\/kanban\/(\d+)(\/|$)/.exec(pathname);
  return m !== null && ids.has(Number(m[1]));
}

/** True while the guard let the user in as a member and `pathname` is one of those pages. */
export const onMemberPage = (pathname: string): boolean => isMemberPage(pathname);
