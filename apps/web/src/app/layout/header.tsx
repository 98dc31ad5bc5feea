import { lazy, Suspense } from 'react';
import { Crown, Menu, Shield, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import type { SessionUser } from '@app/shared/auth/schemas';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuthModal } from '@/features/auth/auth-modal-store';
import { useAuthStore, useCurrentUser } from '@/features/auth/store';
import { SearchLauncher } from '@/features/search/search-launcher';
import { useTier } from '@/features/subscriptions/use-tier';
import { useHydrated } from '@/lib/use-hydrated';
import { ThemeButton } from './theme-button';

// The menus and popovers (Radix, floating-ui) and the signed-in widgets load after the first
// paint, each with a look-alike meanwhile: the entry stays within the web budget (budget.json).
const ThemeMenu = lazy(() => import('./theme-menu').then((m) => ({ default: m.ThemeMenu })));
const ProfileMenu = lazy(() => import('./profile-menu').then((m) => ({ default: m.ProfileMenu })));
const NotificationBell = lazy(() => import('@/features/notifications/notification-bell').then((m) => ({ default: m.NotificationBell })));
const TokenBadge = lazy(() => import('@/features/tokens/token-badge').then((m) => ({ default: m.TokenBadge })));

/**
 * Free users see Get Premium (→ /subscription), premium users Upgrade to ULTIMATE (→ the next tier,
 * focused), ultimate users nothing (spec §2 Header), from the real subscription.
 */
function PremiumButton({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const tier = useTier(user);
  if (!tier || tier === 'ultimate') return null;
  const label = tier === 'premium' ? t('header.upgradeUltimate') : t('header.getPremium');
  return (
    <Button variant="premium" size="sm" asChild>
      <Link to={tier === 'premium' ? ROUTES.upgrade : ROUTES.subscription} aria-label={label} data-testid="premium-button">
        {tier === 'premium' ? <Sparkles /> : <Crown />}
        <span className="hidden md:inline">{label}</span>
      </Link>
    </Button>
  );
}

const AUTH_FORM_PAGES = new Set<string>([ROUTES.login, ROUTES.authLogin, ROUTES.signup]);

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const isLoading = useAuthStore((s) => s.isLoading);
  const showAuthModal = useAuthModal((s) => s.show);
  // A page that is itself the sign-in or sign-up form offers no second one in a modal over it.
  const onAuthPage = AUTH_FORM_PAGES.has(useLocation().pathname);
  // The prerendered home page shows the menu's disabled look-alike until React has taken over.
  const hydrated = useHydrated();

  return (
    <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        onClick={onOpenMenu}
        aria-label={t('header.openMenu')}
        data-testid="open-menu"
      >
        <Menu />
      </Button>
      <Logo className="shrink-0 [&>span:last-child]:hidden sm:[&>span:last-child]:inline" />
      <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
        {/* The Ctrl/Cmd+K search: the button and the key listener; the dialog is a lazy chunk. */}
        <SearchLauncher />
        {/* On a phone the admin reaches the console from the menu: the header has no room for it. */}
        {user?.role === 'admin' ? (
          <Button variant="ghost" size="sm" className="hidden sm:inline-flex" asChild>
            <Link to={ROUTES.admin} aria-label={t('header.admin')} data-testid="header-admin">
              <Shield />
              <span className="hidden md:inline">{t('header.admin')}</span>
            </Link>
          </Button>
        ) : null}
        {user ? (
          <Suspense fallback={<Skeleton className="h-8 w-16 rounded-full" />}>
            <TokenBadge />
          </Suspense>
        ) : null}
        {user ? <PremiumButton user={user} /> : null}
        {user ? (
          <Suspense fallback={<Skeleton className="size-9 rounded-md" />}>
            <NotificationBell />
          </Suspense>
        ) : null}
        {hydrated ? (
          <Suspense fallback={<ThemeButton disabled />}>
            <ThemeMenu />
          </Suspense>
        ) : (
          <ThemeButton disabled />
        )}
        {isLoading ? (
          <Skeleton className="size-9 rounded-full" />
        ) : user ? (
          <Suspense fallback={<Skeleton className="size-9 rounded-full" />}>
            <ProfileMenu user={user} />
          </Suspense>
        ) : onAuthPage ? null : (
          <Button onClick={() => showAuthModal('signin')} data-testid="sign-in" data-signed-out>
            {t('auth.signIn')}
          </Button>
        )}
      </div>
    </header>
  );
}
