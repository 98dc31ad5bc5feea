import { and, eq, sql, type SQL } from 'drizzle-orm';
import { preparedPerDatabase, preparedSql, rowOf, type Database } from '../../db/client';
import { bots } from '../../db/schema/bots';
import { botLogs, chatMessages, chats } from '../../db/schema/chats';
import { chatPersonaSql } from '../personas';
import { postingSteps, postingValues, type LedgerPosting } from '../tokens';
import { botStatsBump } from './activity';
import { recentHistorySql, type MessageRow } from './repository';

/**
 * The statements of a reply's hot path, prepared: a reply reads its chat, writes the exchange,
 * and writes down the result, and bench/chat-stream.ts showed that building these queries again
 * for every reply cost more than running them.
 */

/** The most messages a prompt is built from; the prompt builder keeps what fits. */
export const HISTORY_MAX = 200;

const chatAndBot = (db: Database, withHistory: boolean) =>
  db
    .select({
      chat: chats,
      bot: bots,
      speaker: chatPersonaSql(chats),
      ...(withHistory ? { history: recentHistorySql(chats.id, HISTORY_MAX) } : {}),
    })
    .from(chats)
    .innerJoin(bots, eq(bots.id, chats.botId))
    .where(eq(chats.id, sql.placeholder('chatId')))
    .limit(1);

/** A chat with its bot and persona, and the latest visible messages (oldest first) for the prompt; the caller checks the owner. */
export const chatForReply = preparedPerDatabase((db) => chatAndBot(db, true).prepare('chat_for_reply'));

/** A chat with its bot and persona (a regenerated reply reads its own history); the caller checks the owner. */
export const chatForRegenerate = preparedPerDatabase((db) => chatAndBot(db, false).prepare('chat_for_regenerate'));

const chatTouched = (db: Database, gate?: SQL) =>
  db
    .update(chats)
    .set({ updatedAt: sql`now()`, messageCount: sql`${chats.messageCount} + 1` })
    .where(and(eq(chats.id, sql.placeholder('chatId')), gate))
    .returning({ id: chats.id });

/**
 * The user's message and the reply's row, with the chat's count and time, written only if
 * `gate` has a row: the words are saved before the model is called, and the reply has a row to
 * stream into. A new reply's group is itself (group_id null means "my own id"); the ids follow
 * the rows' order. Parameters: chatId, content, chargeKey.
 */
const exchangeSteps = (gate: SQL) => sql`
  written as (
    insert into ${chatMessages} (chat_id, role, content, status, charge_key)
    select ${sql.placeholder('chatId')}, m.role, m.content, m.status, m.charge_key
    from ${gate}, (values
      (1, 'user', ${sql.placeholder('content')}, 'complete', null),
      (2, 'assistant', '', 'streaming', ${sql.placeholder('chargeKey')})
    ) as m(n, role, content, status, charge_key)
    order by m.n
    returning *
  ), counted as (
    update ${chats} set updated_at = now(), message_count = message_count + 1
    where id = ${sql.placeholder('chatId')} and exists (select 1 from written)
    returning id
  )`;

/** A free reply's exchange. */
const freeExchange = preparedSql<Record<string, unknown>>(
  'reply_exchange',
  sql`with ${exchangeSteps(sql`(select) as free`)} select * from written order by id`,
);

/**
 * A paid reply's charge and its exchange in one statement, so one round trip and one commit:
 * the charge's steps (postingSteps), then the exchange only if the charge moved.
 */
const chargedExchange = preparedSql<Record<string, unknown>>(
  'reply_charged_exchange',
  sql`with ${postingSteps}, ${exchangeSteps(sql`moved`)} select * from written order by id`,
);

/**
 * Writes a reply's exchange, and with `charge` its debit in the same statement. No rows when the
 * charge moved nothing (too low a balance, or no wallet yet): then nothing at all was written.
 */
export async function insertExchange(
  db: Database,
  p: { chatId: string; content: string; chargeKey: string; charge?: LedgerPosting },
): Promise<MessageRow[]> {
  const params = { chatId: p.chatId, content: p.content, chargeKey: p.chargeKey };
  const rows = p.charge
    ? await chargedExchange(db).execute({ ...params, ...postingValues(p.charge) })
    : await freeExchange(db).execute(params);
  return rows.map((row) => rowOf(chatMessages, row));
}

/**
 * A finished reply's bookkeeping in one statement: its text, the chat's count and time, the
 * bot's log row, and the bot's totals and popularity. Answers the saved reply.
 * Parameters: messageId, content, tokensUsed, responseMs, chatId, botId, userId, ip, userAgent, metadata.
 */
export const replyFinish = preparedPerDatabase((db) => {
  const saved = db.$with('saved').as(
    db
      .update(chatMessages)
      .set({
        // A placeholder in a `set` goes through sql``.
        content: sql`${sql.placeholder('content')}`,
        status: 'complete',
        tokensUsed: sql`${sql.placeholder('tokensUsed')}`,
        responseMs: sql`${sql.placeholder('responseMs')}`,
      })
      // Only a reply still streaming: one that a sweep settled meanwhile (failed and refunded)
      // stays settled, and nothing below counts it.
      .where(and(eq(chatMessages.id, sql.placeholder('messageId')), eq(chatMessages.status, 'streaming')))
      .returning(),
  );
  const wasSaved = sql`exists (select 1 from ${saved})`;
  const counted = db.$with('counted').as(chatTouched(db, wasSaved));
  // The model did answer, so its log row is written either way.
  const logged = db.$with('logged').as(
    db
      .insert(botLogs)
      .values({
        botId: sql.placeholder('botId'),
        userId: sql.placeholder('userId'),
        action: 'message',
        ip: sql.placeholder('ip'),
        userAgent: sql.placeholder('userAgent'),
        metadata: sql.placeholder('metadata'),
      })
      .returning({ id: botLogs.id }),
  );
  const bumped = db.$with('bumped').as(
    db
      .update(bots)
      .set(botStatsBump({ messages: 1 }))
      .where(and(eq(bots.id, sql.placeholder('botId')), wasSaved))
      .returning({ id: bots.id }),
  );
  return db.with(saved, counted, logged, bumped).select().from(saved).prepare('reply_finish');
});
