import { lazy, Suspense } from 'react';
import { Crown, ExternalLink, Lock, Shield, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { isPremiumTier } from '@app/shared/users/roles';
import { useCurrentUser } from '@/features/auth/store';
import { useTier } from '@/features/subscriptions/use-tier';
import { LanguageTrigger, linkClass } from './language-trigger';
import { COMMUNITY_URL, NAV_ITEMS, SECONDARY_NAV_ITEMS, type NavItem } from './nav-items';

// The menu (Radix, floating-ui) loads after the first paint; its trigger shows meanwhile.
const LanguageMenu = lazy(() => import('./language-menu').then((m) => ({ default: m.LanguageMenu })));
// Signed in only, after the first paint like the menus: the links to Achievements, Missions and the
// game profile, and the compact gamification widget (gamification.md §2.5).
const SidebarGamification = lazy(() => import('@/features/gamification/sidebar-section').then((m) => ({ default: m.SidebarGamification })));

function Item({ item, signedIn, onNavigate }: { item: NavItem; signedIn: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  return (
    <NavLink to={item.to} end={item.to === ROUTES.home} className={linkClass} onClick={onNavigate}>
      <Icon />
      <span className="flex-1">{t(item.labelKey)}</span>
      {item.requiresLogin && !signedIn ? (
        <Lock className="!size-3.5 opacity-70" aria-label={t('nav.loginRequired')} data-testid="login-required" />
      ) : null}
    </NavLink>
  );
}

/** The sidebar (16rem): navigation, language, Admin Panel for admins, Get Premium for everyone not on a paid plan. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const tier = useTier(user);
  const signedIn = user !== null;
  return (
    <nav className="flex min-h-full flex-col gap-1 p-3" aria-label={t('nav.main')}>
      {NAV_ITEMS.map((item) => (
        <Item key={item.to} item={item} signedIn={signedIn} onNavigate={onNavigate} />
      ))}
      <div className="my-2 h-px bg-border" />
      {SECONDARY_NAV_ITEMS.map((item) => (
        <Item key={item.to} item={item} signedIn={signedIn} onNavigate={onNavigate} />
      ))}
      {COMMUNITY_URL ? (
        <a href={COMMUNITY_URL} target="_blank" rel="noreferrer noopener" className={linkClass({ isActive: false })}>
          <Users />
          <span className="flex-1">{t('nav.community')}</span>
          <ExternalLink className="!size-3.5 opacity-70" />
        </a>
      ) : null}
      <Suspense fallback={<LanguageTrigger disabled />}>
        <LanguageMenu />
      </Suspense>
      {signedIn ? (
        <Suspense fallback={null}>
          <SidebarGamification linkClass={linkClass} onNavigate={onNavigate} />
        </Suspense>
      ) : null}
      <div className="mt-auto grid gap-1 pt-4">
        {user?.role === 'admin' ? (
          <NavLink to={ROUTES.admin} className={linkClass} onClick={onNavigate}>
            <Shield />
            {t('nav.adminPanel')}
          </NavLink>
        ) : null}
        {!tier || !isPremiumTier(tier) ? (
          <NavLink
            to={ROUTES.subscription}
            onClick={onNavigate}
            className="flex h-10 items-center gap-3 rounded-lg bg-gradient-to-r from-amber-400 to-pink-500 px-3 text-sm font-semibold text-white shadow-sm transition-opacity hover:opacity-90 [&_svg]:size-[18px]"
          >
            <Crown />
            {t('nav.getPremium')}
          </NavLink>
        ) : null}
      </div>
    </nav>
  );
}
