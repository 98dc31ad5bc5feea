import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { AuthModal } from '@/features/auth/components/auth-modal';
import { AppDeletionBanner } from '@/features/account-data/deletion-banner';
import { Header } from './header';
import { MobileNav } from './mobile-nav';
import { SidebarNav } from './sidebar';

/** The shell of every page: header on top, the 16rem sidebar on desktops (a drawer on phones), the page beside it. */
export function AppLayout() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[60] focus:rounded-md focus:bg-card focus:px-3 focus:py-2 focus:shadow"
      >
        {t('common.skipToContent')}
      </a>
      <Header onOpenMenu={() => setMenuOpen(true)} />
      <div className="flex">
        <aside
          className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-sidebar shrink-0 overflow-y-auto border-r lg:block"
          data-testid="sidebar"
        >
          <SidebarNav />
        </aside>
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <div className="mx-auto w-full max-w-6xl">
            <AppDeletionBanner />
            <Outlet />
          </div>
        </main>
      </div>
      <MobileNav open={menuOpen} onOpenChange={setMenuOpen} />
      <AuthModal />
      <ScrollRestoration />
    </div>
  );
}
