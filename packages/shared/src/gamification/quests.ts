/**
 * Quests, also called missions (gamification.md §2.4, §4; issue 17): seven types, objectives the
 * server counts from what happened since the quest was started, and the lifecycle
 * available → active → completed → claimed (abandon loses the progress; a restart waits a cooldown).
 */
import type { QUEST_TYPES } from './schemas';

export type QuestType = (typeof QUEST_TYPES)[number];

export const OBJECTIVE_TYPES = [
  'messages_sent',
  'bots_chatted',
  'bots_created',
  'bots_published',
  'days_logged_in',
  'favorites_given',
  'users_followed',
] as const;
export type ObjectiveType = (typeof OBJECTIVE_TYPES)[number];

export interface QuestDef {
  id: string;
  name: string;
  type: QuestType;
  category: 'chat' | 'exploration' | 'creation' | 'social' | 'loyalty';
  description: string;
  objectives: { id: string; type: ObjectiveType; description: string; requiredValue: number }[];
  rewards: { type: 'xp' | 'tokens'; value: number; description: string }[];
}

/** After abandoning a quest, how long before it can be started again. */
export const QUEST_RESTART_COOLDOWN_MS = 60 * 60 * 1000;

const xp = (value: number) => ({ type: 'xp' as const, value, description: `${value} XP` });
const tokens = (value: number) => ({ type: 'tokens' as const, value, description: `${value} tokens` });
const objective = (id: string, type: ObjectiveType, requiredValue: number, description: string) => ({
  id,
  type,
  requiredValue,
  description,
});

export const QUESTS: readonly QuestDef[] = [
  {
    id: 'daily-chat',
    name: 'Daily Chat',
    type: 'daily',
    category: 'chat',
    description: 'Send 5 messages today',
    objectives: [objective('messages', 'messages_sent', 5, 'Send 5 messages')],
    rewards: [xp(50), tokens(10)],
  },
  {
    id: 'daily-explorer',
    name: 'Daily Explorer',
    type: 'daily',
    category: 'exploration',
    description: 'Chat with 2 different characters today',
    objectives: [objective('characters', 'bots_chatted', 2, 'Chat with 2 different characters')],
    rewards: [xp(60), tokens(10)],
  },
  {
    id: 'weekly-regular',
    name: 'Regular',
    type: 'weekly',
    category: 'loyalty',
    description: 'Sign in on 5 days this week',
    objectives: [objective('days', 'days_logged_in', 5, 'Sign in on 5 days')],
    rewards: [xp(200), tokens(50)],
  },
  {
    id: 'weekly-talker',
    name: 'Talker',
    type: 'weekly',
    category: 'chat',
    description: 'Send 50 messages this week',
    objectives: [objective('messages', 'messages_sent', 50, 'Send 50 messages')],
    rewards: [xp(250), tokens(50)],
  },
  {
    id: 'weekly-curator',
    name: 'Curator',
    type: 'weekly',
    category: 'exploration',
    description: 'Add 3 characters to your favorites this week',
    objectives: [objective('favorites', 'favorites_given', 3, 'Favorite 3 characters')],
    rewards: [xp(150)],
  },
  {
    id: 'monthly-marathon',
    name: 'Marathon',
    type: 'monthly',
    category: 'chat',
    description: 'Send 300 messages this month',
    objectives: [objective('messages', 'messages_sent', 300, 'Send 300 messages')],
    rewards: [xp(1000), tokens(200)],
  },
  {
    id: 'monthly-creator',
    name: 'Monthly Creator',
    type: 'monthly',
    category: 'creation',
    description: 'Publish 2 characters this month',
    objectives: [objective('published', 'bots_published', 2, 'Publish 2 characters')],
    rewards: [xp(800), tokens(150)],
  },
  {
    id: 'seasonal-storyteller',
    name: 'Storyteller of the Season',
    type: 'seasonal',
    category: 'chat',
    description: 'Send 500 messages with 10 different characters this season',
    objectives: [
      objective('messages', 'messages_sent', 500, 'Send 500 messages'),
      objective('characters', 'bots_chatted', 10, 'Chat with 10 different characters'),
    ],
    rewards: [xp(2000), tokens(500)],
  },
  {
    id: 'story-first-steps',
    name: 'First Steps',
    type: 'story',
    category: 'chat',
    description: 'Meet a character and talk for a while',
    objectives: [
      objective('character', 'bots_chatted', 1, 'Start a chat with a character'),
      objective('messages', 'messages_sent', 10, 'Send 10 messages'),
    ],
    rewards: [xp(100), tokens(20)],
  },
  {
    id: 'tutorial-creator',
    name: 'Make Your Own',
    type: 'tutorial',
    category: 'creation',
    description: 'Create a character and publish it',
    objectives: [objective('create', 'bots_created', 1, 'Create a character'), objective('publish', 'bots_published', 1, 'Publish it')],
    rewards: [xp(150), tokens(30)],
  },
  {
    id: 'tutorial-social',
    name: 'Find Your People',
    type: 'tutorial',
    category: 'social',
    description: 'Follow a creator and favorite a character',
    objectives: [
      objective('follow', 'users_followed', 1, 'Follow a creator'),
      objective('favorite', 'favorites_given', 1, 'Favorite a character'),
    ],
    rewards: [xp(100), tokens(20)],
  },
  {
    id: 'challenge-polyglot',
    name: 'Polyglot',
    type: 'challenge',
    category: 'exploration',
    description: 'Chat with 5 different characters within 7 days of starting',
    objectives: [objective('characters', 'bots_chatted', 5, 'Chat with 5 different characters')],
    rewards: [xp(500), tokens(100)],
  },
];

/** Progress in percent: the share of completed objectives, rounded (§4). */
export function questProgressPercent(progress: { completed: boolean }[]): number {
  return progress.length === 0 ? 0 : Math.round((progress.filter((p) => p.completed).length / progress.length) * 100);
}
