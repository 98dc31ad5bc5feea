/**
 * The areas whose English texts are not in the entry: only their own pages use them, and each
 * page module imports the area's `texts.ts`, which adds them (lib/i18n.ts excludes them from the
 * eager glob). lazy-texts.test.ts checks that the glob and every page that uses them agree.
 */
export const LAZY_TEXTS = [
  'admin',
  'referrals',
  'subscriptions',
  'tokens',
  'gems',
  'purchases',
  'gamification',
  'notifications',
  'search',
  'challenges',
  'season-pass',
  'leaderboards',
  'lorebooks',
  'personas',
  'chat-groups',
  'imports',
  'chats',
  'integrations',
  'security',
  'bots/editor',
  'notifications/settings',
  'bots/my-bots',
  'bots/statistics',
  'account/transfer',
  'account/privacy',
  'profile/gamification',
  'auth',
  'account-data',
  'account/profile',
  'profile',
  'settings',
  'account/appearance',
] as const;
