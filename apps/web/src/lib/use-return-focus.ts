import { useRef } from 'react';

/**
 * For a dialog opened by state rather than by a DialogTrigger: Radix has no trigger to give the
 * focus back to and drops it on <body>, and a keyboard user loses their place. Spread the answer
 * on DialogContent: the element focused when it opened gets the focus back when it closes (while
 * it is still on the page).
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (e: Event) => {
      if (!opener.current?.isConnected) return;
      e.preventDefault();
      opener.current.focus();
    },
  };
}
