import { Crown, ExternalLink, Languages, Lock, Shield, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LANGUAGES, type Language } from '@app/shared/app/constants';
import { ROUTES } from '@app/shared/app/routes';
import { isPremiumTier } from '@app/shared/users/roles';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useCurrentUser } from '@/features/auth/store';
import { cn } from '@/lib/cn';
import { LANGUAGE_NAMES, setLanguage } from '@/lib/i18n';
import { COMMUNITY_URL, NAV_ITEMS, SECONDARY_NAV_ITEMS, type NavItem } from './nav-items';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors [&_svg]:size-[18px] [&_svg]:shrink-0',
    isActive ? 'bg-primary/10 text-primary' : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
  );

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
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const signedIn = user !== null;
  return (
    <nav className="flex h-full flex-col gap-1 p-3" aria-label={t('nav.main')}>
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
      <DropdownMenu>
        <DropdownMenuTrigger className={cn(linkClass({ isActive: false }), 'w-full text-left')} data-testid="language-menu">
          <Languages />
          <span className="flex-1">{t('nav.language')}</span>
          <span className="text-xs uppercase opacity-70">{i18n.language}</span>
        </DropdownMenuTrigger>
        <DropdownMenuContent side="right" align="start">
          <DropdownMenuRadioGroup value={i18n.language} onValueChange={(v) => void setLanguage(v as Language)}>
            {LANGUAGES.map((lang) => (
              <DropdownMenuRadioItem key={lang} value={lang}>
                {LANGUAGE_NAMES[lang]}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>
      <div className="mt-auto grid gap-1 pt-4">
        {user?.role === 'admin' ? (
          <NavLink to={ROUTES.admin} className={linkClass} onClick={onNavigate}>
            <Shield />
            {t('nav.adminPanel')}
          </NavLink>
        ) : null}
        {!user || !isPremiumTier(user.tier) ? (
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
