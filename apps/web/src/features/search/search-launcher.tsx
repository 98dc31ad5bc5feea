import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { OPEN_SEARCH_EVENT } from './open-search';

// The dialog (Radix, the queries, its texts) is a chunk of its own, fetched on the first open or
// when the pointer or focus reaches the button; only this button and the key listener are in the
// entry (the web budget, budget.json).
const loadDialog = () => import('./search-dialog');
const SearchDialog = lazy(() => loadDialog().then((m) => ({ default: m.SearchDialog })));

/** Ctrl+K on Windows and Linux, ⌘K on Apple devices. */
const isApple = () => typeof navigator !== 'undefined' && /mac|iphone|ipad/i.test(navigator.platform || navigator.userAgent);

/**
 * The header's search button (from the sm breakpoint up: the signed-in phone header has no room
 * left, so phones open it from the menu drawer) and the Ctrl/Cmd+K shortcut (any keyboard layout:
 * the K key). The
 * dialog stays mounted after its first open, so that reopening it is instant; when it closes,
 * focus goes back where it was.
 */
export function SearchLauncher() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const returnTo = useRef<HTMLElement | null>(null);

  const show = useCallback(() => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setLoaded(true);
    setOpen(true);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      if (e.code !== 'KeyK' && e.key.toLowerCase() !== 'k') return;
      e.preventDefault();
      show();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener(OPEN_SEARCH_EVENT, show);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_SEARCH_EVENT, show);
    };
  }, [show]);

  const restoreFocus = useCallback(() => {
    const target = returnTo.current;
    returnTo.current = null;
    if (target?.isConnected) target.focus();
  }, []);

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={show}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        data-testid="search-button"
        className="text-muted-foreground max-sm:hidden"
      >
        <Search />
        {/* The name is the visible words ("Search Ctrl K" from md up, where both show; "Search" below,
            read from the screen-reader-only text): an aria-label would differ from what is seen. */}
        <span className="sr-only md:not-sr-only">{t('header.search')}</span>
        <kbd className="pointer-events-none hidden rounded border bg-muted px-1.5 font-mono text-[10px] font-medium md:inline">
          {isApple() ? '⌘K' : 'Ctrl K'}
        </kbd>
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <SearchDialog open={open} onOpenChange={setOpen} onClosed={restoreFocus} />
        </Suspense>
      ) : null}
    </>
  );
}
