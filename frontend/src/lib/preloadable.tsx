import { lazy, useState, type ComponentType, type ReactNode } from 'react';

/**
 * React.lazy, plus a preload: once the chunk is in, the component renders directly instead of
 * suspending (React.lazy suspends on its first render even when the module is loaded, and React
 * holds a revealed Suspense boundary back up to 300 ms). A component that mounted through the
 * lazy wrapper keeps it (no remount). Render it inside a Suspense boundary.
 */
export function preloadable<C extends (props: never) => ReactNode>(load: () => Promise<{ default: C }>) {
  type Props = Parameters<C> extends [infer P, ...unknown[]] ? P & object : Record<never, never>;
  let loaded: ComponentType<Props> | null = null;
  let pending: Promise<ComponentType<Props>> | null = null;
  const preload = () =>
    (pending ??= load().then((m) => {
      loaded = m.default as unknown as ComponentType<Props>; // C is a component taking Props
      return loaded;
    }));
  const Lazy = lazy(() => preload().then((c) => ({ default: c })));
  function Preloadable(props: Props) {
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
