import { z } from 'zod';
import { ZAppearanceSettings } from '../account/sections';
import { ZDataSettingsAnswer } from '../account-data/settings';
import { ZAppInfo } from '../app/schemas';
import { ZGemBalance } from '../gems/schemas';
import { ZCurrentSession } from '../auth/schemas';
import { ZGamificationConfig, ZGamificationUser, ZMissionList, ZRewardList, ZUserAchievementList } from '../gamification/schemas';
import { ZLiveCookieAnswer } from '../live/schemas';
import { ZNotificationList } from '../notifications/schemas';
import { ZNotificationSettings } from '../notifications/settings';
import { ZSubscription } from '../subscriptions/schemas';
import { ZTokenBalance } from '../tokens/schemas';

/** The bell's first page, as the shell carries it: GET /api/user/notifications?page=1&limit=10&unreadOnly=false. */
export const SHELL_BELL_PAGE = { page: 1, limit: 10, unreadOnly: false } as const;

/**
 * What the app shell applies (decision 043). Each is the answer of its own route (GET /api/app/info,
 * GET /api/gamification/config) until issue 39's flags; more keys can join without breaking a reader.
 */
export const ZShellFlags = z.object({ app: ZAppInfo, gamification: ZGamificationConfig });

/**
 * GET /api/shell: everything the signed-in app shell needs in one call (decision 043). Each part is
 * exactly what its own route answers, so the web app seeds its caches with them.
 */
export const ZShell = z.object({
  /** GET /api/auth/session */
  session: ZCurrentSession,
  /** GET /api/tokens/balance */
  balance: ZTokenBalance,
  /** GET /api/gems: the gem panel's (the tokens page, the season pass), a call fewer on those pages */
  gems: ZGemBalance,
  /** GET /api/subscription (the tier) */
  subscription: ZSubscription,
  /** The bell's first page with the unread count (SHELL_BELL_PAGE) */
  notifications: ZNotificationList,
  /** The settings the shell applies: GET /api/user/settings/{appearance,notifications,data} */
  settings: z.object({ appearance: ZAppearanceSettings, notifications: ZNotificationSettings, data: ZDataSettingsAnswer }),
  /** The sidebar widget's: GET /api/gamification/user/{me}, /missions, /rewards, /user/achievements */
  gamification: z.object({ user: ZGamificationUser, missions: ZMissionList, rewards: ZRewardList, achievements: ZUserAchievementList }),
  /** The event stream's cookie is set by this answer as POST /api/events/cookie sets it; its answer. */
  live: ZLiveCookieAnswer,
  flags: ZShellFlags,
});
export type Shell = z.infer<typeof ZShell>;
