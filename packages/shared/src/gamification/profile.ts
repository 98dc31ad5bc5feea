import { z } from 'zod';
import { ACHIEVEMENTS, type AchievementDef } from './achievements';
import { RANK_IDS } from './levels';
import { ACHIEVEMENT_CATEGORIES, RARITIES, RARITY_WEIGHTS, ZUserLevel } from './schemas';

/**
 * The profile's gamification blocks (gamification.md §2.11; issue 17): the activity feed, the
 * stats grid and the achievements of /profile/{username}, all counted by the server from its own
 * tables; and the caller's own POST /activity and POST /prestige.
 */

export const ACTIVITY_TYPES = ['level_up', 'achievement_unlocked', 'bot_published', 'chat_started', 'bot_liked', 'user_followed'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ACTIVITY_PAGE_DEFAULT = 20;
export const ACTIVITY_PAGE_MAX = 50;

/** `?limit=&cursor=`: the next page starts after the cursor (the nextCursor of the previous answer). */
export const ZActivityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).default(ACTIVITY_PAGE_DEFAULT),
  cursor: z
    .string()
    .regex(/^\d{1,17}~[a-z_]{1,30}:[A-Za-z0-9:_-]{1,100}$/, 'The cursor is the nextCursor of a previous page')
    .optional(),
});
export type ActivityQuery = z.infer<typeof ZActivityQuery>;

const ZActivityBot = z.object({ id: z.string(), name: z.string(), avatarUrl: z.string().nullable() });
const ZActivityUser = z.object({ id: z.string(), username: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() });
const item = <T extends ActivityType, D extends z.ZodType>(type: T, data: D) =>
  z.object({ id: z.string(), type: z.literal(type), createdAt: z.string(), data });

/** One entry of the feed; `data` depends on the type. */
export const ZActivityItem = z.discriminatedUnion('type', [
  item('level_up', z.object({ level: z.number().int(), prestigeLevel: z.number().int() })),
  item(
    'achievement_unlocked',
    z.object({ achievementId: z.string(), name: z.string(), icon: z.string(), rarity: z.enum(RARITIES), points: z.number().int() }),
  ),
  item('bot_published', z.object({ bot: ZActivityBot })),
  item('chat_started', z.object({ bot: ZActivityBot })),
  item('bot_liked', z.object({ bot: ZActivityBot })),
  item('user_followed', z.object({ user: ZActivityUser })),
]);
export type ActivityItem = z.infer<typeof ZActivityItem>;

/** GET /api/users/{username}/activity: newest first. */
export const ZActivityPage = z.object({
  items: z.array(ZActivityItem),
  /** Pass as `cursor` for the next (older) page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof ZActivityPage>;

/** GET /api/users/{username}/stats: the eight numbers of the stats grid. */
export const ZProfileStats = z.object({
  totalChats: z.number().int(),
  botsCreated: z.number().int(),
  /** Achievements unlocked. */
  achievements: z.number().int(),
  totalXp: z.number().int(),
  level: z.number().int(),
  prestigeLevel: z.number().int(),
  rank: z.object({ id: z.enum(RANK_IDS), name: z.string(), color: z.string() }),
  followers: z.number().int(),
  /** Favorites received on the user's bots. */
  totalLikes: z.number().int(),
  /** The current daily-login streak, in days. */
  currentStreak: z.number().int(),
  /** The share of the 50 achievements unlocked, in whole percent. */
  completion: z.number().int(),
});
export type ProfileStats = z.infer<typeof ZProfileStats>;

/** How many achievements a profile features. */
export const FEATURED_ACHIEVEMENTS = 3;

export const ZProfileAchievement = z.object({
  achievementId: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  category: z.enum(ACHIEVEMENT_CATEGORIES),
  rarity: z.enum(RARITIES),
  points: z.number().int(),
  hidden: z.boolean(),
  unlockedAt: z.string(),
  /** One of the (up to 3) the profile features: the rarest, then the most points, then the latest. */
  featured: z.boolean(),
});
export type ProfileAchievement = z.infer<typeof ZProfileAchievement>;

/** GET /api/users/{username}/achievements: what the user unlocked (newest first) and the badges they wear. */
export const ZProfileAchievements = z.object({
  items: z.array(ZProfileAchievement),
  /** Every achievement there is (the denominator of the completion). */
  total: z.number().int(),
  badges: z.array(z.object({ badgeId: z.string(), acquiredAt: z.string() })),
});
export type ProfileAchievements = z.infer<typeof ZProfileAchievements>;

/**
 * The featured ones among unlocked achievements: the rarest first (legendary 5 … common 1), then
 * the most points, then the latest unlocked.
 */
export function featuredOf<T extends { rarity: AchievementDef['rarity']; points: number; unlockedAt: string }>(
  unlocked: readonly T[],
  count = FEATURED_ACHIEVEMENTS,
): T[] {
  return [...unlocked]
    .sort((a, b) => RARITY_WEIGHTS[b.rarity] - RARITY_WEIGHTS[a.rarity] || b.points - a.points || b.unlockedAt.localeCompare(a.unlockedAt))
    .slice(0, count);
}

export const TOTAL_ACHIEVEMENTS = ACHIEVEMENTS.length;

const ACHIEVEMENT_BY_ID = new Map(ACHIEVEMENTS.map((d) => [d.id, d]));
/** An achievement of the catalogue by id (a badge's id is its legendary achievement's), or undefined. */
export const achievementById = (id: string): AchievementDef | undefined => ACHIEVEMENT_BY_ID.get(id);

/** POST /api/gamification/activity: any body; nothing in it is counted. */
export const ZActivityBody = z.object({}).loose().nullish();
/**
 * POST /api/gamification/activity: what the recount found. `xpGained` is the XP of awards the
 * server had missed (a message, a first chat, a bot created or published, a favorite received in the
 * last 7 days whose event never arrived, e.g. lost in a restart): 0 when nothing was pending.
 */
export const ZActivityAnswer = z.object({
  xpGained: z.number().int(),
  achievementsProgress: z.array(z.object({ achievementId: z.string(), progress: z.number().int(), unlocked: z.boolean() })),
});
export type ActivityAnswer = z.infer<typeof ZActivityAnswer>;

/** POST /api/gamification/prestige: the level after it (level 1, prestigeLevel + 1). */
export const ZPrestigeAnswer = ZUserLevel;
