import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    // Prerendered at build (scripts/prerender.js), nothing matches: the phone's layout, which the
    // CSS widens where the screen is wider; the first render in the browser reads the real answer.
    () => false,
  );
}
