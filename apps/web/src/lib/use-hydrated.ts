import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while the page is drawn at build (scripts/prerender.js) and while React hydrates that
 * drawing, true from the render after: for what must not look usable before the app can handle it
 * (a menu whose code loads later), drawn as its disabled look-alike until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
