import { Dialog as DialogPrimitive } from 'radix-ui';
import { Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/logo';
import { openSearch } from '@/features/search/open-search';
import { SidebarNav } from './sidebar';

/** The sidebar as a drawer on screens narrower than the desktop layout; Escape or the backdrop closes it. */
export function MobileNav({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 lg:hidden" />
        <DialogPrimitive.Content
          className="fixed inset-y-0 left-0 z-50 flex w-sidebar max-w-[85vw] flex-col border-r bg-background shadow-xl lg:hidden"
          aria-describedby={undefined}
        >
          <div className="flex h-16 items-center justify-between border-b px-4">
            <DialogPrimitive.Title asChild>
              <div>
                <Logo />
              </div>
            </DialogPrimitive.Title>
            <DialogPrimitive.Close className="rounded-md p-2 hover:bg-accent" aria-label={t('common.close')}>
              <X className="size-4" />
            </DialogPrimitive.Close>
          </div>
          <div className="flex-1 overflow-y-auto">
            <button
              type="button"
              className="mx-3 mt-3 flex w-[calc(100%-1.5rem)] items-center gap-3 rounded-md border px-3 py-2 text-sm text-muted-foreground hover:bg-accent"
              onClick={() => {
                onOpenChange(false);
                openSearch();
              }}
              data-testid="mobile-search"
            >
              <Search className="size-4" aria-hidden="true" />
              {t('header.search')}
            </button>
            <SidebarNav onNavigate={() => onOpenChange(false)} />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
