import { useEffect } from 'react';

// Shared by the public pages and the signed-in app: every route sets its own
// title and description when it renders (DECISIONS.md, wire conventions).
export interface PageMeta {
  title: string;
  description: string;
  keywords?: string;
  /** Defaults to "index, follow". */
  robots?: string;
}

function setMeta(name: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
}

function setCanonical(href: string) {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.appendChild(el);
  }
  el.href = href;
}

/**
 * Sets the document title, description, robots (and keywords when given) and points
 * the canonical link at the current path on the page's own origin. The landing page's
 * tags are also in index.html, so crawlers that run no script see them.
 */
export function usePageMeta({ title, description, keywords, robots = 'index, follow' }: PageMeta) {
  useEffect(() => {
    document.title = title;
    setMeta('description', description);
    setMeta('robots', robots);
    if (keywords) setMeta('keywords', keywords);
    else document.head.querySelector('meta[name="keywords"]')?.remove();
    setCanonical(`${window.location.origin}${window.location.pathname}`);
  }, [title, description, keywords, robots]);
}

/**
 * App pages (sign-in, plans, projects, board...): "<title> – BuildLedger" and a description.
 * Crawlers never reach the signed-in pages (a visitor without a session is sent to /login),
 * so the robots default stays as on every other route.
 */
export function useAppPageMeta(title: string, description: string) {
  usePageMeta({ title: `${title} – BuildLedger`, description });
}
