import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A challenge room (issue 19, decision 027): players of one challenge (shared challenges/catalogue.ts)
 * between `startsAt` and `endsAt`. waiting → running (full, or at `startsAt`) → finished (by the
 * clock's job, or emptied while waiting). `version` grows with every change, so that live events
 * can be ordered. A private room is found by its invite code only.
 */
export const challengeRooms = pgTable(
  'challenge_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challengeId: text('challenge_id').notNull(),
    name: text('name').notNull(),
    hostId: uuid('host_id').references(() => users.id, { onDelete: 'set null' }),
    isPrivate: boolean('is_private').notNull().default(false),
    inviteCode: text('invite_code'),
    maxPlayers: integer('max_players').notNull(),
    status: text('status', { enum: ['waiting', 'running', 'finished'] })
      .notNull()
      .default('waiting'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('challenge_rooms_invite_code_unique').on(t.inviteCode),
    // The open public rooms, newest first (the list players join from).
    index('challenge_rooms_open_idx')
      .on(t.challengeId, sql`${t.createdAt} desc`)
      .where(sql`status = 'waiting' and not is_private`),
    // The clock's sweep: rooms due to start or to end.
    index('challenge_rooms_due_idx')
      .on(t.status, t.startsAt, t.endsAt)
      .where(sql`status <> 'finished'`),
    check('challenge_rooms_players_range', sql`${t.maxPlayers} between 2 and 10`),
  ],
);

/**
 * A player of a room. `active` while they are in a room that has not finished (and have not left
 * it): one active row per user at most, so a user plays one room at a time, even against
 * concurrent joins. `score` and `reachedAt` are what the server last counted (final once the room
 * finished); `rank` and `reward` are set when it finishes. A player who leaves a waiting room is
 * removed; one who leaves a running room keeps the row with `leftAt` (no place, no reward).
 */
export const challengeRoomPlayers = pgTable(
  'challenge_room_players',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => challengeRooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    score: integer('score').notNull().default(0),
    reachedAt: timestamp('reached_at', { withTimezone: true }),
    rank: integer('rank'),
    reward: integer('reward').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    uniqueIndex('challenge_room_players_one_active')
      .on(t.userId)
      .where(sql`active`),
    index('challenge_room_players_user_idx').on(t.userId, sql`${t.joinedAt} desc`),
  ],
);

export type ChallengeRoomRow = typeof challengeRooms.$inferSelect;
export type ChallengeRoomPlayerRow = typeof challengeRoomPlayers.$inferSelect;
