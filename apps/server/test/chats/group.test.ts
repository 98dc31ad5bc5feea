import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/db/schema/ledger';
import type { Session } from '@app/shared/auth/schemas';
import type { Chat, ChatMessage } from '@app/shared/chats/schemas';
import type { ReplyPrompt } from '@app/shared/lorebooks/schemas';
import type { BotRow } from '../../src/features/bots';
import { chooseSpeaker, talkativenessOf } from '../../src/features/chats/group';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { call, createBot } from '../bots/helpers';

const member = (id: string, name: string, talkativeness?: number | string) =>
  ({ id, name, extensions: talkativeness === undefined ? {} : { talkativeness } }) as unknown as BotRow;

describe('group chats: who speaks next', () => {
  const mira = member('m', 'Captain Mira Voss', 0.5);
  const rex = member('r', 'Rex', '0.9');
  const quiet = member('q', 'Quill', 0);

  it('natural: a character the message names speaks, the first named, even the one who spoke last', () => {
    const members = [mira, rex, quiet];
    expect(chooseSpeaker({ members, order: 'natural', said: 'What do you think, quill?', lastSpeakerId: null })?.id).toBe('q');
    // The first word of a name is enough; the earliest named wins.
    expect(chooseSpeaker({ members, order: 'natural', said: 'Mira, then Rex.', lastSpeakerId: null })?.id).toBe('m');
    expect(chooseSpeaker({ members, order: 'natural', said: 'Mira, then Rex.', lastSpeakerId: 'm' })?.id).toBe('m');
    // Not inside another word: "Rexford" names nobody, and the draw picks Mira.
    expect(
      chooseSpeaker({ members: [mira, rex], order: 'natural', said: 'Rexford is here', lastSpeakerId: null, random: () => 0 })?.id,
    ).toBe('m');
  });

  it('natural: otherwise a draw weighted by talkativeness; a silent character is never drawn while others can speak', () => {
    const members = [mira, rex, quiet];
    const drawn = new Set<string>();
    for (let i = 0; i < 50; i++)
      drawn.add(chooseSpeaker({ members, order: 'natural', said: 'Hello all', lastSpeakerId: null, random: () => i / 50 })!.id);
    expect(drawn).toEqual(new Set(['m', 'r']));
    expect(talkativenessOf(quiet)).toBe(0);
    expect(talkativenessOf(member('x', 'X'))).toBe(0.5);
    expect(talkativenessOf(member('x', 'X', '7'))).toBe(1);
    // Only silent ones left: still someone answers.
    expect(
      chooseSpeaker({ members: [quiet, member('z', 'Zed', 0)], order: 'natural', said: 'Hi', lastSpeakerId: 'q', random: () => 0.6 })?.id,
    ).toBe('z');
  });

  it('list: the next after the last speaker, around; manual: nobody', () => {
    const members = [mira, rex, quiet];
    expect(chooseSpeaker({ members, order: 'list', said: 'x', lastSpeakerId: null })?.id).toBe('m');
    expect(chooseSpeaker({ members, order: 'list', said: 'x', lastSpeakerId: 'r' })?.id).toBe('q');
    expect(chooseSpeaker({ members, order: 'list', said: 'x', lastSpeakerId: 'q' })?.id).toBe('m');
    expect(chooseSpeaker({ members, order: 'manual', said: 'Rex?', lastSpeakerId: null })).toBeNull();
  });
});

describe('group chats over the API (issue 20 §3)', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0' } });
    alice = await t.signup({ displayName: 'Alice' });
    bob = await t.signup({ displayName: 'Bob' });
    const make = async (name: string, cost: number, visibility: 'public' | 'private' = 'public', owner = bob) =>
      (
        await createBot(t, owner, {
          name,
          visibility,
          avatarUrl: '/avatars/mira.svg',
          firstMessage: `${name} waves at {{user}}.`,
          costs: { textMessage: cost },
        })
      ).id;
    ids.mira = await make('Mira', 1);
    ids.rex = await make('Rex', 3);
    ids.quill = await make('Quill', 0);
    ids.secret = await make('Secret', 1, 'private');
    ids.extra = await make('Extra', 1);
  });
  afterAll(() => t.close());

  const start = async (botIds: string[], turnOrder?: string) => {
    const res = await call(t, alice, 'POST', '/api/chats', { botIds, ...(turnOrder ? { turnOrder } : {}) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Chat;
  };
  const messagesOf = async (chatId: string) =>
    ((await call(t, alice, 'GET', `/api/chats/${chatId}/messages?limit=100`)).json() as { items: ChatMessage[] }).items;
  const send = (chatId: string, content: string, botId?: string) =>
    call(t, alice, 'POST', `/api/chats/${chatId}/messages`, { content, ...(botId ? { botId } : {}) });
  const balance = async () => ((await call(t, alice, 'GET', '/api/tokens/balance')).json() as { balance: number }).balance;

  it("starts a group with each character's greeting, in list order", async () => {
    const chat = await start([ids.mira!, ids.rex!, ids.quill!]);
    expect(chat.group).toEqual({
      turnOrder: 'natural',
      bots: [
        { id: ids.mira, name: 'Mira', avatarUrl: '/avatars/mira.svg' },
        { id: ids.rex, name: 'Rex', avatarUrl: '/avatars/mira.svg' },
        { id: ids.quill, name: 'Quill', avatarUrl: '/avatars/mira.svg' },
      ],
    });
    expect(chat).toMatchObject({ botId: ids.mira, title: 'Mira, Rex, Quill', messageCount: 3 });
    const greetings = await messagesOf(chat.id);
    expect(greetings.map((m) => [m.botId, m.content])).toEqual([
      [ids.mira, 'Mira waves at Alice.'],
      [ids.rex, 'Rex waves at Alice.'],
      [ids.quill, 'Quill waves at Alice.'],
    ]);
    // A one-to-one chat is no group, and its messages name no character.
    const single = (await call(t, alice, 'POST', '/api/chats', { botId: ids.mira })).json() as Chat;
    expect(single.group).toBeNull();
    expect((await messagesOf(single.id))[0]!.botId).toBeNull();
  });

  it('each reply is one character’s, charged at its price; the prompt says who said what', async () => {
    const chat = await start([ids.mira!, ids.rex!, ids.quill!]);
    let before = await balance();
    // Naming Rex makes Rex reply, at Rex's price.
    const toRex = await send(chat.id, 'Rex, what is the plan?');
    expect(toRex.statusCode, toRex.body).toBe(201);
    const rexReply = (toRex.json() as { message: ChatMessage }).message;
    expect(rexReply.botId).toBe(ids.rex);
    expect(await balance()).toBe(before - 3);

    // "Reply as" Quill: free.
    before = await balance();
    const asQuill = (await send(chat.id, 'Anyone else?', ids.quill)).json() as { message: ChatMessage };
    expect(asQuill.message.botId).toBe(ids.quill);
    expect(await balance()).toBe(before);
    const prompt = (await call(t, alice, 'GET', `/api/chats/${chat.id}/messages/${asQuill.message.id}/prompt`)).json() as ReplyPrompt;
    expect(prompt.messages[0]!.content).toContain('Quill is in a group chat with Mira, Rex, Alice.');
    const said = prompt.messages.map((m) => `${m.role}|${m.content}`);
    expect(said).toContain(`user|Rex: ${rexReply.content}`);
    expect(said).toContain('user|Alice: Anyone else?');
    expect(said).toContain('assistant|Quill waves at Alice.');

    // Regenerating a reply: the same character again, at its price.
    before = await balance();
    const again = await call(t, alice, 'POST', `/api/chats/${chat.id}/messages/${rexReply.id}/regenerate`);
    expect(again.statusCode, again.body).toBe(201);
    expect((again.json() as { message: ChatMessage }).message.botId).toBe(ids.rex);
    expect(await balance()).toBe(before - 3);

    // Not a member: refused, nothing charged or saved.
    before = await balance();
    const count = (await messagesOf(chat.id)).length;
    const stranger = await send(chat.id, 'Hi', ids.extra);
    expect(stranger.statusCode).toBe(404);
    expect(errorOf(stranger).field).toBe('botId');
    expect(await balance()).toBe(before);
    expect(await messagesOf(chat.id)).toHaveLength(count);
  });

  it('list order goes round; manual order asks who replies', async () => {
    const chat = await start([ids.mira!, ids.quill!], 'list');
    const first = (await send(chat.id, 'One')).json() as { message: ChatMessage };
    // Quill greeted last: Mira is next, then Quill.
    expect(first.message.botId).toBe(ids.mira);
    expect(((await send(chat.id, 'Two')).json() as { message: ChatMessage }).message.botId).toBe(ids.quill);

    const patched = await call(t, alice, 'PATCH', `/api/chats/${chat.id}`, { turnOrder: 'manual' });
    expect((patched.json() as Chat).group?.turnOrder).toBe('manual');
    const unchosen = await send(chat.id, 'Three');
    expect(unchosen.statusCode).toBe(400);
    expect(errorOf(unchosen).field).toBe('botId');
    expect(((await send(chat.id, 'Three', ids.quill)).json() as { message: ChatMessage }).message.botId).toBe(ids.quill);
  });

  it('characters join and leave; limits, duplicates, private bots and one-to-one chats are refused', async () => {
    const chat = await start([ids.mira!, ids.rex!]);
    const joined = await call(t, alice, 'POST', `/api/chats/${chat.id}/bots`, { botId: ids.quill });
    expect(joined.statusCode, joined.body).toBe(200);
    expect((joined.json() as Chat).group?.bots.map((b) => b.name)).toEqual(['Mira', 'Rex', 'Quill']);
    expect((await call(t, alice, 'POST', `/api/chats/${chat.id}/bots`, { botId: ids.quill })).statusCode).toBe(400);
    expect((await call(t, alice, 'POST', `/api/chats/${chat.id}/bots`, { botId: ids.secret })).statusCode).toBe(404);

    const left = await call(t, alice, 'DELETE', `/api/chats/${chat.id}/bots/${ids.mira}`);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toMatchObject({ botId: ids.rex, title: 'Rex, Quill' });
    // Mira's greeting stays, still hers.
    expect((await messagesOf(chat.id)).find((m) => m.botId === ids.mira)?.speaker).toEqual({
      name: 'Mira',
      avatarUrl: '/avatars/mira.svg',
    });
    expect((await call(t, alice, 'DELETE', `/api/chats/${chat.id}/bots/${ids.mira}`)).statusCode).toBe(404);
    await call(t, alice, 'DELETE', `/api/chats/${chat.id}/bots/${ids.rex}`);
    const last = await call(t, alice, 'DELETE', `/api/chats/${chat.id}/bots/${ids.quill}`);
    expect(last.statusCode).toBe(400);

    for (const body of [
      { botIds: [ids.mira] },
      { botIds: [ids.mira, ids.mira] },
      { botIds: Array(9).fill(ids.mira) },
      { botIds: [ids.mira, ids.secret] },
      { botIds: [ids.mira, 'nope'] },
      { botId: ids.mira, botIds: [ids.mira, ids.rex] },
      { botIds: [ids.mira, ids.rex], turnOrder: 'chaos' },
    ]) {
      const res = await call(t, alice, 'POST', '/api/chats', body);
      expect([400, 404], JSON.stringify(body)).toContain(res.statusCode);
    }
    const single = (await call(t, alice, 'POST', '/api/chats', { botId: ids.mira })).json() as Chat;
    expect((await call(t, alice, 'POST', `/api/chats/${single.id}/bots`, { botId: ids.rex })).statusCode).toBe(400);
    expect((await call(t, alice, 'PATCH', `/api/chats/${single.id}`, { turnOrder: 'list' })).statusCode).toBe(400);
    expect((await send(single.id, 'Hi', ids.rex)).statusCode).toBe(400);
    // Another user's group: not found.
    expect((await call(t, bob, 'POST', `/api/chats/${chat.id}/bots`, { botId: ids.mira })).statusCode).toBe(404);
    expect((await call(t, bob, 'DELETE', `/api/chats/${chat.id}/bots/${ids.quill}`)).statusCode).toBe(404);
  });

  it('a character made private sits out its turns, one deleted leaves its words with no one to say them again', async () => {
    const make = async (name: string) =>
      (await createBot(t, bob, { name, visibility: 'public', avatarUrl: '/avatars/mira.svg', firstMessage: `${name} is here.` })).id;
    const [lead, shy, gone] = [await make('Lead'), await make('Shy'), await make('Gone')];
    const chat = await start([lead, shy, gone], 'list');
    const goneReply = ((await send(chat.id, 'Hi', gone)).json() as { message: ChatMessage }).message;
    // The chat with a bot is the one-to-one one, never a group it leads.
    const single = (await call(t, alice, 'POST', '/api/chats', { botId: lead })).json() as Chat;
    const latest = (await call(t, alice, 'GET', `/api/chats?botId=${lead}&limit=5`)).json() as { items: Chat[] };
    expect(latest.items.map((c) => c.id)).toEqual([single.id]);

    expect((await call(t, bob, 'POST', `/api/bots/${shy}/unpublish`)).statusCode).toBe(200);
    // Gone spoke last: Shy would be next in the list, but may not speak to Alice any more.
    const next = await send(chat.id, 'Who is next?');
    expect(next.statusCode, next.body).toBe(201);
    expect((next.json() as { message: ChatMessage }).message.botId).toBe(lead);
    expect((await send(chat.id, 'Shy?', shy)).statusCode).toBe(404);

    expect((await call(t, bob, 'DELETE', `/api/bots/${gone}`)).statusCode).toBe(204);
    const regenerate = await call(t, alice, 'POST', `/api/chats/${chat.id}/messages/${goneReply.id}/regenerate`);
    expect(regenerate.statusCode).toBe(400);
    expect(errorOf(regenerate).field).toBe('messageId');
    // The group goes on, and its prompt names a deleted character's words as nobody's own.
    const after = ((await send(chat.id, 'Still here?', lead)).json() as { message: ChatMessage }).message;
    const prompt = (await call(t, alice, 'GET', `/api/chats/${chat.id}/messages/${after.id}/prompt`)).json() as ReplyPrompt;
    expect(prompt.messages.map((m) => m.content)).toContain(`A character who left: ${goneReply.content}`);
  });

  it('deleting the character a group shows first hands the group to the next one; a chat with it alone goes with it', async () => {
    const make = async (name: string) =>
      (await createBot(t, bob, { name, visibility: 'public', avatarUrl: '/avatars/mira.svg', firstMessage: `${name} is here.` })).id;
    const [first, second, third] = [await make('First'), await make('Second'), await make('Third')];
    const group = await start([first, second, third], 'list');
    const single = (await call(t, alice, 'POST', '/api/chats', { botId: first })).json() as Chat;
    expect((await call(t, bob, 'DELETE', `/api/bots/${first}`)).statusCode).toBe(204);
    const after = await call(t, alice, 'GET', `/api/chats/${group.id}`);
    expect(after.statusCode, after.body).toBe(200);
    const chat = after.json() as Chat;
    expect(chat.bot.id).toBe(second);
    expect(chat.group!.bots.map((b) => b.id)).toEqual([second, third]);
    expect((await messagesOf(group.id)).length).toBeGreaterThan(0);
    expect((await call(t, alice, 'GET', `/api/chats/${single.id}`)).statusCode).toBe(404);
  });

  it('a group branch keeps its characters, turn order and speakers', async () => {
    const chat = await start([ids.mira!, ids.quill!], 'list');
    const reply = (await send(chat.id, 'Go')).json() as { message: ChatMessage };
    const branch = (await call(t, alice, 'POST', `/api/chats/${chat.id}/branch`, { messageId: reply.message.id })).json() as Chat;
    expect(branch.group).toEqual(chat.group);
    expect((await messagesOf(branch.id)).map((m) => m.botId)).toEqual([ids.mira, ids.quill, null, ids.mira]);
  });
});

describe('a group reply that fails', () => {
  let t: TestApp;
  let alice: Session;
  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '200', LLM_TIMEOUT_MS: '1000' } });
    alice = await t.signup({ displayName: 'Alice' });
  });
  afterAll(() => t.close());

  it("is refunded: the speaking character's price comes back, once", async () => {
    const make = async (name: string, cost: number) =>
      (await createBot(t, alice, { name, visibility: 'private', costs: { textMessage: cost } })).id;
    const cheap = await make('Cheap', 1);
    const dear = await make('Dear', 4);
    const chat = (await call(t, alice, 'POST', '/api/chats', { botIds: [cheap, dear] })).json() as Chat;
    const balance = async () => ((await call(t, alice, 'GET', '/api/tokens/balance')).json() as { balance: number }).balance;
    const before = await balance();
    const res = await call(t, alice, 'POST', `/api/chats/${chat.id}/messages`, { content: 'Hi', botId: dear });
    const { message } = res.json() as { message: ChatMessage };
    expect(message).toMatchObject({ status: 'failed', botId: dear });
    expect(await balance()).toBe(before);
    const entries = await t.database.db
      .select({ amount: ledgerEntries.amount, reason: ledgerEntries.reason, botId: ledgerEntries.botId })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, alice.user.id), eq(ledgerEntries.reference, chat.id)));
    expect(entries.map((e) => [e.reason, e.amount, e.botId]).sort()).toEqual([
      ['reply', -4, dear],
      ['reply_refund', 4, dear],
    ]);
  });
});
