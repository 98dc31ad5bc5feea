import { z } from 'zod';
import { LEVEL_MILESTONES, RANK_IDS, STREAK_BONUS, XP_PER_LEVEL } from './levels';

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
