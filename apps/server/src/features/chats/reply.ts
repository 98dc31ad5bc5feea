import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CHAT_MESSAGES } from '@app/shared/chats/schemas';
import { withDefaultCosts, withDefaultSettings } from '@app/shared/bots/validation';
import type { Database } from '../../db/client';
import type { BotRow } from '../bots';
import { chatMessages } from '../../db/schema/chats';
import { AppError } from '../../lib/http-errors';
import { countPosting, InsufficientBalanceError, postLedgerEntry, type LedgerMetrics, type LedgerPosting } from '../tokens';
import { botLogRow, logBot, type originOf } from './activity';
import { ModelError, type ChatModel } from '../../llm/types';
import { activateLore, booksForChat, type LoreInsertions } from '../lorebooks';
import type { Role } from '@app/shared/users/roles';
import type { Speaker } from '../personas';
import { buildPrompt, CONTEXT_TOKENS, fillMacros } from './prompt';
import { keepPrompt } from './reply-prompts';
import type { MessageRow } from './repository';
import { insertExchange, replyFinish } from './reply-statements';

/** How often a streaming reply is written down: a crash or a dropped connection loses at most this much. */
const FLUSH_MS = 750;

const TOO_LONG = 'The model took too long to answer';
/** Who said a group reply whose character was deleted since. */
const GONE = 'A character who left';

export const insufficientTokens = () => new AppError(402, 'INSUFFICIENT_TOKENS', CHAT_MESSAGES.insufficientTokens);

/** The price of one reply of this bot (§9: text message, default 1). */
export const replyCost = (bot: Pick<BotRow, 'costs'>) => withDefaultCosts(bot.costs).textMessage;

/**
 * A reply's cost, reserved before the model is called: a debit through the ledger, refused when
 * the balance can't cover it (so it never goes below zero, however many replies run at once).
 * The key names the reply, so it is charged once; `refund` gives it back if the reply fails.
 */
export type Reservation = ReturnType<typeof reservation>;

/** Who pays for a reply, and for which bot's words (kept on the ledger entry). */
export interface ReplyPayer {
  userId: string;
  botId: string;
}

const chargeOf = ({ userId, botId }: ReplyPayer, cost: number, reference: string, key: string): LedgerPosting => ({
  userId,
  currency: 'tokens',
  amount: -cost,
  reason: 'reply',
  reference,
  contentType: 'text',
  botId,
  idempotencyKey: key,
});

/** Debits the cost; 402 INSUFFICIENT_TOKENS when the balance can't cover it. */
async function debit(db: Database, metrics: LedgerMetrics, posting: LedgerPosting) {
  if (posting.amount === 0) return;
  try {
    await postLedgerEntry(db, posting, metrics);
  } catch (err) {
    if (err instanceof InsufficientBalanceError) throw insufficientTokens();
    throw err;
  }
}

function reservation(
  db: Database,
  metrics: LedgerMetrics,
  { userId, amount, reference, contentType, botId, idempotencyKey: key }: LedgerPosting,
) {
  const refund = () =>
    amount < 0
      ? postLedgerEntry(
          db,
          {
            userId,
            currency: 'tokens',
            amount: -amount,
            reason: 'reply_refund',
            reference,
            contentType,
            botId,
            idempotencyKey: `refund:${key}`,
          },
          metrics,
        ).then(() => undefined)
      : Promise.resolve();
  return {
    key,
    refund,
    /** Runs the writes that prepare the reply; if they fail, the cost is given back and the failure goes on. */
    async refundIfFails<T>(work: () => Promise<T>): Promise<T> {
      try {
        return await work();
      } catch (err) {
        await refund();
        throw err;
      }
    },
  };
}

export async function reserveReply(
  db: Database,
  metrics: LedgerMetrics,
  payer: ReplyPayer,
  cost: number,
  reference: string,
): Promise<Reservation> {
  const posting = chargeOf(payer, cost, reference, `reply:${randomUUID()}`);
  await debit(db, metrics, posting);
  return reservation(db, metrics, posting);
}

/**
 * A new reply's cost is reserved, and the user's message and the reply's row to stream into are
 * written, before the model is called: one statement (a reply's first token waits for it).
 */
export async function chargeAndInsertExchange(
  db: Database,
  metrics: LedgerMetrics,
  chatId: string,
  payer: ReplyPayer,
  cost: number,
  content: string,
) {
  const posting = chargeOf(payer, cost, chatId, `reply:${randomUUID()}`);
  const charge = reservation(db, metrics, posting);
  const exchange = { chatId, content, chargeKey: posting.idempotencyKey };
  const [said, reply] = await insertExchange(db, { ...exchange, ...(cost > 0 ? { charge: posting } : {}) });
  if (said && reply) {
    // Rows mean the charge moved, in the same statement (now committed).
    if (cost > 0) countPosting(metrics, posting);
    return { charge, said, reply };
  }
  // The charge moved nothing: the ledger says why (402, and nothing was saved), or, if the
  // balance has become enough since, the two steps run one after the other.
  await debit(db, metrics, posting);
  const [late, lateReply] = await charge.refundIfFails(() => insertExchange(db, exchange));
  return { charge, said: late!, reply: lateReply! };
}

/** A regenerated reply: the next variant of the group, the only one selected. */
export async function insertVariant(db: Database, chatId: string, of: MessageRow, chargeKey: string): Promise<MessageRow> {
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
      .values({
        chatId,
        role: 'assistant',
        content: '',
        status: 'streaming',
        groupId,
        variant: (max?.n ?? 0) + 1,
        chargeKey,
        botId: of.botId,
      })
      .returning();
    return row!;
  });
}

/** The reason a reply's signal carries when the server shuts down: the reply is kept, marked and refunded. */
export class ReplyInterrupted extends Error {
  constructor() {
    super('the server is shutting down');
  }
}

/**
 * The replies this instance is streaming. At shutdown, `interruptAll` aborts them (they save
 * what arrived, marked failed with CHAT_MESSAGES.replyInterrupted, and refund) and waits until
 * they are saved, so that their streams end and the process can exit. A reply that starts after
 * that is interrupted at once.
 */
export class LiveReplies {
  private readonly live = new Map<AbortController, Promise<unknown>>();
  private closing = false;

  /** Runs a reply under `controller`, tracked until it settles. */
  track<T>(controller: AbortController, reply: () => Promise<T>): Promise<T> {
    if (this.closing) controller.abort(new ReplyInterrupted());
    const running = reply();
    const settled = running.then(
      () => undefined,
      () => undefined,
    );
    this.live.set(controller, settled);
    void settled.then(() => this.live.delete(controller));
    return running;
  }

  get size() {
    return this.live.size;
  }

  /** Interrupts every reply and waits until each is saved, or `timeoutMs` passed. */
  async interruptAll(timeoutMs: number): Promise<void> {
    this.closing = true;
    for (const controller of this.live.keys()) controller.abort(new ReplyInterrupted());
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(this.live.values()),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }
}

export interface ReplyContext {
  db: Database;
  model: ChatModel;
  /** The longest the reply may stream (LLM_TIMEOUT_MS): then it fails, and is refunded. */
  timeoutMs: number;
  log: FastifyBaseLogger;
  chatId: string;
  bot: BotRow;
  user: { id: string; displayName: string; role: Role };
  /** In a group chat (issue 20 §3), every character's name by id: the prompt says who said what. */
  group?: { names: Map<string, string> };
  /** The persona the user speaks as in this chat (its own, else their default), or null: their display name. */
  speaker: Speaker | null;
  origin: ReturnType<typeof originOf>;
}

/**
 * Writes a reply into a chat as it streams (§3 of issue 4: nothing is lost). The reply's row
 * exists before the model starts, its text is saved every FLUSH_MS and at the end; a failure
 * keeps what arrived, marked failed, and refunds; a stop keeps it, marked stopped. A finished
 * reply's bookkeeping (its text, the chat, the bot's log and totals) is one statement.
 */
export async function streamReply(
  ctx: ReplyContext,
  opts: {
    /** The conversation the reply answers, oldest first (the user's new message last); in a group, who said each reply. */
    history: { role: 'user' | 'assistant'; content: string; botId?: string | null }[];
    /** The reply's row, written before the model is called (insertExchange, insertVariant). */
    row: MessageRow;
    /** The reply's reserved cost (reserveReply), taken before anything was saved. */
    charge: Reservation;
    signal: AbortSignal;
    onStart?(row: MessageRow): void;
    onToken?(text: string): void;
  },
): Promise<MessageRow> {
  const { db, bot, chatId } = ctx;
  const { charge, history, row } = opts;
  const settings = withDefaultSettings(bot.settings);
  const lastUser = [...history].reverse().find((m) => m.role === 'user')?.content ?? '';
  const userName = ctx.speaker?.name ?? ctx.user.displayName;
  // In a group a reply whose character was deleted since is nobody's own.
  const nameOf = (m: (typeof history)[number]) =>
    m.role === 'user' ? userName : ctx.group ? (ctx.group.names.get(m.botId ?? '') ?? GONE) : bot.name;
  // In a group the character is told who said what: its own replies are its own, everyone else's
  // (the user's too) come as the user's turn with the speaker's name, as SillyTavern's group prompts do.
  const told = ctx.group
    ? history.map((m) =>
        m.role === 'assistant' && m.botId === bot.id
          ? { role: 'assistant' as const, content: m.content }
          : { role: 'user' as const, content: `${nameOf(m)}: ${m.content}` },
      )
    : history.map(({ role, content }) => ({ role, content }));
  const others = ctx.group ? [...ctx.group.names].filter(([id]) => id !== bot.id).map(([, name]) => name) : undefined;
  // The lorebooks' entries this reply brings in, scanned over the chat newest first, with names.
  // Best effort: a reply goes out without them rather than not at all (the row already streams).
  let lore: LoreInsertions | undefined;
  try {
    lore = activateLore({
      books: await booksForChat(db, { id: chatId }, bot),
      messages: history.map((m) => `${nameOf(m)}: ${m.content}`).reverse(),
      contextTokens: CONTEXT_TOKENS,
      fill: (text) => fillMacros(text, bot.name, userName),
    });
  } catch (err) {
    ctx.log.warn({ err, botId: bot.id }, 'the lorebooks could not be read for a reply');
  }
  const prompt = buildPrompt({
    bot: { ...bot, settings },
    userName,
    persona: ctx.speaker?.description,
    group: others,
    history: told,
    lore,
  });
  // What was sent, for the Prompt panel; never a reason for the reply to fail.
  await keepPrompt(db, { messageId: row.id, chatId, messages: prompt, lore: lore?.activated ?? [] }).catch((err: unknown) =>
    ctx.log.warn({ err, chatId }, 'the prompt of a reply could not be kept'),
  );

  const started = Date.now();
  // No reply streams longer than this, whatever the model: the sweep of orphaned replies relies on it.
  const deadline = AbortSignal.timeout(ctx.timeoutMs);
  const signal = AbortSignal.any([opts.signal, deadline]);
  const stream = startNow(
    ctx.model.stream(
      {
        messages: prompt,
        settings,
        character: {
          name: bot.name,
          personality: fillMacros(bot.personality, bot.name, userName),
          scenario: fillMacros(bot.scenario, bot.name, userName),
          userName,
          lastUserMessage: lastUser,
        },
        variant: row.variant,
      },
      signal,
    ),
  );
  // The model has been called: the client hears that the reply started while the model thinks.
  opts.onStart?.(row);

  let text = '';
  let lastFlush = started;
  // Every save takes the row only while it streams: a sweep that settled it (failed, refunded)
  // has the last word, and the answer is the row as the sweep left it.
  const current = async () => (await db.select().from(chatMessages).where(eq(chatMessages.id, row.id)))[0] ?? row;
  const save = async (fields: Partial<MessageRow>) => {
    const [updated] = await db
      .update(chatMessages)
      .set(fields)
      .where(and(eq(chatMessages.id, row.id), eq(chatMessages.status, 'streaming')))
      .returning();
    return updated ?? current();
  };
  try {
    for await (const piece of stream) {
      text += piece;
      opts.onToken?.(piece);
      if (Date.now() - lastFlush >= FLUSH_MS) {
        lastFlush = Date.now();
        await save({ content: text });
      }
    }
    if (opts.signal.aborted) throw opts.signal.reason ?? new Error('aborted');
    if (deadline.aborted) throw new ModelError(TOO_LONG);
    if (!text.trim()) throw new ModelError('The model sent an empty reply');
  } catch (caught) {
    // The model may answer our own deadline with an error of its own: the deadline says it.
    const err = deadline.aborted && !opts.signal.aborted && !(caught instanceof ModelError) ? new ModelError(TOO_LONG, caught) : caught;
    // The server shuts down: the reply is kept as far as it came, marked, and refunded.
    const interrupted = opts.signal.aborted && opts.signal.reason instanceof ReplyInterrupted;
    const stopped = !interrupted && opts.signal.aborted && !(err instanceof ModelError);
    const message = interrupted
      ? CHAT_MESSAGES.replyInterrupted
      : err instanceof ModelError
        ? err.message
        : stopped
          ? null
          : CHAT_MESSAGES.replyFailed;
    if (!stopped && !interrupted) ctx.log.warn({ err, botId: bot.id }, 'a reply failed');
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
  const log = botLogRow({
    botId: bot.id,
    userId: ctx.user.id,
    action: 'message',
    origin: ctx.origin,
    tokensUsed,
    responseTime: responseMs,
  });
  const [final] = await replyFinish(db).execute({
    messageId: row.id,
    content: text,
    tokensUsed,
    responseMs,
    chatId,
    botId: bot.id,
    userId: ctx.user.id,
    ip: log.ip,
    userAgent: log.userAgent,
    metadata: log.metadata,
  });
  return final ?? current();
}

/**
 * Takes the first step of an async iterable at once (a model is called on it) and answers the
 * iterable for a `for await`, which still closes it on an early exit.
 */
function startNow<T>(iterable: AsyncIterable<T>): AsyncIterable<T> {
  const iterator = iterable[Symbol.asyncIterator]();
  let first: Promise<IteratorResult<T>> | null = iterator.next();
  // The loop awaits it; until then a failure must not count as unhandled.
  first.catch(() => {});
  return {
    [Symbol.asyncIterator]: () => ({
      next: () => {
        const step = first ?? iterator.next();
        first = null;
        return step;
      },
      return: async () => (await iterator.return?.()) ?? { done: true, value: undefined },
    }),
  };
}
