/**
 * Levels, ranks and the XP table of the gamification layer (gamification.md §2.3, §4, §9; issue 17).
 * The one place that says how much each thing is worth; the server awards from it, the web app
 * shows it. Nothing here takes an amount from a client.
 */

/** XP per level: level = floor(totalXp / 1000) + 1, progress = totalXp mod 1000. */
export const XP_PER_LEVEL = 1000;

/** The top level: there a user may prestige (back to level 1, prestigeLevel + 1). */
export const MAX_LEVEL = 200;

/** Next-level milestones (§9): the first above the current level is the one shown. */
export const LEVEL_MILESTONES = [10, 25, 50, 75, 100, 150, 200] as const;

/** A daily-login streak of this many days or more multiplies the XP earned (§4: 'weekly streak'). */
export const STREAK_BONUS = { minDays: 7, multiplier: 1.5 } as const;

/**
 * What the server awards XP for when it sees it happen, and how much (base amounts, before the
 * streak, plan and rank multipliers). Each award is kept once per (source, source id), so a
 * repeated event pays nothing. Quest and achievement rewards and admin grants carry their own amount.
 */
export const XP_SOURCES = {
  /** A message the user sent in a chat (capped per local day, MESSAGE_XP_DAILY_CAP). */
  message: 5,
  /** The first chat with a bot the user had never chatted with (once per bot). */
  first_chat_with_bot: 20,
  /** A bot created (once per bot). */
  bot_created: 50,
  /** A bot made public for the first time (once per bot). */
  bot_published: 100,
  /** The first sign-in of a local day. */
  daily_login: 20,
  /** Someone added one of the user's bots to their favorites (once per bot and fan). */
  favorite_received: 10,
} as const;
export type XpEventSource = keyof typeof XP_SOURCES;
/** Every source an XP award can have: the events above and the awards with their own amounts. */
export const XP_AWARD_SOURCES = [
  ...(Object.keys(XP_SOURCES) as XpEventSource[]),
  'quest',
  'achievement',
  'admin_grant',
  'season_reward',
] as const;
export type XpSource = (typeof XP_AWARD_SOURCES)[number];

/** Message XP stops at this much per local day (100 messages), against farming. */
export const MESSAGE_XP_DAILY_CAP = 500;

export interface LevelProgress {
  level: number;
  /** XP within the current level (0–999). */
  xp: number;
  xpToNextLevel: number;
  totalXp: number;
}

/** The level arithmetic of §9. At the top level the bar stays full (prestige is the way on). */
export function levelOf(totalXp: number): LevelProgress {
  const total = Math.max(0, Math.floor(totalXp));
  const level = Math.min(MAX_LEVEL, Math.floor(total / XP_PER_LEVEL) + 1);
  if (level === MAX_LEVEL) return { level, xp: XP_PER_LEVEL, xpToNextLevel: 0, totalXp: total };
  const xp = total % XP_PER_LEVEL;
  return { level, xp, xpToNextLevel: XP_PER_LEVEL - xp, totalXp: total };
}

/** The first milestone above the level, or null past the last. */
export function nextMilestone(level: number): number | null {
  return LEVEL_MILESTONES.find((m) => m > level) ?? null;
}

export const RANK_IDS = ['bronze', 'silver', 'gold', 'platinum', 'diamond'] as const;
export type RankId = (typeof RANK_IDS)[number];

export type PerkType = 'daily_bonus_tokens' | 'favorites_limit' | 'profile_flair' | 'xp_bonus_percent';

export interface Rank {
  id: RankId;
  name: string;
  color: 'blue' | 'green' | 'yellow' | 'purple' | 'red' | 'default';
  minLevel: number;
  maxLevel: number;
  perks: { type: PerkType; value: number; description: string }[];
}

/**
 * The five ranks by level (§2.3) and the perks the server applies: extra tokens with the daily
 * bonus, a larger favorites list, a profile flair, and an XP bonus at the top.
 */
export const RANKS: readonly Rank[] = [
  {
    id: 'bronze',
    name: 'Bronze',
    color: 'default',
    minLevel: 1,
    maxLevel: 9,
    perks: [{ type: 'favorites_limit', value: 100, description: 'Up to 100 favorite bots' }],
  },
  {
    id: 'silver',
    name: 'Silver',
    color: 'blue',
    minLevel: 10,
    maxLevel: 24,
    perks: [
      { type: 'daily_bonus_tokens', value: 10, description: '+10 tokens with the daily bonus' },
      { type: 'favorites_limit', value: 200, description: 'Up to 200 favorite bots' },
    ],
  },
  {
    id: 'gold',
    name: 'Gold',
    color: 'yellow',
    minLevel: 25,
    maxLevel: 49,
    perks: [
      { type: 'daily_bonus_tokens', value: 25, description: '+25 tokens with the daily bonus' },
      { type: 'favorites_limit', value: 300, description: 'Up to 300 favorite bots' },
      { type: 'profile_flair', value: 1, description: 'A gold frame on the profile' },
    ],
  },
  {
    id: 'platinum',
    name: 'Platinum',
    color: 'purple',
    minLevel: 50,
    maxLevel: 99,
    perks: [
      { type: 'daily_bonus_tokens', value: 50, description: '+50 tokens with the daily bonus' },
      { type: 'favorites_limit', value: 500, description: 'Up to 500 favorite bots' },
      { type: 'profile_flair', value: 2, description: 'A platinum frame on the profile' },
    ],
  },
  {
    id: 'diamond',
    name: 'Diamond',
    color: 'red',
    minLevel: 100,
    maxLevel: MAX_LEVEL,
    perks: [
      { type: 'daily_bonus_tokens', value: 100, description: '+100 tokens with the daily bonus' },
      { type: 'favorites_limit', value: 1000, description: 'Up to 1,000 favorite bots' },
      { type: 'profile_flair', value: 3, description: 'A diamond frame on the profile' },
      { type: 'xp_bonus_percent', value: 10, description: '+10% XP' },
    ],
  },
];

/** The rank of a level. */
export function rankOf(level: number): Rank {
  return RANKS.find((r) => level >= r.minLevel && level <= r.maxLevel) ?? RANKS[0]!;
}

/** A perk's value for a level (0 when its rank has none). */
export function perkValue(level: number, type: PerkType): number {
  return rankOf(level).perks.find((p) => p.type === type)?.value ?? 0;
}

/**
 * The XP an award is worth: its base times the streak bonus (7+ days), the plan's multiplier and the
 * rank's XP bonus, rounded down. Sources without a base (rewards, grants) carry their own amount.
 */
export function awardedXp(base: number, factors: { streakDays: number; planMultiplier: number; level: number }): number {
  const streak = factors.streakDays >= STREAK_BONUS.minDays ? STREAK_BONUS.multiplier : 1;
  const rank = 1 + perkValue(factors.level, 'xp_bonus_percent') / 100;
  return Math.floor(base * streak * factors.planMultiplier * rank);
}

/** The rewards panel (§2.10): what each reward pays and what unlocks it. */
export const REWARDS = {
  /** Once per local day. */
  daily: { tokens: 50, target: 1 },
  /** Once per local week (from Monday), with a daily-login streak of 7 days or more. */
  weekly: { tokens: 200, target: 7 },
  /** Once, after 5 unlocked achievements. */
  achievements: { tokens: 500, target: 5 },
} as const;
export type RewardId = keyof typeof REWARDS;
export const REWARD_IDS = Object.keys(REWARDS) as RewardId[];
