/**
 * The 50 achievements (gamification.md §2.2, §9; issue 17): seven categories, five rarities, some
 * hidden. Every requirement is a number the server counts from its own data (achievements.ts on the
 * server); rewards are paid once, on claim.
 */
import type { ACHIEVEMENT_CATEGORIES, RARITIES } from './schemas';

export const REQUIREMENT_TYPES = [
  'messages_sent',
  'bots_chatted',
  'bots_created',
  'bots_published',
  'favorites_received',
  'followers',
  'following',
  'login_streak',
  'chat_streak',
  'level',
  'tokens_spent',
  'login_new_year',
  'login_valentines',
  'login_midsummer',
  'login_halloween',
  'login_winter_holidays',
] as const;
export type RequirementType = (typeof REQUIREMENT_TYPES)[number];

export type RewardType = 'xp' | 'tokens' | 'gems' | 'badge';
export type Rarity = (typeof RARITIES)[number];
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number];

export interface AchievementDef {
  id: string;
  name: string;
  description: string;
  /** A lucide icon name. */
  icon: string;
  category: AchievementCategory;
  rarity: Rarity;
  points: number;
  hidden: boolean;
  requirements: { type: RequirementType; value: number }[];
  rewards: { type: RewardType; value: number | string }[];
}

/** Points and rewards grow with rarity; legendary ones also give a badge of their own. */
const BY_RARITY: Record<Rarity, { points: number; rewards: AchievementDef['rewards'] }> = {
  common: { points: 10, rewards: [{ type: 'xp', value: 50 }] },
  uncommon: {
    points: 25,
    rewards: [
      { type: 'xp', value: 100 },
      { type: 'tokens', value: 10 },
    ],
  },
  rare: {
    points: 50,
    rewards: [
      { type: 'xp', value: 250 },
      { type: 'tokens', value: 50 },
    ],
  },
  epic: {
    points: 100,
    rewards: [
      { type: 'xp', value: 500 },
      { type: 'tokens', value: 100 },
      { type: 'gems', value: 10 },
    ],
  },
  legendary: {
    points: 250,
    rewards: [
      { type: 'xp', value: 1000 },
      { type: 'tokens', value: 250 },
      { type: 'gems', value: 50 },
    ],
  },
};

function a(
  id: string,
  name: string,
  description: string,
  icon: string,
  category: AchievementCategory,
  rarity: Rarity,
  type: RequirementType,
  value: number,
  hidden = false,
): AchievementDef {
  const { points, rewards } = BY_RARITY[rarity];
  return {
    id,
    name,
    description,
    icon,
    category,
    rarity,
    points,
    hidden,
    requirements: [{ type, value }],
    rewards: rarity === 'legendary' ? [...rewards, { type: 'badge', value: id }] : rewards,
  };
}

export const ACHIEVEMENTS: readonly AchievementDef[] = [
  // chat (9)
  a('first-words', 'First Words', 'Send your first message', 'message-circle', 'chat', 'common', 'messages_sent', 1),
  a('chatterbox', 'Chatterbox', 'Send 10 messages', 'messages-square', 'chat', 'common', 'messages_sent', 10),
  a('conversationalist', 'Conversationalist', 'Send 100 messages', 'message-square-text', 'chat', 'uncommon', 'messages_sent', 100),
  a('storyteller', 'Storyteller', 'Send 500 messages', 'book-open', 'chat', 'rare', 'messages_sent', 500),
  a('wordsmith', 'Wordsmith', 'Send 1,000 messages', 'feather', 'chat', 'epic', 'messages_sent', 1000),
  a('living-legend', 'Living Legend', 'Send 5,000 messages', 'crown', 'chat', 'legendary', 'messages_sent', 5000),
  a('three-day-talk', 'Three Days of Talk', 'Chat 3 days in a row', 'flame', 'chat', 'common', 'chat_streak', 3),
  a('week-of-words', 'A Week of Words', 'Chat 7 days in a row', 'flame', 'chat', 'uncommon', 'chat_streak', 7),
  a('month-of-words', 'A Month of Words', 'Chat 30 days in a row', 'flame', 'chat', 'epic', 'chat_streak', 30),
  // exploration (6)
  a('new-face', 'New Face', 'Chat with 3 different characters', 'compass', 'exploration', 'common', 'bots_chatted', 3),
  a('explorer', 'Explorer', 'Chat with 10 different characters', 'map', 'exploration', 'uncommon', 'bots_chatted', 10),
  a('globetrotter', 'Globetrotter', 'Chat with 25 different characters', 'globe', 'exploration', 'rare', 'bots_chatted', 25),
  a('cartographer', 'Cartographer', 'Chat with 50 different characters', 'map-pinned', 'exploration', 'epic', 'bots_chatted', 50),
  a(
    'everyones-friend',
    "Everyone's Friend",
    'Chat with 100 different characters',
    'users',
    'exploration',
    'legendary',
    'bots_chatted',
    100,
    true,
  ),
  a('first-contact', 'First Contact', 'Start a chat with a character', 'sparkles', 'exploration', 'common', 'bots_chatted', 1),
  // creation (9)
  a('creator', 'Creator', 'Create your first character', 'wand-sparkles', 'creation', 'common', 'bots_created', 1),
  a('workshop', 'Workshop', 'Create 5 characters', 'hammer', 'creation', 'uncommon', 'bots_created', 5),
  a('studio', 'Studio', 'Create 10 characters', 'palette', 'creation', 'rare', 'bots_created', 10),
  a('world-builder', 'World Builder', 'Create 25 characters', 'castle', 'creation', 'epic', 'bots_created', 25),
  a('on-stage', 'On Stage', 'Publish your first character', 'megaphone', 'creation', 'common', 'bots_published', 1),
  a('showrunner', 'Showrunner', 'Publish 5 characters', 'clapperboard', 'creation', 'rare', 'bots_published', 5),
  a('franchise', 'Franchise', 'Publish 10 characters', 'film', 'creation', 'epic', 'bots_published', 10),
  a('first-fan', 'First Fan', 'Someone added one of your characters to favorites', 'heart', 'creation', 'common', 'favorites_received', 1),
  a(
    'crowd-pleaser',
    'Crowd Pleaser',
    'Your characters were added to favorites 100 times',
    'heart-handshake',
    'creation',
    'legendary',
    'favorites_received',
    100,
  ),
  // social (8)
  a('noticed', 'Noticed', 'Get your first follower', 'user-plus', 'social', 'common', 'followers', 1),
  a('rising-star', 'Rising Star', 'Get 10 followers', 'star', 'social', 'uncommon', 'followers', 10),
  a('influencer', 'Influencer', 'Get 50 followers', 'trending-up', 'social', 'rare', 'followers', 50),
  a('celebrity', 'Celebrity', 'Get 100 followers', 'award', 'social', 'epic', 'followers', 100),
  a('icon', 'Icon', 'Get 500 followers', 'gem', 'social', 'legendary', 'followers', 500, true),
  a('fan-club', 'Fan Club', 'Follow another creator', 'user-check', 'social', 'common', 'following', 1),
  a('networker', 'Networker', 'Follow 10 creators', 'network', 'social', 'uncommon', 'following', 10),
  a('beloved', 'Beloved', 'Your characters were added to favorites 25 times', 'hand-heart', 'social', 'rare', 'favorites_received', 25),
  // loyalty (11)
  a('regular', 'Regular', 'Sign in 3 days in a row', 'calendar-check', 'loyalty', 'common', 'login_streak', 3),
  a('devoted', 'Devoted', 'Sign in 7 days in a row', 'calendar-heart', 'loyalty', 'uncommon', 'login_streak', 7),
  a('fortnight', 'Fortnight', 'Sign in 14 days in a row', 'calendar-range', 'loyalty', 'rare', 'login_streak', 14),
  a('month-strong', 'Month Strong', 'Sign in 30 days in a row', 'calendar-days', 'loyalty', 'epic', 'login_streak', 30),
  a('unbreakable', 'Unbreakable', 'Sign in 100 days in a row', 'shield', 'loyalty', 'legendary', 'login_streak', 100),
  a('year-round', 'Year Round', 'Sign in 365 days in a row', 'infinity', 'loyalty', 'legendary', 'login_streak', 365, true),
  a('level-10', 'Apprentice', 'Reach level 10', 'trending-up', 'loyalty', 'common', 'level', 10),
  a('level-25', 'Adept', 'Reach level 25', 'medal', 'loyalty', 'uncommon', 'level', 25),
  a('level-50', 'Expert', 'Reach level 50', 'trophy', 'loyalty', 'rare', 'level', 50),
  a('level-100', 'Master', 'Reach level 100', 'crown', 'loyalty', 'epic', 'level', 100),
  a('level-200', 'Grandmaster', 'Reach the top level', 'sparkles', 'loyalty', 'legendary', 'level', 200, true),
  // special (2)
  a('patron', 'Patron', 'Spend 1,000 tokens on replies', 'coins', 'special', 'uncommon', 'tokens_spent', 1000),
  a('benefactor', 'Benefactor', 'Spend 10,000 tokens on replies', 'banknote', 'special', 'epic', 'tokens_spent', 10000),
  // seasonal (5)
  a('new-year', 'Fresh Start', 'Sign in on New Year’s Day', 'party-popper', 'seasonal', 'rare', 'login_new_year', 1, true),
  a('valentine', 'Sweetheart', 'Sign in on Valentine’s Day', 'heart', 'seasonal', 'rare', 'login_valentines', 1, true),
  a('midsummer', 'Midsummer', 'Sign in on the longest day of the year (21 June)', 'sun', 'seasonal', 'rare', 'login_midsummer', 1, true),
  a('spooky', 'Spooky', 'Sign in on Halloween', 'ghost', 'seasonal', 'rare', 'login_halloween', 1, true),
  a('festive', 'Festive', 'Sign in between 24 and 26 December', 'gift', 'seasonal', 'rare', 'login_winter_holidays', 1, true),
];

/** The local days (MM-DD) that the seasonal requirements look for among the days signed in. */
export const SEASONAL_DAYS: Partial<Record<RequirementType, readonly string[]>> = {
  login_new_year: ['01-01'],
  login_valentines: ['02-14'],
  login_midsummer: ['06-21'],
  login_halloween: ['10-31'],
  login_winter_holidays: ['12-24', '12-25', '12-26'],
};

/** Progress in percent: the least advanced requirement, rounded down, at most 100. */
export function progressOf(def: AchievementDef, counts: Partial<Record<RequirementType, number>>): number {
  return Math.min(...def.requirements.map((r) => Math.min(100, Math.floor(((counts[r.type] ?? 0) / r.value) * 100))));
}
