import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { CHAT_MESSAGES, type Chat, type ChatMessage } from '@app/shared/chats/schemas';
import { bots } from '../../src/db/schema/bots';
import { chatMessages, chats } from '../../src/db/schema/chats';
import { ledgerEntries } from '../../src/db/schema/ledger';
import { settleOrphanedReplies } from '../../src/features/chats/interrupted';
import { chargeAndInsertExchange } from '../../src/features/chats/reply';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, createBot } from '../bots/helpers';

/** Replies that a dead process left streaming (decision 012), and the deadline every reply keeps. */
describe('interrupted replies', () => {
  let t: TestApp;
  let alice: Session;
  let botId: string;
  beforeAll(async () => {
    // A reply may stream for 1 s; the offline responder takes 200 ms a word, so it never finishes.
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '200', LLM_TIMEOUT_MS: '1000' } });
    alice = await t.signup();
    botId = (await createBot(t, alice, { name: 'Mira', visibility: 'private', personality: 'Calm under fire. Loyal.' })).id;
  });
  afterAll(() => t.close());

  const balance = async () => ((await call(t, alice, 'GET', '/api/tokens/balance')).json() as { balance: number }).balance;
  const newChat = async () => ((await call(t, alice, 'POST', '/api/chats', { botId })).json() as Chat).id;

  it('a reply that streams past LLM_TIMEOUT_MS fails, keeps its text, and is refunded', async () => {
    const chatId = await newChat();
    const before = await balance();
    const began = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/messages`,
      headers: t.bearer(alice),
      payload: { content: 'Hi' },
    });
    expect(Date.now() - began).toBeLessThan(5_000);
    const { message } = res.json() as { message: ChatMessage };
    expect(message).toMatchObject({ status: 'failed', error: 'The model took too long to answer' });
    expect(message.content.length).toBeGreaterThan(0);
    expect(await balance()).toBe(before);
  });

  it('the sweep settles a reply left streaming once it is older than any live reply: kept, marked, refunded once', async () => {
    const chatId = await newChat();
    const before = await balance();
    // What a process that died mid-reply leaves: the charge, the user's message, a streaming reply.
    const { reply } = await chargeAndInsertExchange(t.database.db, null, chatId, { userId: alice.user.id, botId }, 1, 'Are you there?');
    await t.database.db.update(chatMessages).set({ content: 'Half a rep' }).where(eq(chatMessages.id, reply.id));
    expect(await balance()).toBe(before - 1);

    // Younger than the age given: another instance may still be streaming it.
    expect(await settleOrphanedReplies(t.database.db, null, 60_000)).toBe(0);
    const [young] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, reply.id));
    expect(young!.status).toBe('streaming');

    await t.database.db
      .update(chatMessages)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(chatMessages.id, reply.id));
    // Several instances sweeping at once settle it once.
    const counts = await Promise.all([1, 2, 3].map(() => settleOrphanedReplies(t.database.db, null, 60_000)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await settleOrphanedReplies(t.database.db, null, 60_000)).toBe(0);

    const { items } = (await call(t, alice, 'GET', `/api/chats/${chatId}/messages`)).json() as { items: ChatMessage[] };
    expect(items.map((m) => [m.role, m.content, m.status])).toEqual([
      ['assistant', expect.any(String), 'complete'],
      ['user', 'Are you there?', 'complete'],
      ['assistant', 'Half a rep', 'failed'],
    ]);
    expect(items.at(-1)!.error).toBe(CHAT_MESSAGES.replyInterrupted);
    expect(await balance()).toBe(before);
    const refunds = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, alice.user.id), eq(ledgerEntries.reason, 'reply_refund'), eq(ledgerEntries.reference, chatId)));
    expect(refunds).toHaveLength(1);
  });

  it('the sweep leaves a free reply (never charged) refunded by nothing', async () => {
    const chatId = await newChat();
    const before = await balance();
    const { reply } = await chargeAndInsertExchange(t.database.db, null, chatId, { userId: alice.user.id, botId }, 0, 'Free?');
    await t.database.db
      .update(chatMessages)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(chatMessages.id, reply.id));
    expect(await settleOrphanedReplies(t.database.db, null, 60_000)).toBe(1);
    const [row] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, reply.id));
    expect(row).toMatchObject({ status: 'failed', error: CHAT_MESSAGES.replyInterrupted });
    expect(await balance()).toBe(before);
  });
});

/**
 * The periodic sweep runs beside this process's own live replies, on every database: it must
 * never take one of them (it refunded a reply that then streamed to its end, paid for by nobody;
 * seen as a balance that did not drop in the browser tests).
 */
describe('the periodic sweep and a live reply', () => {
  let t: TestApp;
  let alice: Session;
  let botId: string;
  beforeAll(async () => {
    // 40 ms a word: the reply streams for a second or more, well inside its deadline.
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '40' } });
    alice = await t.signup();
    botId = (await createBot(t, alice, { name: 'Mira', visibility: 'private', personality: 'Calm under fire. Loyal.' })).id;
  });
  afterAll(() => t.close());

  const balance = async () => ((await call(t, alice, 'GET', '/api/tokens/balance')).json() as { balance: number }).balance;
  const newChat = async () => ((await call(t, alice, 'POST', '/api/chats', { botId })).json() as Chat).id;
  const refundsOf = (chatId: string) =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reason, 'reply_refund'), eq(ledgerEntries.reference, chatId)));

  /**
   * Sends a message and, once its reply is streaming (within 5 s), answers the answer still to come
   * (in an object: an async function would otherwise wait for it).
   */
  async function sendAndWaitForStreaming(chatId: string) {
    const sending = t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/messages`,
      headers: t.bearer(alice),
      payload: { content: 'Hi' },
    });
    const streaming = async () =>
      (
        await t.database.db
          .select({ id: chatMessages.id })
          .from(chatMessages)
          .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.status, 'streaming')))
      ).length;
    const deadline = Date.now() + 5_000;
    while ((await streaming()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(await streaming()).toBe(1);
    return { sending };
  }

  it('leaves a reply that is streaming now: it finishes complete and stays charged', async () => {
    const chatId = await newChat();
    const before = await balance();
    const { sending } = await sendAndWaitForStreaming(chatId);

    const sweep = t.app.ctx.jobs.periodic.find((j) => j.name === 'interrupted-replies');
    expect(await sweep!.run()).toBe(0);

    const { message } = (await sending).json() as { message: ChatMessage };
    expect(message.status).toBe('complete');
    expect(await balance()).toBeLessThan(before);
    expect(await refundsOf(chatId)).toHaveLength(0);
  });

  it('a reply settled under it (a sweep of every age) stays settled: its end neither completes it nor counts it', async () => {
    const chatId = await newChat();
    const before = await balance();
    const counts = async () => {
      const [bot] = await t.database.db.select({ n: bots.totalMessages }).from(bots).where(eq(bots.id, botId));
      const [chat] = await t.database.db.select({ n: chats.messageCount }).from(chats).where(eq(chats.id, chatId));
      return { bot: bot!.n, chat: chat!.n };
    };
    const countsBefore = await counts();
    const { sending } = await sendAndWaitForStreaming(chatId);

    expect(await settleOrphanedReplies(t.database.db, null, 0)).toBe(1);

    const { message } = (await sending).json() as { message: ChatMessage };
    expect(message).toMatchObject({ status: 'failed', error: CHAT_MESSAGES.replyInterrupted });
    expect(await balance()).toBe(before);
    expect(await refundsOf(chatId)).toHaveLength(1);
    // The user's message counts in the chat; the settled reply neither there nor in the bot's total.
    expect(await counts()).toEqual({ bot: countsBefore.bot, chat: countsBefore.chat + 1 });
  });
});
