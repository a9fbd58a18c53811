import { useSyncExternalStore } from 'react';

// Whether the signed-in user has an active subscription of their own, as the app's subscription
// check last answered (src/app/guards.tsx publishes it). The site menu (./navbar.tsx) sits outside
// react-query, which public pages never load, so it reads the answer here. `null`: not known
// (no answer yet, or no app page opened since the page loaded): the subscriber's menu.

let standing: boolean | null = null;
const listeners = new Set<() => void>();

/** Records the check's answer (`null` while there is none, or signed out). */
export function setSubscribedStanding(value: boolean | null): void {
  if (value === standing) return;
  standing = value;
  listeners.forEach((l) => l());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** True: subscribed; false: signed in without a subscription of one's own; null: not known. */
export function useSubscribedStanding(): boolean | null {
  return useSyncExternalStore(
    subscribe,
    () => standing,
    () => null,
  );
}
