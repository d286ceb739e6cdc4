import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a page the build prerendered, true from then on (and at once on a page
 * rendered in the browser). The prerender knew no query and no storage, so what depends on them is
 * left out of the first render and added straight after, and the markup matches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
