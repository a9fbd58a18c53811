import { useEffect } from 'react';

const ROBOTS = 'noindex, nofollow';

/**
 * A shared page's title, and robots "noindex, nofollow" while it is shown (the server also sends
 * `X-Robots-Tag: noindex`): the page's own robots tag is added on mount (or the app's one is
 * overridden) and removed (or given back its value) on unmount. No canonical link: the address
 * carries the token.
 */
export function useSharedPageMeta(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    const existing = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    const previous = existing?.content ?? null;
    const meta = existing ?? document.createElement('meta');
    meta.name = 'robots';
    meta.content = ROBOTS;
    if (!existing) document.head.appendChild(meta);
    return () => {
      if (previous === null) meta.remove();
      else meta.content = previous;
    };
  }, []);
}
