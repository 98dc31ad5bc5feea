import { Bot, CreditCard, FlaskConical, FolderInput, Gift, Globe, Loader2, LogOut, UserRound, VenetianMask } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import type { SessionUser } from '@app/shared/auth/schemas';
import { isPremiumTier, TIER_BADGES } from '@app/shared/users/roles';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useLogout } from '@/features/auth/use-logout';
import { useTier } from '@/features/subscriptions/use-tier';
import '@/features/profile/texts';

/** The profile dropdown: My Profile, Subscription, Sign Out, the plan badge and the demo badge. */
export function ProfileMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { logout, isLoggingOut } = useLogout();
  const tier = useTier(user) ?? user.tier;
  return (
    // Not modal: a modal menu hides the page from assistive technology while its links stay focusable (axe: aria-hidden-focus).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className="rounded-full outline-offset-2 transition-opacity hover:opacity-90"
        aria-label={t('header.accountMenu')}
        data-testid="profile-menu"
      >
        <Avatar src={user.avatarUrl} name={user.displayName} decorative />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-1.5">
          <span className="truncate">{user.displayName}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          <span className="flex flex-wrap gap-1.5">
            <Badge variant={isPremiumTier(tier) ? 'premium' : 'secondary'} data-testid="plan-badge">
              {TIER_BADGES[tier]}
            </Badge>
            {user.isDemo ? (
              <Badge variant="outline">
                <FlaskConical />
                {t('header.demoBadge')}
              </Badge>
            ) : null}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate(ROUTES.settings)}>
          <UserRound />
          {t('header.myProfile')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate(ROUTES.profile(user.username))}>
          <Globe />
          {t('profile.publicProfile')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate(ROUTES.personas)}>
          <VenetianMask />
          {t('nav.personas')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate(ROUTES.myBots)}>
          <Bot />
          {t('nav.myBots')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate(ROUTES.importSillyTavern)}>
          <FolderInput />
          {t('nav.importSillyTavern')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate(ROUTES.referrals)}>
          <Gift />
          {t('nav.referrals')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate(ROUTES.subscription)}>
          <CreditCard />
          {t('header.subscription')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={isLoggingOut}
          onSelect={(event) => {
            event.preventDefault();
            void logout();
          }}
          data-testid="logout"
        >
          {isLoggingOut ? <Loader2 className="animate-spin" /> : <LogOut />}
          {isLoggingOut ? t('header.loggingOut') : t('header.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
