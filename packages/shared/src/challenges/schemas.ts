import { z } from 'zod';
import { CHALLENGE_METRICS, MAX_PLAYERS, MIN_PLAYERS } from './catalogue';

/** The contracts of challenges and their rooms (issue 19, gamification.md §7), under /api/gamification/challenges. */

export const ROOM_STATUSES = ['waiting', 'running', 'finished'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

/** The messages the server answers with (the web app translates them). */
export const CHALLENGE_MESSAGES = {
  challengeNotFound: 'Challenge not found',
  roomNotFound: 'Room not found',
  noActiveRoom: 'You are not in a challenge room',
  alreadyInRoom: 'You are already in another challenge room',
  roomFull: 'This room is full',
  roomNotOpen: 'This room is no longer open to join',
  notInRoom: 'You are not a player of this room',
  roomFinished: 'This room has finished',
  roomNotRunning: 'This room is not running',
  scoreTooHigh: 'That score is not possible in this game',
  scoreRequired: 'A score is required',
  inviteCode: 'Invite codes have 8 letters and digits',
} as const;

export const ZChallenge = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  metric: z.enum(CHALLENGE_METRICS),
  ranked: z.boolean(),
  durationMinutes: z.number().int(),
  defaultPlayers: z.number().int(),
  /** Tokens for the 1st, 2nd, 3rd… place (empty for a casual game). */
  rewards: z.array(z.number().int()),
  tag: z.string().nullable(),
  maxScore: z.number().int().nullable(),
  /** Public rooms of this challenge waiting for players now. */
  openRooms: z.number().int(),
});
export type Challenge = z.infer<typeof ZChallenge>;
export const ZChallengeList = z.object({ items: z.array(ZChallenge) });

/** Codes are read aloud and typed: 8 of 32 symbols (no 0/O, 1/I); lower case is accepted. */
export const ZInviteCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-HJ-NP-Z2-9]{8}$/, CHALLENGE_MESSAGES.inviteCode);

export const ZRoomPlayer = z.object({
  userId: z.string(),
  username: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  joinedAt: z.string(),
  /** Left while the room ran (forfeited): no place, no reward. */
  left: z.boolean(),
});
export type RoomPlayer = z.infer<typeof ZRoomPlayer>;

export const ZRoomScore = z.object({
  userId: z.string(),
  score: z.number().int(),
  /** The place now (final once finished); null for a player who left. Equal players share a place. */
  rank: z.number().int().nullable(),
  /** Tokens paid for the place once the room finished (0 before, and in casual games). */
  reward: z.number().int(),
});
export type RoomScore = z.infer<typeof ZRoomScore>;

export const ZRoom = z.object({
  id: z.string(),
  challengeId: z.string(),
  name: z.string(),
  status: z.enum(ROOM_STATUSES),
  private: z.boolean(),
  maxPlayers: z.number().int(),
  hostId: z.string().nullable(),
  players: z.array(ZRoomPlayer),
  /** The standings, best first. */
  scores: z.array(ZRoomScore),
  /** When it starts (waiting: at the latest; it starts sooner once full) and ends; scores count in between. */
  startsAt: z.string(),
  endsAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Shown to the players of a private room, to invite others. */
  inviteCode: z.string().optional(),
  /** Grows with every change of the room: the live events carry it, so that an older one is ignored. */
  version: z.number().int(),
  createdAt: z.string(),
});
export type Room = z.infer<typeof ZRoom>;

export const ZRoomList = z.object({ items: z.array(ZRoom), total: z.number().int() });

export const ZRoomStandings = z.object({
  roomId: z.string(),
  status: z.enum(ROOM_STATUSES),
  version: z.number().int(),
  items: z.array(ZRoomScore),
});
export type RoomStandings = z.infer<typeof ZRoomStandings>;

export const ZChallengeParams = z.object({ id: z.uuid(CHALLENGE_MESSAGES.roomNotFound) });

export const ZCreateRoomBody = z.object({
  challengeId: z.string().min(1).max(60),
  name: z.string().trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters').optional(),
  maxPlayers: z
    .number()
    .int()
    .min(MIN_PLAYERS, `A room holds at least ${MIN_PLAYERS} players`)
    .max(MAX_PLAYERS, `A room holds at most ${MAX_PLAYERS} players`)
    .optional(),
  private: z.boolean().optional(),
});
export type CreateRoomBody = z.infer<typeof ZCreateRoomBody>;

/** Joining a private room by its link needs its code; a public room needs none. */
export const ZJoinRoomBody = z.object({ inviteCode: ZInviteCode.optional() }).nullish();
export const ZJoinByCodeBody = z.object({ inviteCode: ZInviteCode });

/**
 * A casual game's score as its page counted it. Ranked challenges ignore it (the server counts
 * from its own rows); the call then only answers the standings.
 */
export const ZScoreBody = z.object({ score: z.number().int().min(0).max(1_000_000).optional() }).nullish();

export const ZRoomQuery = z.object({
  /** open: public rooms waiting for players; mine: the caller's rooms, newest first. */
  scope: z.enum(['open', 'mine']).default('open'),
  challengeId: z.string().max(60).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const ZRoomViewQuery = z.object({ inviteCode: ZInviteCode.optional() });
