import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Chat, ChatMessage } from '@app/shared/chats/schemas';
import { bots } from '../../src/db/schema/bots';
import { botLogs, chatMessages } from '../../src/db/schema/chats';
import { ledgerEntries, wallets } from '../../src/db/schema/ledger';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { call, createBot } from '../bots/helpers';
import { eventsOf } from './helpers';

describe('chats with the offline responder', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let botId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0' } });
    alice = await t.signup({ displayName: 'Alice' });
    bob = await t.signup();
    botId = (
      await createBot(t, bob, {
        name: 'Mira',
        visibility: 'public',
        avatarUrl: '/avatars/mira.svg',
        firstMessage: 'Welcome aboard, {{user}}.',
        alternateGreetings: ['Strap in, {{user}}.'],
        personality: 'Calm under fire. Loyal.',
      })
    ).id;
  });
  afterAll(() => t.close());

  const start = async (session: Session = alice) => (await call(t, session, 'POST', '/api/chats', { botId })).json() as Chat;
  const messagesOf = async (chatId: string, session: Session = alice, query = '') =>
    (await call(t, session, 'GET', `/api/chats/${chatId}/messages${query}`)).json() as { items: ChatMessage[]; hasMore: boolean };
  const send = (chatId: string, content: string, session: Session = alice, stream = false) =>
    t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/messages`,
      headers: { ...t.bearer(session), ...(stream ? { accept: 'text/event-stream' } : {}) },
      payload: { content },
    });
  const balance = async (session: Session) =>
    ((await call(t, session, 'GET', '/api/tokens/balance')).json() as { balance: number }).balance;

  it('starts a chat with the opening message, alternate greetings as its alternatives', async () => {
    const res = await call(t, alice, 'POST', '/api/chats', { botId });
    expect(res.statusCode).toBe(201);
    const chat = res.json() as Chat;
    expect(chat).toMatchObject({
      botId,
      title: 'Mira',
      bot: { name: 'Mira' },
      lastMessage: { role: 'assistant', content: 'Welcome aboard, Alice.' },
    });
    const { items } = await messagesOf(chat.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ role: 'assistant', content: 'Welcome aboard, Alice.', variantIndex: 0 });
    expect(items[0]!.variants).toHaveLength(2);
    const other = await call(t, alice, 'PATCH', `/api/chats/${chat.id}/messages/${items[0]!.variants[1]}`, { selected: true });
    expect(other.json()).toMatchObject({ content: 'Strap in, Alice.', variantIndex: 1 });
    expect((await messagesOf(chat.id)).items[0]!.content).toBe('Strap in, Alice.');
    const logs = await t.database.db
      .select()
      .from(botLogs)
      .where(and(eq(botLogs.botId, botId), eq(botLogs.action, 'chat_started')));
    expect(logs.length).toBeGreaterThanOrEqual(1);
  });

  it('answers in character as JSON, saving both messages, charging one token and logging the reply', async () => {
    const chat = await start();
    const before = await balance(alice);
    const res = await send(chat.id, 'Where are we heading?');
    expect(res.statusCode).toBe(201);
    const { message, userMessage } = res.json() as { message: ChatMessage; userMessage: ChatMessage };
    expect(userMessage).toMatchObject({ role: 'user', content: 'Where are we heading?' });
    expect(message).toMatchObject({ role: 'assistant', status: 'complete' });
    expect(message.content).toContain('Mira');
    expect(message.content).toContain('Calm under fire.');
    expect(await balance(alice)).toBe(before - 1);
    expect((await messagesOf(chat.id)).items.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant']);
    const [stats] = await t.database.db
      .select({ chats: bots.totalChats, messages: bots.totalMessages, popularity: bots.popularity })
      .from(bots)
      .where(eq(bots.id, botId));
    // A bot's message count is its replies, as the bot log counts them.
    expect(stats!.messages).toBeGreaterThanOrEqual(1);
    expect(stats!.popularity).toBeGreaterThan(0);
  });

  it('streams the reply as server-sent events: user, start, tokens, done', async () => {
    const chat = await start();
    const res = await send(chat.id, 'Tell me about the ship', alice, true);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = eventsOf(res.body);
    expect(events[0]!.event).toBe('user');
    expect(events[1]!.event).toBe('start');
    const tokens = events.filter((e) => e.event === 'token');
    expect(tokens.length).toBeGreaterThan(3);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect((done.data.message as ChatMessage).content).toBe(tokens.map((e) => e.data.text).join(''));
    // The server's own time before it called the model, for devtools and bench/.
    expect(String(res.headers['server-timing'])).toMatch(/^prep;dur=\d+(\.\d+)?;desc="before the model"$/);
  });

  it('regenerates a reply as a new alternative and keeps the old one', async () => {
    const chat = await start();
    const first = ((await send(chat.id, 'Hello captain')).json() as { message: ChatMessage }).message;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chat.id}/messages/${first.id}/regenerate`,
      headers: t.bearer(alice),
    });
    expect(res.statusCode).toBe(201);
    const second = (res.json() as { message: ChatMessage }).message;
    expect(second.variants).toEqual([first.id, second.id]);
    expect(second.variantIndex).toBe(1);
    // A regenerate is paid for: the offline responder words it anew (and a third time differently again).
    expect(first.content).not.toBe('');
    expect(second.content).not.toBe(first.content);
    const visible = (await messagesOf(chat.id)).items;
    expect(visible.at(-1)!.id).toBe(second.id);
    // The list answers a message field for field as the reply did (alternatives, times to the millisecond).
    expect(visible.at(-1)).toEqual(second);
    // The chat's id as stored, however the path spelled it.
    const upper = (await call(t, alice, 'GET', `/api/chats/${chat.id.toUpperCase()}/messages`)).json() as { items: ChatMessage[] };
    expect(upper.items.every((m) => m.chatId === chat.id)).toBe(true);
    await call(t, alice, 'PATCH', `/api/chats/${chat.id}/messages/${first.id}`, { selected: true });
    expect((await messagesOf(chat.id)).items.at(-1)!.id).toBe(first.id);
    const user = visible.find((m) => m.role === 'user')!;
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/chats/${chat.id}/messages/${user.id}/regenerate`, headers: t.bearer(alice) }))
        .statusCode,
    ).toBe(400);
    const third = (
      (
        await t.app.inject({ method: 'POST', url: `/api/chats/${chat.id}/messages/${first.id}/regenerate`, headers: t.bearer(alice) })
      ).json() as {
        message: ChatMessage;
      }
    ).message;
    expect(new Set([first.content, second.content, third.content]).size).toBe(3);
  });

  it('edits and deletes own messages', async () => {
    const chat = await start();
    const { userMessage, message } = (await send(chat.id, 'Typo hre')).json() as { message: ChatMessage; userMessage: ChatMessage };
    const edited = await call(t, alice, 'PATCH', `/api/chats/${chat.id}/messages/${userMessage.id}`, { content: 'Typo here' });
    expect(edited.json()).toMatchObject({ content: 'Typo here', editedAt: expect.any(String) });
    expect((await messagesOf(chat.id)).items).toEqual([expect.anything(), edited.json(), message]);
    expect((await call(t, alice, 'PATCH', `/api/chats/${chat.id}/messages/${message.id}`, { content: 'Forged reply' })).statusCode).toBe(
      400,
    );
    expect((await call(t, alice, 'DELETE', `/api/chats/${chat.id}/messages/${message.id}`)).statusCode).toBe(204);
    expect((await messagesOf(chat.id)).items.map((m) => m.id)).not.toContain(message.id);
  });

  it('refuses empty and oversized messages, and changes nothing', async () => {
    const chat = await start();
    const empty = await send(chat.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toMatchObject({ field: 'content', message: 'Message is required' });
    const long = await send(chat.id, 'x'.repeat(4001));
    expect(errorOf(long).message).toBe('Message must be at most 4000 characters');
    expect((await messagesOf(chat.id)).items).toHaveLength(1);
  });

  it("keeps every chat to its owner: another user's chat answers 404", async () => {
    const chat = await start();
    for (const [method, url, body] of [
      ['GET', `/api/chats/${chat.id}`, undefined],
      ['GET', `/api/chats/${chat.id}/messages`, undefined],
      ['POST', `/api/chats/${chat.id}/messages`, { content: 'Hi' }],
      ['DELETE', `/api/chats/${chat.id}`, undefined],
    ] as const) {
      expect((await call(t, bob, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(t, null, 'GET', '/api/chats')).statusCode).toBe(401);
    const priv = await createBot(t, bob);
    expect((await call(t, alice, 'POST', '/api/chats', { botId: priv.id })).statusCode).toBe(404);
  });

  it('answers 401 to a send or a regenerate without a valid session, before anything else, and saves nothing', async () => {
    // These two calls look the session up alongside their first query (deferAuth): the answer must be as if it came first.
    const chat = await start();
    await send(chat.id, 'Hello');
    const { items } = await messagesOf(chat.id);
    const replyId = items.at(-1)!.id;
    const before = await balance(alice);
    const gone = await t.signup();
    expect((await call(t, gone, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    const noSession = { authorization: 'Bearer at_not-a-session' };
    for (const headers of [{}, noSession, t.bearer(gone)]) {
      for (const [url, payload] of [
        [`/api/chats/${chat.id}/messages`, { content: 'Hi' }],
        [`/api/chats/${chat.id}/messages`, { content: '' }],
        [`/api/chats/00000000-0000-4000-8000-000000000000/messages`, { content: 'Hi' }],
        [`/api/chats/not-a-chat/messages`, { content: 'Hi' }],
        [`/api/chats/${chat.id}/messages/${replyId}/regenerate`, undefined],
        [`/api/chats/${chat.id}/messages/999999999/regenerate`, undefined],
      ] as const) {
        const res = await t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(401);
        expect(errorOf(res).code).toMatch(/^(UNAUTHORIZED|SESSION_EXPIRED)$/);
      }
    }
    expect((await messagesOf(chat.id)).items).toEqual(items);
    expect(await balance(alice)).toBe(before);
  });

  it('lists my chats, newest first, with the bot and the last message; deletes one', async () => {
    const fresh = await t.signup();
    const a = await start(fresh);
    const b = await start(fresh);
    await send(a.id, 'Bump this one', fresh);
    const list = (await call(t, fresh, 'GET', '/api/chats')).json() as { items: Chat[]; total: number };
    expect(list.total).toBe(2);
    expect(list.items[0]!.id).toBe(a.id);
    expect(list.items[0]!.lastMessage?.role).toBe('assistant');
    expect((await call(t, fresh, 'GET', '/api/chats?q=mira')).json().total).toBe(2);
    expect((await call(t, fresh, 'DELETE', `/api/chats/${b.id}`)).statusCode).toBe(204);
    expect((await call(t, fresh, 'GET', '/api/chats')).json().total).toBe(1);
  });

  it('pages a chat of 10,000 messages, newest page first', async () => {
    const chat = await start();
    await t.database.db.execute(sql`
      insert into chat_messages (chat_id, role, content)
      select ${chat.id}::uuid, case when i % 2 = 0 then 'user' else 'assistant' end, 'message ' || i from generate_series(1, 10000) i`);
    const first = await messagesOf(chat.id);
    expect(first.items).toHaveLength(50);
    expect(first.items.at(-1)!.content).toBe('message 10000');
    expect(first.hasMore).toBe(true);
    const older = await messagesOf(chat.id, alice, `?before=${first.items[0]!.id}&limit=100`);
    expect(older.items.at(-1)!.content).toBe('message 9950');
    expect(older.items).toHaveLength(100);
  });

  it('lets people rate a bot they chatted with, and keeps the average current', async () => {
    const chat = await start();
    expect((await call(t, alice, 'GET', `/api/chats/${chat.id}`)).json()).toMatchObject({ myRating: null });
    expect((await call(t, alice, 'POST', `/api/bots/${botId}/rate`, { rating: 4 })).json()).toMatchObject({
      rating: 4,
      ratingCount: 1,
      avgRating: 4,
    });
    const stranger = await t.signup();
    expect((await call(t, stranger, 'POST', `/api/bots/${botId}/rate`, { rating: 5 })).statusCode).toBe(403);
    await start(stranger);
    expect((await call(t, stranger, 'POST', `/api/bots/${botId}/rate`, { rating: 5 })).json()).toMatchObject({
      ratingCount: 2,
      avgRating: 4.5,
    });
    expect((await call(t, alice, 'POST', `/api/bots/${botId}/rate`, { rating: 2 })).json()).toMatchObject({
      ratingCount: 2,
      avgRating: 3.5,
    });
    expect((await call(t, alice, 'POST', `/api/bots/${botId}/rate`, { rating: 6 })).statusCode).toBe(400);
    // Each chat with the bot shows the owner's own stars, in the chat and in the list.
    expect((await call(t, alice, 'GET', `/api/chats/${chat.id}`)).json()).toMatchObject({ myRating: 2 });
    const list = (await call(t, alice, 'GET', `/api/chats?botId=${botId}`)).json() as { items: Chat[] };
    expect(list.items.map((c) => c.myRating)).toEqual(list.items.map(() => 2));
  });

  it("answers the creator's test with one reply and saves nothing", async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(chatMessages);
    const res = await call(t, bob, 'POST', `/api/bots/${botId}/test`, { message: 'Are you ready?' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { reply: string }).reply).toContain('Mira');
    expect(await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(chatMessages)).toEqual(before);
    expect((await call(t, alice, 'POST', `/api/bots/${botId}/test`, { message: 'Hi' })).statusCode).toBe(403);
  });
});

describe('tokens through the ledger', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0', STARTING_TOKENS: '3' } });
  });
  afterAll(() => t.close());

  it('many replies at once on a balance for three: exactly three succeed, the balance ends at 0, the ledger adds up', async () => {
    const owner = await t.signup();
    const bot = await createBot(t, owner, { visibility: 'public', avatarUrl: '/avatars/mira.svg' });
    const user = await t.signup();
    const chat = (await call(t, user, 'POST', '/api/chats', { botId: bot.id })).json() as Chat;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/chats/${chat.id}/messages`,
          headers: t.bearer(user),
          payload: { content: `Message ${i}` },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 402)).toHaveLength(7);
    expect(errorOf(results.find((r) => r.statusCode === 402)!)).toMatchObject({ code: 'INSUFFICIENT_TOKENS' });
    expect((await call(t, user, 'GET', '/api/tokens/balance')).json()).toEqual({ balance: 0 });
    const userId = ((await call(t, user, 'GET', '/api/auth/session')).json() as { user: { id: string } }).user.id;
    const [sum] = await t.database.db
      .select({ total: sql<number>`sum(${ledgerEntries.amount})`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.currency, 'tokens')));
    expect(sum!.total).toBe(0);
    // Refused sends saved nothing: three questions and three replies besides the greeting.
    const { items } = (await call(t, user, 'GET', `/api/chats/${chat.id}/messages`)).json() as { items: ChatMessage[] };
    expect(items).toHaveLength(7);
  });

  it('answers 402 and saves nothing for a user who has no wallet yet', async () => {
    const owner = await t.signup();
    const bot = await createBot(t, owner, { visibility: 'public', avatarUrl: '/avatars/mira.svg' });
    const user = await t.signup();
    const chat = (await call(t, user, 'POST', '/api/chats', { botId: bot.id })).json() as Chat;
    const userId = ((await call(t, user, 'GET', '/api/auth/session')).json() as { user: { id: string } }).user.id;
    await t.database.db.delete(ledgerEntries).where(eq(ledgerEntries.userId, userId));
    await t.database.db.delete(wallets).where(eq(wallets.userId, userId));
    const res = await call(t, user, 'POST', `/api/chats/${chat.id}/messages`, { content: 'Hi' });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).code).toBe('INSUFFICIENT_TOKENS');
    const { items } = (await call(t, user, 'GET', `/api/chats/${chat.id}/messages`)).json() as { items: ChatMessage[] };
    expect(items).toHaveLength(1);
    expect((await call(t, user, 'GET', '/api/tokens/balance')).json()).toEqual({ balance: 0 });
  });

  it("charges nothing for a free bot's replies, and writes no ledger entry", async () => {
    const owner = await t.signup();
    const bot = await createBot(t, owner, { visibility: 'public', avatarUrl: '/avatars/mira.svg', costs: { textMessage: 0 } });
    const user = await t.signup();
    const chat = (await call(t, user, 'POST', '/api/chats', { botId: bot.id })).json() as Chat;
    for (let i = 0; i < 5; i++)
      expect((await call(t, user, 'POST', `/api/chats/${chat.id}/messages`, { content: `Hi ${i}` })).statusCode).toBe(201);
    expect((await call(t, user, 'GET', '/api/tokens/balance')).json()).toEqual({ balance: 3 });
    const userId = ((await call(t, user, 'GET', '/api/auth/session')).json() as { user: { id: string } }).user.id;
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
    expect(entries.map((e) => e.reason)).not.toContain('reply');
    const { items } = (await call(t, user, 'GET', `/api/chats/${chat.id}/messages`)).json() as { items: ChatMessage[] };
    expect(items).toHaveLength(11);
  });
});
