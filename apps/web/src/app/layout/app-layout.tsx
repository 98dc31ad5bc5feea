import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { useAuthModal } from '@/features/auth/auth-modal-store';
import { useAuthStore } from '@/features/auth/store';
import { PageSkeleton } from '@/components/page-skeleton';
import { useMediaQuery } from '@/lib/use-media-query';
import { Header } from './header';
import { SidebarNav } from './sidebar';

// Loaded when first wanted, not with every page: the drawer, the banner (signed in only) and the sign-in forms.
const MobileNav = lazy(() => import('./mobile-nav').then((m) => ({ default: m.MobileNav })));
const AppDeletionBanner = lazy(() => import('@/features/account-data/deletion-banner').then((m) => ({ default: m.AppDeletionBanner })));
// Signed in only: the in-app gamification notifications (gamification.md §2.12), drawing nothing themselves.
const GamificationToasts = lazy(() =>
  import('@/features/gamification/gamification-toasts').then((m) => ({ default: m.GamificationToasts })),
);
// Signed in only: the live stream that updates the bell, the balances and the progress (features/live), drawing nothing.
const LiveUpdates = lazy(() => import('@/features/live/live-updates').then((m) => ({ default: m.LiveUpdates })));
const AuthModal = lazy(() => import('@/features/auth/components/auth-modal').then((m) => ({ default: m.AuthModal })));

/** The shell of every page: header on top, the 16rem sidebar on desktops (a drawer on phones), the page beside it. */
export function AppLayout() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const authModalWanted = useAuthModal((s) => s.open);
  // Once loaded it stays mounted, so that closing still animates.
  const [authModalLoaded, setAuthModalLoaded] = useState(false);
  if (authModalWanted && !authModalLoaded) setAuthModalLoaded(true);
  const [menuLoaded, setMenuLoaded] = useState(false);
  // Below lg the sidebar is hidden (the drawer has the same links): a phone needn't build it.
  const wide = useMediaQuery('(min-width: 64rem)');
  if (menuOpen && !menuLoaded) setMenuLoaded(true);
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
          {wide ? <SidebarNav /> : null}
        </aside>
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <div className="mx-auto w-full max-w-6xl">
            {signedIn && (
              <Suspense>
                <AppDeletionBanner />
              </Suspense>
            )}
            {/* Pages are lazy chunks (router.tsx): the shell stays and the page area shows a skeleton while one loads. */}
            <Suspense fallback={<PageSkeleton />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
      {menuLoaded && (
        <Suspense>
          <MobileNav open={menuOpen} onOpenChange={setMenuOpen} />
        </Suspense>
      )}
      {signedIn && (
        <Suspense>
          <GamificationToasts />
        </Suspense>
      )}
      {signedIn && (
        <Suspense>
          <LiveUpdates />
        </Suspense>
      )}
      {authModalLoaded && (
        <Suspense>
          <AuthModal />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
