import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Chat, ChatMessage } from '@app/shared/chats/schemas';
import { countsOf } from '../../src/features/gamification/achievements';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { call, createBot } from '../bots/helpers';

describe('branches (issue 20 §4)', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let botId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0' } });
    alice = await t.signup({ displayName: 'Alice' });
    bob = await t.signup({ displayName: 'Bob' });
    botId = (
      await createBot(t, bob, {
        name: 'Mira',
        visibility: 'public',
        avatarUrl: '/avatars/mira.svg',
        firstMessage: 'Welcome aboard, {{user}}.',
        alternateGreetings: ['Strap in, {{user}}.'],
      })
    ).id;
  });
  afterAll(() => t.close());

  const start = async (session: Session = alice) => (await call(t, session, 'POST', '/api/chats', { botId })).json() as Chat;
  const messagesOf = async (chatId: string, session: Session = alice) =>
    ((await call(t, session, 'GET', `/api/chats/${chatId}/messages?limit=100`)).json() as { items: ChatMessage[] }).items;
  const send = async (chatId: string, content: string, session: Session = alice) => {
    const res = await call(t, session, 'POST', `/api/chats/${chatId}/messages`, { content });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { message: ChatMessage; userMessage: ChatMessage };
  };
  const regenerate = async (chatId: string, messageId: string) => {
    const res = await call(t, alice, 'POST', `/api/chats/${chatId}/messages/${messageId}/regenerate`);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { message: ChatMessage }).message;
  };
  const branch = (chatId: string, messageId: string, session: Session = alice) =>
    call(t, session, 'POST', `/api/chats/${chatId}/branch`, { messageId });
  const balance = async (session: Session) =>
    ((await call(t, session, 'GET', '/api/tokens/balance')).json() as { balance: number }).balance;
  /** A message as the branch test compares it: what is shown, not its id. */
  const shape = (m: ChatMessage) => ({ role: m.role, content: m.content, variantIndex: m.variantIndex, variants: m.variants.length });

  it('copies the history up to a message, alternatives kept, into a new chat linked to its parent', async () => {
    const chat = await start();
    const one = await send(chat.id, 'First question');
    await regenerate(chat.id, one.message.id);
    const two = await send(chat.id, 'Second question');
    await send(chat.id, 'Third question');
    const sourceBefore = await messagesOf(chat.id);
    const before = await balance(alice);
    const sentBefore = (await countsOf(t.database.db, alice.user.id)).messages_sent;

    const res = await branch(chat.id, two.message.id);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json() as Chat;
    expect(copy).toMatchObject({ botId, title: chat.title, parentId: chat.id, branchedFrom: two.message.id, messageCount: 5 });
    expect(copy.id).not.toBe(chat.id);

    const copied = await messagesOf(copy.id);
    // Greeting (2 alternatives), question, reply (2 alternatives, the new one shown), question, reply.
    expect(copied.map(shape)).toEqual(sourceBefore.slice(0, 5).map(shape));
    expect(copied.at(-1)!.content).toBe(two.message.content);
    expect(copied.map((m) => m.id).some((id) => sourceBefore.some((s) => s.id === id))).toBe(false);
    // Copies say so (the chat asks for stars after exchanges said here, not copied ones); the source's are its own.
    expect(copied.map((m) => m.copied)).toEqual([true, true, true, true, true]);
    expect(sourceBefore.every((m) => !m.copied)).toBe(true);
    // The hidden alternative came too: showing it in the branch works.
    const reply = copied[2]!;
    const other = reply.variants.find((v) => v !== reply.id)!;
    const shown = await call(t, alice, 'PATCH', `/api/chats/${copy.id}/messages/${other}`, { selected: true });
    expect(shown.statusCode, shown.body).toBe(200);
    expect((shown.json() as ChatMessage).content).toBe(one.message.content);

    // Nothing was charged, the copies count as no message sent (quests, achievements, challenges,
    // XP), and the parent is as it was.
    expect(await balance(alice)).toBe(before);
    expect((await countsOf(t.database.db, alice.user.id)).messages_sent).toBe(sentBefore);
    expect(await messagesOf(chat.id)).toEqual(sourceBefore);

    // The branch goes on by itself.
    const more = await send(copy.id, 'A different third question');
    expect((await countsOf(t.database.db, alice.user.id)).messages_sent).toBe(sentBefore + 1);
    expect((await messagesOf(copy.id)).at(-1)).toMatchObject({ id: more.message.id, copied: false });
    expect(more.message.copied).toBe(false);
    expect(await messagesOf(chat.id)).toEqual(sourceBefore);

    // Both are in the list, the branch pointing at its parent.
    const list = (await call(t, alice, 'GET', `/api/chats?botId=${botId}&limit=100`)).json() as { items: Chat[] };
    expect(list.items.find((c) => c.id === copy.id)?.parentId).toBe(chat.id);
    expect(list.items.find((c) => c.id === chat.id)?.parentId).toBeNull();
  });

  it('shows the alternative it branched from, and can branch at the greeting', async () => {
    const chat = await start();
    const one = await send(chat.id, 'Hello');
    const again = await regenerate(chat.id, one.message.id);
    expect(again.id).not.toBe(one.message.id);
    // Branch from the first alternative, which the source does not show now.
    const res = await branch(chat.id, one.message.id);
    expect(res.statusCode, res.body).toBe(201);
    const copied = await messagesOf((res.json() as Chat).id);
    expect(copied.at(-1)).toMatchObject({ content: one.message.content, variantIndex: 0 });
    expect(copied.at(-1)!.variants).toHaveLength(2);

    const greeting = (await messagesOf(chat.id))[0]!;
    const atGreeting = await branch(chat.id, greeting.id);
    expect(atGreeting.statusCode).toBe(201);
    const only = await messagesOf((atGreeting.json() as Chat).id);
    expect(only.map(shape)).toEqual([shape(greeting)]);
    expect((atGreeting.json() as Chat).messageCount).toBe(1);

    // An alternative made after later messages comes right after its first one in a branch.
    const late = await start();
    const a = await send(late.id, 'Alpha');
    const b = await send(late.id, 'Beta');
    const alt = await regenerate(late.id, a.message.id);
    const lateBranch = (await branch(late.id, b.message.id)).json() as Chat;
    const order = await messagesOf(lateBranch.id);
    expect(order.slice(1).map((m) => m.content)).toEqual(['Alpha', alt.content, 'Beta', b.message.content]);
  });

  it('keeps the chat’s persona and lorebooks, and outlives its parent', async () => {
    const persona = (await call(t, alice, 'POST', '/api/personas', { name: 'Ilo' })).json() as { id: string };
    const book = (await call(t, alice, 'POST', '/api/lorebooks', { name: 'Ship lore' })).json() as { id: string };
    const chat = await start();
    expect((await call(t, alice, 'PATCH', `/api/chats/${chat.id}`, { personaId: persona.id })).statusCode).toBe(200);
    expect((await call(t, alice, 'POST', `/api/chats/${chat.id}/lorebooks`, { lorebookId: book.id })).statusCode).toBe(200);
    const greeting = (await messagesOf(chat.id))[0]!;
    const copy = (await branch(chat.id, greeting.id)).json() as Chat;
    expect(copy.personaId).toBe(persona.id);
    const books = (await call(t, alice, 'GET', `/api/chats/${copy.id}/lorebooks`)).json() as { items: { id: string }[] };
    expect(books.items.map((b) => b.id)).toEqual([book.id]);

    expect((await call(t, alice, 'DELETE', `/api/chats/${chat.id}`)).statusCode).toBe(204);
    const orphan = (await call(t, alice, 'GET', `/api/chats/${copy.id}`)).json() as Chat;
    expect(orphan.parentId).toBeNull();
    expect(await messagesOf(copy.id)).toHaveLength(1);
  });

  it("refuses another user's chat, a message of another chat, and bad ids, and makes nothing", async () => {
    const chat = await start();
    const other = await start();
    const greeting = (await messagesOf(chat.id))[0]!;
    const otherGreeting = (await messagesOf(other.id))[0]!;
    const count = async () => ((await call(t, alice, 'GET', '/api/chats?limit=1')).json() as { total: number }).total;
    const before = await count();

    expect((await branch(chat.id, greeting.id, bob)).statusCode).toBe(404);
    const foreign = await branch(chat.id, otherGreeting.id);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).field).toBe('messageId');
    for (const messageId of ['abc', '-1', '', '1'.repeat(19)]) {
      const res = await branch(chat.id, messageId);
      expect(res.statusCode, messageId).toBe(400);
      expect(errorOf(res).field).toBe('messageId');
    }
    expect((await call(t, alice, 'POST', `/api/chats/${chat.id}/branch`, {})).statusCode).toBe(400);
    expect((await call(t, null, 'POST', `/api/chats/${chat.id}/branch`, { messageId: greeting.id })).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });
});
