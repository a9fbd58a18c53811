// The hook lives in src/lib so the signed-in app can share it; re-exported here
// for the public pages.
export { usePageMeta, type PageMeta } from '../../../lib/page-meta';
