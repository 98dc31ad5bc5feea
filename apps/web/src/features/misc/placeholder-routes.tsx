import type { LucideIcon } from 'lucide-react';
import {
  Activity,
  Award,
  Bell,
  BookOpen,
  ChartLine,
  Coins,
  Crown,
  FileText,
  Flame,
  Gamepad2,
  Gift,
  Handshake,
  History,
  LifeBuoy,
  Library,
  Mail,
  Settings2,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { GuardRules } from '@/app/route-guard';
import { PlaceholderPage } from '@/components/placeholder-page';

export interface PlaceholderRoute {
  path: string;
  /** The page's texts live under pages.{key} in the locales. */
  key: string;
  icon: LucideIcon;
  /** Absent: anyone may open the page. */
  guard?: GuardRules;
}

const signedIn: GuardRules = {};
/** Money and referral payouts need a proven address (anti-fraud). */
const verified: GuardRules = { requireVerifiedEmail: true };

/** Every page that the specs name and that a later release builds; each is real in the layout, with its purpose. */
export const PLACEHOLDER_ROUTES: PlaceholderRoute[] = [
  { path: '/explore/trending', key: 'trending', icon: Flame },
  { path: '/characters', key: 'characters', icon: Library, guard: signedIn },
  { path: '/collection', key: 'collection', icon: Library, guard: signedIn },
  { path: '/subscription', key: 'subscription', icon: Crown },
  { path: '/notifications', key: 'notifications', icon: Bell, guard: signedIn },
  { path: '/achievements', key: 'achievements', icon: Award, guard: signedIn },
  { path: '/tokens', key: 'tokens', icon: Coins, guard: signedIn },
  { path: '/referrals', key: 'referrals', icon: Gift, guard: verified },
  { path: '/partner/dashboard', key: 'partnerDashboard', icon: Handshake, guard: verified },
  { path: '/partner/games/new', key: 'partnerGamesNew', icon: Gamepad2, guard: verified },
  { path: '/partner/analytics', key: 'partnerAnalytics', icon: ChartLine, guard: verified },
  { path: '/partner/settings', key: 'partnerSettings', icon: Settings2, guard: verified },
  { path: '/monitoring-demo', key: 'monitoring', icon: Activity, guard: { roles: ['admin'] } },
  { path: '/comics', key: 'comics', icon: BookOpen },
  { path: '/games', key: 'games', icon: Gamepad2 },
  { path: '/help', key: 'help', icon: LifeBuoy },
  { path: '/contact', key: 'contact', icon: Mail },
  { path: '/affiliate', key: 'affiliate', icon: Handshake },
  { path: '/changelog', key: 'changelog', icon: History },
  { path: '/docs/getting-started', key: 'docs', icon: FileText },
];

export function RoutePlaceholder({ route }: { route: PlaceholderRoute }) {
  const { t } = useTranslation();
  const features = t(`pages.${route.key}.features`, { returnObjects: true, defaultValue: [] });
  return (
    <PlaceholderPage
      icon={route.icon}
      title={t(`pages.${route.key}.title`)}
      description={t(`pages.${route.key}.description`)}
      features={Array.isArray(features) ? (features as string[]) : []}
    />
  );
}
