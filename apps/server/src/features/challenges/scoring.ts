import { sql } from 'drizzle-orm';
import type { ChallengeDef } from '@app/shared/challenges/catalogue';
import { queryRows, type Executor } from '../../db/client';

export interface Counted {
  score: number;
  /** When the score was reached (the event that made it); null with nothing counted. */
  reachedAt: Date | null;
}

export interface ScoringWindow {
  from: Date;
  to: Date;
}

const asDate = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

/**
 * A player's score in a ranked challenge, counted from the server's own rows between the room's
 * start and its end (never from what a client says): the messages they sent, the distinct bots
 * they wrote to, the XP they were awarded, a bot with the tag they created and first published.
 * Counting again gives the same answer, so a repeated or lost event changes nothing in the end.
 */
export async function countScore(db: Executor, challenge: ChallengeDef, userId: string, w: ScoringWindow): Promise<Counted> {
  const from = w.from.toISOString();
  const to = w.to.toISOString();
  switch (challenge.metric) {
    case 'messages': {
      // A chat written in during the window was updated in it: the index on (user, updated) finds them.
      const [row] = await queryRows<{ score: number; reached: string | null }>(
        db,
        sql`select count(*)::int as score, max(m.created_at) as reached
            from chats c join chat_messages m on m.chat_id = c.id
            where c.user_id = ${userId} and c.updated_at >= ${from}
              and m.role = 'user' and not m.copied and m.created_at >= ${from} and m.created_at < ${to}`,
      );
      return { score: row?.score ?? 0, reachedAt: asDate(row?.reached) };
    }
    case 'distinct_bots': {
      // Reached when the last of them was first written to.
      const [row] = await queryRows<{ score: number; reached: string | null }>(
        db,
        sql`select count(*)::int as score, max(first_at) as reached from (
              select c.bot_id, min(m.created_at) as first_at
              from chats c join chat_messages m on m.chat_id = c.id
              where c.user_id = ${userId} and c.updated_at >= ${from}
                and m.role = 'user' and not m.copied and m.created_at >= ${from} and m.created_at < ${to}
              group by c.bot_id) firsts`,
      );
      return { score: row?.score ?? 0, reachedAt: asDate(row?.reached) };
    }
    case 'xp': {
      const [row] = await queryRows<{ score: number; reached: string | null }>(
        db,
        sql`select coalesce(sum(amount), 0)::int as score, max(created_at) as reached
            from xp_awards
            where user_id = ${userId} and amount > 0 and created_at >= ${from} and created_at < ${to}`,
      );
      return { score: row?.score ?? 0, reachedAt: asDate(row?.reached) };
    }
    case 'published_with_tag': {
      // The award for a bot's first publication is the server's record of when that happened
      // (once per bot, ever); the bot must be the player's, made during the room, public and tagged.
      const [row] = await queryRows<{ reached: string | null }>(
        db,
        sql`select min(a.created_at) as reached
            from xp_awards a join bots b on b.id::text = a.source_id
            where a.user_id = ${userId} and a.source = 'bot_published'
              and a.created_at >= ${from} and a.created_at < ${to}
              and b.created_by = ${userId} and b.created_at >= ${from}
              and b.visibility = 'public' and b.is_active
              and b.tag_keys @> array[${challenge.tag ?? ''}]::text[]`,
      );
      const reachedAt = asDate(row?.reached);
      return { score: reachedAt ? 1 : 0, reachedAt };
    }
    case 'client_score':
      // Never counted here: the page reports it (routes' score call), and it pays nothing.
      throw new Error('a casual game has no counted score');
  }
}
