/**
 * Challenges (gamification.md §3, §7; issue 19): timed contests played in rooms. A ranked
 * challenge's score is counted by the server from its own rows (messages, XP awards, bots
 * published) between the room's start and end; no client says what it scored. A casual mini-game
 * takes the score its page reports, and pays nothing.
 */

/** What a challenge counts for each player between the room's start and its end. */
export const CHALLENGE_METRICS = [
  /** Messages the player sent in chats. */
  'messages',
  /** Distinct bots the player sent a message to. */
  'distinct_bots',
  /** XP the player was awarded (the gamification layer's awards). */
  'xp',
  /** A bot created and first published during the room, with the challenge's tag: 1, and who did it first. */
  'published_with_tag',
  /** A casual mini-game: the best score the page reported (not ranked, no reward). */
  'client_score',
] as const;
export type ChallengeMetric = (typeof CHALLENGE_METRICS)[number];

export interface ChallengeDef {
  id: string;
  name: string;
  description: string;
  icon: string;
  metric: ChallengeMetric;
  /** Ranked: counted from the server's rows, pays rewards. Casual: the page's score, no reward. */
  ranked: boolean;
  durationMinutes: number;
  /** Players a room holds unless its creator chose otherwise (MIN_PLAYERS–MAX_PLAYERS). */
  defaultPlayers: number;
  /** Tokens paid to the 1st, 2nd, 3rd… place of a ranked room (players who tie share the place). */
  rewards: number[];
  /** published_with_tag: the tag (lower case) the bot must carry. */
  tag?: string;
  /** client_score: the highest score a page may report (more is refused). */
  maxScore?: number;
}

/** A room holds at least two players (a contest) and at most ten. */
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 10;
/** A room waits this long for players after it is created; it starts sooner when it is full. */
export const ROOM_LOBBY_MS = 3 * 60_000;
/** Rewards need this many players in the room: a room played alone pays nothing (against farming). */
export const MIN_PLAYERS_FOR_REWARDS = 2;

export const CHALLENGES: readonly ChallengeDef[] = [
  {
    id: 'message-sprint',
    name: 'Message Sprint',
    description: 'Send the most messages in 15 minutes',
    icon: 'message-square-text',
    metric: 'messages',
    ranked: true,
    durationMinutes: 15,
    defaultPlayers: 4,
    rewards: [100, 50, 25],
  },
  {
    id: 'explorer-hour',
    name: 'Explorer Hour',
    description: 'Chat with the most different bots in an hour',
    icon: 'compass',
    metric: 'distinct_bots',
    ranked: true,
    durationMinutes: 60,
    defaultPlayers: 4,
    rewards: [150, 75, 30],
  },
  {
    id: 'xp-day',
    name: 'XP Marathon',
    description: 'Earn the most XP in a day',
    icon: 'trending-up',
    metric: 'xp',
    ranked: true,
    durationMinutes: 24 * 60,
    defaultPlayers: 6,
    rewards: [300, 150, 75],
  },
  {
    id: 'fantasy-publish-race',
    name: 'Fantasy Publish Race',
    description: "Be the first to create and publish a bot tagged 'fantasy'",
    icon: 'wand-sparkles',
    metric: 'published_with_tag',
    tag: 'fantasy',
    ranked: true,
    durationMinutes: 120,
    defaultPlayers: 4,
    rewards: [200],
  },
  {
    id: 'tap-sprint',
    name: 'Tap Sprint',
    description: 'Tap as fast as you can for one minute, just for fun',
    icon: 'zap',
    metric: 'client_score',
    ranked: false,
    durationMinutes: 1,
    defaultPlayers: 4,
    rewards: [],
    maxScore: 1000,
  },
];

/** The challenge of an id, or undefined. */
export function challengeOf(id: string): ChallengeDef | undefined {
  return CHALLENGES.find((c) => c.id === id);
}

/** Tokens a place earns in a ranked challenge (0 past the paid places, and always in a casual one). */
export function rewardFor(challenge: ChallengeDef, rank: number): number {
  if (!challenge.ranked || rank < 1) return 0;
  return challenge.rewards[rank - 1] ?? 0;
}

export interface Contestant {
  userId: string;
  score: number;
  /** When the score was reached (the event that made it); null with nothing scored. */
  reachedAt: Date | null;
  /** Left the room while it ran: no place. */
  left: boolean;
}

/**
 * Places: the higher score first; of equal scores, the one reached first (the first to publish, the
 * first to 30 messages). Players equal in both share a place (1, 2, 2, 4). Players who left have none.
 */
export function rankContestants(contestants: readonly Contestant[]): Map<string, number | null> {
  const playing = contestants.filter((c) => !c.left);
  const time = (c: Contestant) => c.reachedAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const ahead = (a: Contestant, b: Contestant) => a.score > b.score || (a.score === b.score && time(a) < time(b));
  const ranks = new Map<string, number | null>();
  for (const c of contestants) ranks.set(c.userId, c.left ? null : 1 + playing.filter((o) => ahead(o, c)).length);
  return ranks;
}
