import { BarChart3, Crown, Swords, Target, Ticket, Trophy, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { GamificationWidget } from './gamification-widget';
import './texts';

const LINKS: { to: string; key: string; icon: LucideIcon }[] = [
  { to: ROUTES.achievements, key: 'achievements', icon: Trophy },
  { to: ROUTES.missions, key: 'missions', icon: Target },
  { to: ROUTES.gamification, key: 'gamification', icon: BarChart3 },
  { to: ROUTES.challenges, key: 'challenges', icon: Swords },
  { to: ROUTES.season, key: 'season', icon: Ticket },
  { to: ROUTES.leaderboards, key: 'leaderboards', icon: Crown },
];

/**
 * The sidebar's (and the phone drawer's) gamification part, signed in only: the links to
 * Achievements, Missions, the game profile, the Leaderboards, Challenges and the Season Pass, and the compact
 * widget (§2.5). It comes after the
 * first paint, with its texts, so that the entry of `/` stays as it was.
 */
export function SidebarGamification({
  linkClass,
  onNavigate,
}: {
  linkClass: (state: { isActive: boolean }) => string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid shrink-0 gap-1" data-testid="sidebar-gamification">
      <div className="my-2 h-px bg-border" />
      {LINKS.map(({ to, key, icon: Icon }) => (
        <NavLink key={to} to={to} className={linkClass} onClick={onNavigate}>
          <Icon />
          <span className="flex-1">{t(`gamification.nav.${key}`)}</span>
        </NavLink>
      ))}
      <GamificationWidget compact showLinks={false} onNavigate={onNavigate} className="mt-2" />
    </div>
  );
}
