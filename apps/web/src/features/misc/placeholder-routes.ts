import type { GuardRules } from '@/app/route-guard';

export interface PlaceholderRoute {
  path: string;
  /** The page's texts live under pages.{key} in the locales; its icon is in route-placeholder.tsx. */
  key: string;
  /** Absent: anyone may open the page. */
  guard?: GuardRules;
}

const signedIn: GuardRules = {};
/** Money and referral payouts need a proven address (anti-fraud). */
const verified: GuardRules = { requireVerifiedEmail: true };

/** Every page that the specs name and that a later release builds; each is real in the layout, with its purpose. */
export const PLACEHOLDER_ROUTES: PlaceholderRoute[] = [
  { path: '/explore/trending', key: 'trending' },
  { path: '/characters', key: 'characters', guard: signedIn },
  { path: '/collection', key: 'collection', guard: signedIn },
  { path: '/partner/dashboard', key: 'partnerDashboard', guard: verified },
  { path: '/partner/games/new', key: 'partnerGamesNew', guard: verified },
  { path: '/partner/analytics', key: 'partnerAnalytics', guard: verified },
  { path: '/partner/settings', key: 'partnerSettings', guard: verified },
  { path: '/monitoring-demo', key: 'monitoring', guard: { roles: ['admin'] } },
  { path: '/comics', key: 'comics' },
  { path: '/games', key: 'games' },
  { path: '/help', key: 'help' },
  { path: '/contact', key: 'contact' },
  { path: '/affiliate', key: 'affiliate' },
  { path: '/changelog', key: 'changelog' },
  { path: '/docs/getting-started', key: 'docs' },
];
