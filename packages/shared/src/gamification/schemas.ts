import { z } from 'zod';
import { LEVEL_MILESTONES, RANK_IDS, REWARD_IDS, STREAK_BONUS, XP_PER_LEVEL } from './levels';
import { STREAK_TYPES } from './streaks';

/** Achievement rarities with their sort weights (§9), categories and quest types. */
export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export const RARITY_WEIGHTS = { common: 1, uncommon: 2, rare: 3, epic: 4, legendary: 5 } as const;
export const ACHIEVEMENT_CATEGORIES = ['chat', 'creation', 'social', 'exploration', 'loyalty', 'special', 'seasonal'] as const;
export const QUEST_TYPES = ['daily', 'weekly', 'monthly', 'seasonal', 'story', 'tutorial', 'challenge'] as const;

/** GET /api/gamification/config */
export const ZGamificationConfig = z.object({
  enabled: z.literal(true),
  xpPerLevel: z.literal(XP_PER_LEVEL),
  milestones: z.array(z.number().int()),
  streakBonus: z.object({ minDays: z.literal(STREAK_BONUS.minDays), multiplier: z.literal(STREAK_BONUS.multiplier) }),
  rarities: z.array(z.enum(RARITIES)),
  categories: z.array(z.enum(ACHIEVEMENT_CATEGORIES)),
  questTypes: z.array(z.enum(QUEST_TYPES)),
});
export type GamificationConfig = z.infer<typeof ZGamificationConfig>;

export const GAMIFICATION_CONFIG: GamificationConfig = {
  enabled: true,
  xpPerLevel: XP_PER_LEVEL,
  milestones: [...LEVEL_MILESTONES],
  streakBonus: { minDays: STREAK_BONUS.minDays, multiplier: STREAK_BONUS.multiplier },
  rarities: [...RARITIES],
  categories: [...ACHIEVEMENT_CATEGORIES],
  questTypes: [...QUEST_TYPES],
};

export const ZRank = z.object({
  id: z.enum(RANK_IDS),
  name: z.string(),
  color: z.enum(['blue', 'green', 'yellow', 'purple', 'red', 'default']),
  minLevel: z.number().int(),
  maxLevel: z.number().int(),
  perks: z.array(
    z.object({
      type: z.enum(['daily_bonus_tokens', 'favorites_limit', 'profile_flair', 'xp_bonus_percent']),
      value: z.number(),
      description: z.string(),
    }),
  ),
});

/** GET /api/gamification/ranks */
export const ZRankList = z.object({ items: z.array(ZRank) });

export const ZRewardParams = z.object({ id: z.enum(REWARD_IDS as [string, ...string[]], { error: 'Reward not found' }) });

/** GET /api/gamification/rewards */
export const ZRewardList = z.object({
  items: z.array(
    z.object({
      id: z.enum(REWARD_IDS as [string, ...string[]]),
      tokens: z.number().int(),
      status: z.enum(['claimable', 'locked', 'claimed']),
      progress: z.object({ current: z.number().int(), target: z.number().int() }),
    }),
  ),
});
export type RewardList = z.infer<typeof ZRewardList>;

/** POST /api/gamification/rewards/{id}/claim: the token balance after the reward. */
export const ZRewardClaim = z.object({ balance: z.number().int(), tokens: z.number().int() });

/** POST /api/gamification/streaks */
export const ZStreakBody = z.object({ type: z.enum(STREAK_TYPES, { error: 'Unknown streak type' }) }).strict();
export const ZStreak = z.object({
  type: z.enum(STREAK_TYPES),
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  milestone: z.number().int().nullable(),
});

/** POST /api/gamification/xp: an admin's audited grant to a user. */
export const ZXpGrantBody = z
  .object({
    amount: z.number().int('A whole number of XP').min(1, 'At least 1 XP').max(100_000, 'At most 100,000 XP at once'),
    source: z.string().trim().min(1, 'Say why').max(200),
    userId: z.uuid('User not found'),
  })
  .strict();
export const ZXpGrant = z.object({ levelUp: z.boolean(), newLevel: z.number().int(), totalXp: z.number().int(), userId: z.string() });

const ZAchievementReward = z.object({ type: z.enum(['xp', 'tokens', 'gems', 'badge']), value: z.union([z.number(), z.string()]) });

/** GET /api/gamification/achievements: the 50, a hidden one the caller hasn't unlocked masked. */
export const ZAchievementList = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      icon: z.string(),
      category: z.enum(ACHIEVEMENT_CATEGORIES),
      rarity: z.enum(RARITIES),
      points: z.number().int(),
      hidden: z.boolean(),
      requirements: z.array(z.object({ type: z.string(), value: z.number() })),
      rewards: z.array(ZAchievementReward),
      /** The share of players who unlocked it, in percent (one decimal). */
      unlockedShare: z.number(),
    }),
  ),
});
export type AchievementList = z.infer<typeof ZAchievementList>;

/** GET /api/gamification/user/achievements */
export const ZUserAchievementList = z.object({
  items: z.array(
    z.object({
      achievementId: z.string(),
      progress: z.number().int(),
      completed: z.boolean(),
      claimed: z.boolean(),
      claimedAt: z.string().nullable(),
      unlockedAt: z.string().nullable(),
    }),
  ),
});
export type UserAchievementList = z.infer<typeof ZUserAchievementList>;

export const ZAchievementParams = z.object({ id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Achievement not found') });
/** POST /api/gamification/achievements/{id}/claim */
export const ZAchievementClaim = z.object({ rewards: z.array(ZAchievementReward) });

/** POST /api/gamification/track: the body names what happened; the server counts it itself. */
export const ZTrackBody = z.object({ type: z.string().trim().min(1).max(60), value: z.number().optional() }).strict();
export const ZTrackAnswer = z.object({ items: z.array(z.object({ achievementId: z.string(), unlocked: z.literal(true) })) });

/** Badges: up to this many equipped, shown on the profile. */
export const MAX_EQUIPPED_BADGES = 3;
export const ZBadge = z.object({ badgeId: z.string(), source: z.string(), equipped: z.boolean(), acquiredAt: z.string() });
export const ZBadgeList = z.object({ items: z.array(ZBadge) });
export const ZBadgeParams = z.object({ id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Badge not found') });

export const ZQuestParams = z.object({ id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Quest not found') });

/** A user's run of a quest (§3 'User quest'); `progress` is parallel to the quest's objectives. */
export const ZUserQuest = z.object({
  id: z.string(),
  questId: z.string(),
  status: z.enum(['active', 'completed', 'claimed', 'abandoned']),
  progress: z.array(z.object({ objectiveId: z.string(), currentValue: z.number().int(), completed: z.boolean() })),
  progressPercent: z.number().int(),
  /** An active run past its end: it can no longer be completed. */
  expired: z.boolean(),
  startedAt: z.string(),
  expiresAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  claimedAt: z.string().nullable(),
  /** After abandoning: when the quest can be started again. */
  restartAt: z.string().nullable(),
});
export type UserQuest = z.infer<typeof ZUserQuest>;

const ZQuestReward = z.object({ type: z.enum(['xp', 'tokens']), value: z.number().int(), description: z.string() });

/** GET /api/gamification/missions: every quest with the caller's run of it now (null: available). */
export const ZMissionList = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.enum(QUEST_TYPES),
      category: z.string(),
      description: z.string(),
      objectives: z.array(z.object({ id: z.string(), type: z.string(), description: z.string(), requiredValue: z.number().int() })),
      rewards: z.array(ZQuestReward),
      userQuest: ZUserQuest.nullable(),
    }),
  ),
});
export type MissionList = z.infer<typeof ZMissionList>;

/** POST /api/gamification/quests/{id}/claim */
export const ZQuestClaim = z.object({ rewards: z.array(ZQuestReward), userQuest: ZUserQuest });

export const ZUserLevel = z.object({
  level: z.number().int(),
  xp: z.number().int(),
  xpToNextLevel: z.number().int(),
  totalXp: z.number().int(),
  streakDays: z.number().int(),
  prestigeLevel: z.number().int(),
  rank: ZRank,
  nextMilestone: z.number().int().nullable(),
});

/**
 * GET /api/gamification/user/{userId}: the caller's own level, open quests, streaks and tokens spent
 * on replies (the game profile's stats, §2.6); another's level only.
 */
export const ZGamificationUser = z.object({
  level: ZUserLevel,
  quests: z.array(ZUserQuest).optional(),
  streaks: z.array(ZStreak).optional(),
  tokensSpent: z.number().int().nonnegative().optional(),
});
export type GamificationUser = z.infer<typeof ZGamificationUser>;
export const ZGamificationUserParams = z.object({ userId: z.uuid('User not found') });
