import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Chat, ChatMessage } from '@app/shared/chats/schemas';
import type { ChatLorebooks, Lorebook, LorebookSummary, ReplyPrompt } from '@app/shared/lorebooks/schemas';
import { LORE_MESSAGES } from '@app/shared/lorebooks/rules';
import { sql } from 'drizzle-orm';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { createBot, multipart } from '../bots/helpers';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const eldoria = JSON.parse(fs.readFileSync(path.join(fixtures, 'worlds/eldoria-sillytavern.json'), 'utf8')) as object;
const seraphinaPng = fs.readFileSync(path.join(fixtures, 'cards/seraphina-sillytavern.png'));

describe('lorebooks (issue 20 §1)', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0' } });
    alice = await t.signup({ displayName: 'Alice' });
    bob = await t.signup({ displayName: 'Bob' });
  });
  afterAll(() => t.close());

  const call = (session: Session | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: session ? t.bearer(session) : {}, ...(payload ? { payload } : {}) });
  const create = async (session: Session, body: object) => {
    const res = await call(session, 'POST', '/api/lorebooks', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Lorebook;
  };
  const dragonBook = (session: Session) =>
    create(session, {
      name: 'Dragons',
      entries: [
        { id: 1, name: 'Ember', keys: ['ember'], content: 'Ember is a red dragon who guards {{char}}.' },
        { id: 2, name: 'Lake', keys: ['lake'], secondaryKeys: ['night'], selectiveLogic: 'andAll', content: 'The lake glows at night.' },
      ],
    });
  const send = async (session: Session, chatId: string, content: string) => {
    const res = await call(session, 'POST', `/api/chats/${chatId}/messages`, { content });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { message: ChatMessage; userMessage: ChatMessage };
  };
  const promptOf = (session: Session, chatId: string, messageId: string) =>
    call(session, 'GET', `/api/chats/${chatId}/messages/${messageId}/prompt`);

  it('creates, lists, reads, changes and deletes a lorebook; entries get every option’s default', async () => {
    const book = await dragonBook(alice);
    expect(book).toMatchObject({ name: 'Dragons', description: '', botIds: [], chatIds: [] });
    expect(book.settings).toEqual({ scanDepth: 2, budgetPercent: 25, recursive: false, caseSensitive: false, matchWholeWords: false });
    expect(book.entries[0]).toMatchObject({ enabled: true, constant: false, order: 100, position: 'beforeChar', caseSensitive: null });

    const list = (await call(alice, 'GET', '/api/lorebooks')).json() as { items: LorebookSummary[] };
    expect(list.items.find((b) => b.id === book.id)).toMatchObject({ name: 'Dragons', entryCount: 2 });
    expect(list.items[0]).not.toHaveProperty('entries');

    const patched = await call(alice, 'PATCH', `/api/lorebooks/${book.id}`, { settings: { recursive: true }, entries: [book.entries[1]] });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ settings: { recursive: true, scanDepth: 2 }, entries: [{ id: 2 }] });

    expect((await call(alice, 'DELETE', `/api/lorebooks/${book.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/api/lorebooks/${book.id}`)).statusCode).toBe(404);
  });

  it('saves a book larger than the default 1 MB body limit whole, as the editor sends it', async () => {
    const book = await create(alice, { name: 'Big world' });
    const entries = Array.from({ length: 120 }, (_, id) => ({ id, keys: [`place${id}`], content: 'x'.repeat(15_000) }));
    const res = await call(alice, 'PATCH', `/api/lorebooks/${book.id}`, { entries });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect((res.json() as Lorebook).entries).toHaveLength(120);
  });

  it('refuses bad input with the field, and changes nothing', async () => {
    const book = await dragonBook(alice);
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: ' ' }, 'name'],
      [{ name: 'x', entries: [{ id: 1 }, { id: 1 }] }, 'entries.1.id'],
      [{ name: 'x', entries: [{ id: 1, position: 'sideways' }] }, 'entries.0.position'],
      [{ name: 'x', settings: { budgetPercent: 0 } }, 'settings.budgetPercent'],
      [{ name: 'x', extra: true }, undefined],
    ] as const) {
      const res = await call(alice, 'POST', '/api/lorebooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(errorOf(res).field).toBe(field);
    }
    expect((await call(alice, 'PATCH', `/api/lorebooks/${book.id}`, {})).statusCode).toBe(400);
    expect(((await call(alice, 'GET', `/api/lorebooks/${book.id}`)).json() as Lorebook).entries).toHaveLength(2);
  });

  it("refuses a regex key RE2 can't run when a book is saved, naming the key; one stored before never matches, and the reply goes on", async () => {
    for (const [entries, field] of [
      [[{ id: 1, keys: ['ember', '/(?<=red )dragon/'] }], 'entries.0.keys.1'],
      [
        [
          { id: 1, keys: ['a'] },
          { id: 2, keys: ['b'], secondaryKeys: ['/(\\w)\\1/'] },
        ],
        'entries.1.secondaryKeys.0',
      ],
    ] as const) {
      const res = await call(alice, 'POST', '/api/lorebooks', { name: 'Lookbehind', entries });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', field, message: LORE_MESSAGES.regexNotSupported });
    }
    const book = await create(alice, { name: 'Linear', entries: [{ id: 1, keys: ['/(a|a)*b$/'], content: 'Never.' }] });
    const patched = await call(alice, 'PATCH', `/api/lorebooks/${book.id}`, { entries: [{ id: 1, keys: ['/x(?!y)/'] }] });
    expect(patched.statusCode).toBe(400);
    expect(errorOf(patched).field).toBe('entries.0.keys.0');
    // A key stored before this rule (written here straight into the table) is skipped when a reply scans it.
    await t.app.ctx.db.execute(
      sql`update lorebooks set entries = ${JSON.stringify([
        { ...book.entries[0], keys: ['/(\\w)\\1/'], content: 'Old backreference.' },
        { ...book.entries[0], id: 2, keys: ['/(a|a)*$/'], content: 'Linear lore.' },
      ])}::jsonb where id = ${book.id}`,
    );
    const bot = await createBot(t, alice, { name: 'Scanner' });
    expect((await call(alice, 'PUT', `/api/bots/${bot.id}/lorebook`, { lorebookId: book.id })).statusCode).toBe(200);
    const chat = (await call(alice, 'POST', '/api/chats', { botId: bot.id })).json() as Chat;
    const started = Date.now();
    const { message } = await send(alice, chat.id, `${'a'.repeat(29)}!`);
    expect(Date.now() - started).toBeLessThan(5_000);
    const prompt = (await promptOf(alice, chat.id, message.id)).json() as ReplyPrompt;
    expect(JSON.stringify(prompt)).toContain('Linear lore.');
    expect(JSON.stringify(prompt)).not.toContain('Old backreference.');
  });

  it("another user's lorebook is not found, whatever they try", async () => {
    const book = await dragonBook(alice);
    for (const [method, url, body] of [
      ['GET', `/api/lorebooks/${book.id}`],
      ['PATCH', `/api/lorebooks/${book.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/lorebooks/${book.id}`],
      ['GET', `/api/lorebooks/${book.id}/export`],
    ] as const) {
      expect((await call(bob, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(((await call(bob, 'GET', '/api/lorebooks')).json() as { items: unknown[] }).items.map((b) => (b as Lorebook).id)).not.toContain(
      book.id,
    );
    // Nor can it be attached to their bot or chat.
    const bobBot = await createBot(t, bob);
    expect((await call(bob, 'PUT', `/api/bots/${bobBot.id}/lorebook`, { lorebookId: book.id })).statusCode).toBe(404);
    const bobChat = (await call(bob, 'POST', '/api/chats', { botId: bobBot.id })).json() as Chat;
    expect((await call(bob, 'POST', `/api/chats/${bobChat.id}/lorebooks`, { lorebookId: book.id })).statusCode).toBe(404);
    // And Alice can't attach her book to Bob's bot or chat.
    expect((await call(alice, 'PUT', `/api/bots/${bobBot.id}/lorebook`, { lorebookId: book.id })).statusCode).toBe(404);
    expect((await call(alice, 'POST', `/api/chats/${bobChat.id}/lorebooks`, { lorebookId: book.id })).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/lorebooks')).statusCode).toBe(401);
  });

  it("imports SillyTavern's Eldoria world (JSON) and the Seraphina card's book (a PNG upload); a file that is neither is refused", async () => {
    const world = await call(alice, 'POST', '/api/lorebooks/import', { data: eldoria, name: 'Eldoria' });
    expect(world.statusCode, world.body).toBe(201);
    expect(world.json()).toMatchObject({
      name: 'Eldoria',
      entries: [{ id: 0, keys: ['eldoria', 'wood', 'forest', 'magical forest'] }, {}, {}, {}],
    });

    const upload = multipart('file', 'seraphina.png', seraphinaPng, 'image/png');
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/lorebooks/import',
      headers: { ...t.bearer(alice), ...upload.headers },
      payload: upload.payload,
    });
    expect(card.statusCode, card.body).toBe(201);
    expect((card.json() as Lorebook).name).toBe('Eldoria');
    expect((card.json() as Lorebook).entries.length).toBeGreaterThan(0);

    const before = ((await call(alice, 'GET', '/api/lorebooks')).json() as { items: unknown[] }).items.length;
    const bad = multipart('file', 'notes.json', Buffer.from('{"hello": "world"}'), 'application/json');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/lorebooks/import',
      headers: { ...t.bearer(alice), ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe('This is not a lorebook file SillyTavern or a character card writes');
    const broken = multipart('file', 'broken.json', Buffer.from('{"entries": {'), 'application/json');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/lorebooks/import',
          headers: { ...t.bearer(alice), ...broken.headers },
          payload: broken.payload,
        })
      ).statusCode,
    ).toBe(400);
    expect((await call(alice, 'POST', '/api/lorebooks/import', { data: 'text' })).statusCode).toBe(400);
    // A NUL character (jsonb holds none) in an uploaded file is refused, not a 500.
    const nul = multipart(
      'file',
      'nul.json',
      Buffer.from(JSON.stringify({ entries: { 0: { uid: 0, key: ['a\u0000b'], content: 'x' } } })),
      'application/json',
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/lorebooks/import',
          headers: { ...t.bearer(alice), ...nul.headers },
          payload: nul.payload,
        })
      ).statusCode,
    ).toBe(400);
    expect(((await call(alice, 'GET', '/api/lorebooks')).json() as { items: unknown[] }).items).toHaveLength(before);
  });

  it('exports as a SillyTavern world file and as a character_book, both reading back the same', async () => {
    const book = await dragonBook(alice);
    const st = await call(alice, 'GET', `/api/lorebooks/${book.id}/export?format=sillytavern`);
    expect(st.statusCode).toBe(200);
    expect(st.headers['content-disposition']).toBe(`attachment; filename="Dragons.json"; filename*=UTF-8''Dragons.json`);
    const world = st.json() as { entries: Record<string, Record<string, unknown>> };
    expect(world.entries['2']).toMatchObject({
      uid: 2,
      key: ['lake'],
      keysecondary: ['night'],
      selectiveLogic: 3,
      comment: 'Lake',
      disable: false,
    });
    const card = (await call(alice, 'GET', `/api/lorebooks/${book.id}/export?format=card`)).json() as {
      extensions: object;
      entries: { extensions: object; use_regex: boolean }[];
    };
    expect(card.extensions).toEqual({ charachat: { lore: book.settings } });
    expect(card.entries.every((e) => typeof e.extensions === 'object' && e.use_regex === true)).toBe(true);
    for (const data of [world, card]) {
      const back = (await call(alice, 'POST', '/api/lorebooks/import', { data, name: 'Back' })).json() as Lorebook;
      expect(back.entries).toEqual(book.entries);
      expect(back.settings).toEqual(book.settings);
    }
    // Settings away from the defaults come back from either format too.
    const settings = { scanDepth: 6, budgetPercent: 40, recursive: true, caseSensitive: true, matchWholeWords: true };
    expect((await call(alice, 'PATCH', `/api/lorebooks/${book.id}`, { settings })).statusCode).toBe(200);
    for (const format of ['sillytavern', 'card']) {
      const data = (await call(alice, 'GET', `/api/lorebooks/${book.id}/export?format=${format}`)).json() as object;
      expect(((await call(alice, 'POST', '/api/lorebooks/import', { data, name: 'Back' })).json() as Lorebook).settings).toEqual(settings);
    }
    expect((await call(alice, 'GET', `/api/lorebooks/${book.id}/export?format=pdf`)).statusCode).toBe(400);
  });

  it("a bot's lorebook and a chat's lorebook reach the prompt, and the owner sees what the model was sent", async () => {
    const bot = await createBot(t, alice, { name: 'Keeper', personality: 'Wise.' });
    const botBook = await dragonBook(alice);
    const attached = await call(alice, 'PUT', `/api/bots/${bot.id}/lorebook`, { lorebookId: botBook.id });
    expect(attached.json()).toEqual({ botId: bot.id, lorebookId: botBook.id });
    const chatBook = await create(alice, {
      name: 'Weather',
      entries: [{ id: 7, keys: ['storm'], content: 'A storm is coming.', position: 'atDepth', depth: 1, role: 'user' }],
    });
    const chat = (await call(alice, 'POST', '/api/chats', { botId: bot.id })).json() as Chat;
    const list = await call(alice, 'POST', `/api/chats/${chat.id}/lorebooks`, { lorebookId: chatBook.id });
    expect((list.json() as ChatLorebooks).items).toEqual([{ id: chatBook.id, name: 'Weather', entryCount: 1 }]);
    expect(((await call(alice, 'GET', `/api/lorebooks/${chatBook.id}`)).json() as Lorebook).chatIds).toEqual([chat.id]);
    expect(((await call(alice, 'GET', `/api/lorebooks/${botBook.id}`)).json() as Lorebook).botIds).toEqual([bot.id]);

    const { message, userMessage } = await send(alice, chat.id, 'Tell me of Ember before the storm');
    const res = await promptOf(alice, chat.id, message.id);
    expect(res.statusCode, res.body).toBe(200);
    const prompt = res.json() as ReplyPrompt;
    expect(prompt.lore).toEqual([
      { lorebookId: chatBook.id, entryId: 7, name: 'storm' },
      { lorebookId: botBook.id, entryId: 1, name: 'Ember' },
    ]);
    // The bot's entry goes into the system prompt (macros filled); the chat's at depth 1, as the user.
    expect(prompt.messages[0]!.content).toContain('Ember is a red dragon who guards Keeper.');
    const last = prompt.messages.at(-1)!;
    expect(last).toEqual({ role: 'user', content: 'Tell me of Ember before the storm' });
    expect(prompt.messages.at(-2)).toEqual({ role: 'user', content: 'A storm is coming.' });
    expect(prompt.messages.some((m) => m.content.includes('The lake glows'))).toBe(false);

    // Only for a reply of one's own chat.
    expect((await promptOf(alice, chat.id, userMessage.id)).statusCode).toBe(404);
    expect((await promptOf(bob, chat.id, message.id)).statusCode).toBe(404);

    // Detached, the chat's book no longer comes in.
    const detached = await call(alice, 'DELETE', `/api/chats/${chat.id}/lorebooks/${chatBook.id}`);
    expect((detached.json() as ChatLorebooks).items).toEqual([]);
    const second = await send(alice, chat.id, 'And the storm at the lake at night?');
    const lore = ((await promptOf(alice, chat.id, second.message.id)).json() as ReplyPrompt).lore;
    // The lake's secondary keys (AND ALL: night) hold now; the weather book is gone.
    expect(lore).toContainEqual({ lorebookId: botBook.id, entryId: 2, name: 'Lake' });
    expect(lore.map((l) => l.lorebookId)).not.toContain(chatBook.id);

    // A message deleted is forgotten by the prompts that held it: the later replies' (not the earlier ones').
    expect((await call(alice, 'DELETE', `/api/chats/${chat.id}/messages/${second.userMessage.id}`)).statusCode).toBe(204);
    const gone = await promptOf(alice, chat.id, second.message.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('lake at night');
    expect((await promptOf(alice, chat.id, message.id)).statusCode).toBe(200);
  });

  it("an imported card's book becomes the bot's lorebook: Seraphina's 'forest' brings Eldoria into the prompt", async () => {
    const upload = multipart('file', 'seraphina.png', seraphinaPng, 'image/png');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/bots/import',
      headers: { ...t.bearer(alice), ...upload.headers },
      payload: upload.payload,
    });
    expect(imported.statusCode).toBe(201);
    const botId = (imported.json() as { id: string }).id;
    const books = ((await call(alice, 'GET', '/api/lorebooks')).json() as { items: LorebookSummary[] }).items;
    const adopted = books.find((b) => b.botIds.includes(botId));
    expect(adopted).toMatchObject({ name: 'Eldoria' });
    const chat = (await call(alice, 'POST', '/api/chats', { botId })).json() as Chat;
    const { message } = await send(alice, chat.id, 'What is this forest?');
    const prompt = (await promptOf(alice, chat.id, message.id)).json() as ReplyPrompt;
    expect(prompt.lore.map((l) => l.lorebookId)).toContain(adopted!.id);
    expect(prompt.messages[0]!.content).toContain('Eldoria is here, all of the woods.');

    // Detached by its owner, it stays detached: the next reply adopts nothing again.
    expect((await call(alice, 'PUT', `/api/bots/${botId}/lorebook`, { lorebookId: null })).statusCode).toBe(200);
    const next = await send(alice, chat.id, 'And the forest now?');
    expect(((await promptOf(alice, chat.id, next.message.id)).json() as ReplyPrompt).lore).toEqual([]);
    const after = ((await call(alice, 'GET', '/api/lorebooks')).json() as { items: LorebookSummary[] }).items;
    expect(after.filter((b) => b.name === 'Eldoria' && b.botIds.includes(botId))).toEqual([]);
  });

  it('a chat holds at most 10 lorebooks, even when many are attached at once', async () => {
    const bot = await createBot(t, alice);
    const chat = (await call(alice, 'POST', '/api/chats', { botId: bot.id })).json() as Chat;
    const books = await Promise.all(Array.from({ length: 14 }, (_, i) => create(alice, { name: `Book ${i}` })));
    const results = await Promise.all(books.map((b) => call(alice, 'POST', `/api/chats/${chat.id}/lorebooks`, { lorebookId: b.id })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(4);
    expect(((await call(alice, 'GET', `/api/chats/${chat.id}/lorebooks`)).json() as ChatLorebooks).items).toHaveLength(10);
    // Attaching one already there again changes nothing.
    const again = await call(alice, 'POST', `/api/chats/${chat.id}/lorebooks`, { lorebookId: books[0]!.id });
    expect([200, 400]).toContain(again.statusCode);
  });
});
