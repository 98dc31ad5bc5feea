import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CHAT_MESSAGES } from '@app/shared/chats/schemas';
import { withDefaultCosts, withDefaultSettings } from '@app/shared/bots/validation';
import type { Database } from '../../db/client';
import type { BotRow } from '../bots/access';
import { chatMessages, chats } from '../../db/schema/chats';
import { AppError } from '../../lib/http-errors';
import { InsufficientBalanceError, postLedgerEntry } from '../tokens/wallet';
import { bumpBotStats, logBot, type originOf } from './activity';
import { ModelError, type ChatModel } from './models/types';
import { buildPrompt, fillMacros } from './prompt';
import type { MessageRow } from './repository';

/** How often a streaming reply is written down: a crash or a dropped connection loses at most this much. */
const FLUSH_MS = 750;

export const insufficientTokens = () => new AppError(402, 'INSUFFICIENT_TOKENS', CHAT_MESSAGES.insufficientTokens);

/**
 * Reserves a reply's cost before the model is called: a debit through the ledger, refused when
 * the balance can't cover it (so it never goes below zero, however many replies run at once).
 * The key names the reply, so it is charged once; `refund` gives it back if the reply fails.
 */
export type Reservation = Awaited<ReturnType<typeof reserveReply>>;

/** The price of one reply of this bot (§9: text message, default 1). */
export const replyCost = (bot: Pick<BotRow, 'costs'>) => withDefaultCosts(bot.costs).textMessage;

export async function reserveReply(db: Database, userId: string, cost: number, reference: string) {
  const key = `reply:${randomUUID()}`;
  if (cost > 0) {
    try {
      await postLedgerEntry(db, { userId, currency: 'tokens', amount: -cost, reason: 'reply', reference, idempotencyKey: key });
    } catch (err) {
      if (err instanceof InsufficientBalanceError) throw insufficientTokens();
      throw err;
    }
  }
  return {
    key,
    refund: () =>
      cost > 0
        ? postLedgerEntry(db, {
            userId,
            currency: 'tokens',
            amount: cost,
            reason: 'reply_refund',
            reference,
            idempotencyKey: `refund:${key}`,
          }).then(() => undefined)
        : Promise.resolve(),
  };
}

/** A new reply: its group is itself (group_id null means "my own id", so no second write). */
async function insertReply(db: Database, chatId: string, chargeKey: string): Promise<MessageRow> {
  const [row] = await db
    .insert(chatMessages)
    .values({ chatId, role: 'assistant', content: '', status: 'streaming', chargeKey })
    .returning();
  return row!;
}

/** A regenerated reply: the next variant of the group, the only one selected. */
async function insertVariant(db: Database, chatId: string, of: MessageRow, chargeKey: string): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const groupId = of.groupId ?? of.id;
    if (of.groupId === null) await tx.update(chatMessages).set({ groupId }).where(eq(chatMessages.id, of.id));
    const [max] = await tx
      .select({ n: sql<number>`max(${chatMessages.variant})`.mapWith(Number) })
      .from(chatMessages)
      .where(eq(chatMessages.groupId, groupId));
    await tx.update(chatMessages).set({ selected: false }).where(eq(chatMessages.groupId, groupId));
    const [row] = await tx
      .insert(chatMessages)
      .values({ chatId, role: 'assistant', content: '', status: 'streaming', groupId, variant: (max?.n ?? 0) + 1, chargeKey })
      .returning();
    return row!;
  });
}

export interface ReplyContext {
  db: Database;
  model: ChatModel;
  log: FastifyBaseLogger;
  chatId: string;
  bot: BotRow;
  user: { id: string; displayName: string };
  origin: ReturnType<typeof originOf>;
}

/**
 * Writes a reply into a chat as it streams (§3 of issue 4: nothing is lost). The reply's row
 * exists before the model starts, its text is saved every FLUSH_MS and at the end; a failure
 * keeps what arrived, marked failed, and refunds; a stop keeps it, marked stopped.
 * `variantOf` makes the reply an alternative of an earlier one (regenerate).
 */
export async function streamReply(
  ctx: ReplyContext,
  opts: {
    /** The conversation the reply answers, oldest first (the user's new message last). */
    history: { role: 'user' | 'assistant'; content: string }[];
    variantOf?: MessageRow;
    /** The reply's reserved cost (reserveReply), taken before anything was saved. */
    charge: Reservation;
    signal: AbortSignal;
    onStart?(row: MessageRow): void;
    onToken?(text: string): void;
  },
): Promise<MessageRow> {
  const { db, bot, chatId } = ctx;
  const { charge, history } = opts;
  const settings = withDefaultSettings(bot.settings);
  const lastUser = [...history].reverse().find((m) => m.role === 'user')?.content ?? '';
  const prompt = buildPrompt({ bot: { ...bot, settings }, userName: ctx.user.displayName, history });

  const started = Date.now();
  // The model is asked at once, while the reply's row is written: the first token does not wait for the database.
  const stream = ctx.model.stream(
    {
      messages: prompt,
      settings,
      character: {
        name: bot.name,
        personality: fillMacros(bot.personality, bot.name, ctx.user.displayName),
        scenario: fillMacros(bot.scenario, bot.name, ctx.user.displayName),
        userName: ctx.user.displayName,
        lastUserMessage: lastUser,
      },
    },
    opts.signal,
  );
  const pieces = stream[Symbol.asyncIterator]();
  const first = pieces.next();
  // Keep an early failure of the model from going unhandled while the row is written; it is read below.
  first.catch(() => undefined);

  let row: MessageRow;
  try {
    row = opts.variantOf ? await insertVariant(db, chatId, opts.variantOf, charge.key) : await insertReply(db, chatId, charge.key);
  } catch (err) {
    await pieces.return?.();
    await charge.refund();
    throw err;
  }
  opts.onStart?.(row);

  let text = '';
  let lastFlush = started;
  const save = async (fields: Partial<MessageRow>) => {
    const [updated] = await db.update(chatMessages).set(fields).where(eq(chatMessages.id, row.id)).returning();
    return updated ?? row;
  };
  try {
    for (let next = await first; !next.done; next = await pieces.next()) {
      text += next.value;
      opts.onToken?.(next.value);
      if (Date.now() - lastFlush >= FLUSH_MS) {
        lastFlush = Date.now();
        await save({ content: text });
      }
    }
    if (opts.signal.aborted) throw opts.signal.reason ?? new Error('aborted');
    if (!text.trim()) throw new ModelError('The model sent an empty reply');
  } catch (err) {
    const stopped = opts.signal.aborted && !(err instanceof ModelError);
    const message = err instanceof ModelError ? err.message : stopped ? null : CHAT_MESSAGES.replyFailed;
    if (!stopped) ctx.log.warn({ err, botId: bot.id }, 'a reply failed');
    // A stopped reply that said something was delivered and is paid; a failed or empty one is refunded.
    if (!stopped || !text.trim()) await charge.refund();
    await logBot(db, {
      botId: bot.id,
      userId: ctx.user.id,
      action: 'error',
      origin: ctx.origin,
      responseTime: Date.now() - started,
      error: message ?? 'stopped',
    });
    return save({ content: text, status: stopped ? 'stopped' : 'failed', error: message, responseMs: Date.now() - started });
  }

  const responseMs = Date.now() - started;
  const tokensUsed = Math.ceil((prompt.reduce((n, m) => n + m.content.length, 0) + text.length) / 4);
  // The bookkeeping of a finished reply, side by side.
  const [final] = await Promise.all([
    save({ content: text, status: 'complete', tokensUsed, responseMs }),
    db
      .update(chats)
      .set({ updatedAt: new Date(), messageCount: sql`${chats.messageCount} + 1` })
      .where(eq(chats.id, chatId)),
    logBot(db, { botId: bot.id, userId: ctx.user.id, action: 'message', origin: ctx.origin, tokensUsed, responseTime: responseMs }),
    bumpBotStats(db, bot.id, { messages: 1 }),
  ]);
  return final;
}
