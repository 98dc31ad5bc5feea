import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { RecentSearches, SearchResults, TrendingSearches } from '@app/shared/search/schemas';
import { queryRows } from '../../src/db/client';
import { bots } from '../../src/db/schema/bots';
import { recountSearchWords } from '../../src/features/search/lexicon';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { call, createBot } from '../bots/helpers';

/** Ctrl/Cmd+K search (issue 18 §3): each group, privacy, validation, recent and trending searches. */
describe('GET /api/search', () => {
  let t: TestApp;
  let owner: Session;
  let stranger: Session;
  let collaborator: Session;

  const search = async (session: Session | null, query: string) => {
    const res = await call(t, session, 'GET', `/api/search?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchResults;
  };
  const titles = (items: { title: string }[]) => items.map((i) => i.title);

  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0', RATE_LIMIT_MAX: '100000' } });
    owner = await t.signup({ displayName: 'Marigold Owner' });
    stranger = await t.signup({ displayName: 'Stranger Danger' });
    collaborator = await t.signup({ displayName: 'Helpful Editor' });
  });
  afterAll(() => t.close());

  describe('bots', () => {
    it('finds a public bot by a word of its description, and by the prefix of a word as the user types', async () => {
      const bot = await createBot(t, owner, {
        name: 'Captain Nebula',
        description: 'A starship captain who charts forgotten constellations.',
        visibility: 'public',
        avatarUrl: '/avatars/mira.svg',
      });
      for (const q of ['constellations', 'constell', 'CONSTELLATIONS', 'captain nebula', 'nebula starship']) {
        const { bots } = await search(null, `q=${encodeURIComponent(q)}`);
        expect(
          bots.map((b) => b.id),
          q,
        ).toContain(bot.id);
      }
      const [hit] = (await search(stranger, 'q=constellations')).bots;
      expect(hit).toMatchObject({ id: bot.id, type: 'bot', title: 'Captain Nebula', url: `/bots/${bot.id}`, badges: [] });
      expect(hit!.description).toContain('constellations');
    });

    it('ranks a bot whose name matches above one that only mentions the word', async () => {
      await createBot(t, owner, {
        name: 'Quiet Librarian',
        description: 'Knows every kestrelwing poem by heart.',
        visibility: 'public',
        avatarUrl: '/avatars/mira.svg',
      });
      await createBot(t, owner, {
        name: 'Kestrelwing',
        description: 'A falcon who guards the library tower.',
        visibility: 'public',
        avatarUrl: '/avatars/mira.svg',
      });
      const { bots } = await search(null, 'q=kestrelwing');
      expect(titles(bots)).toEqual(['Kestrelwing', 'Quiet Librarian']);
    });

    it("shows the caller's own private bots and the ones they collaborate on, never another user's private or unlisted bot", async () => {
      const secret = await createBot(t, owner, { name: 'Zanzibar Secret', description: 'A private confidant of zanzibarian lore.' });
      const unlisted = await createBot(t, owner, {
        name: 'Zanzibar Unlisted',
        description: 'Only reachable by its link, zanzibarian too.',
        visibility: 'unlisted',
      });
      const shared = await createBot(t, owner, { name: 'Zanzibar Shared', description: 'A private bot with an editor, zanzibarian.' });
      const invite = await call(t, owner, 'POST', `/api/bots/${shared.id}/collaborators`, {
        email: collaborator.user.email,
        role: 'editor',
      });
      expect(invite.statusCode).toBe(201);

      const mine = (await search(owner, 'q=zanzibar')).bots;
      expect(mine.map((b) => b.id).sort()).toEqual([secret.id, unlisted.id, shared.id].sort());
      expect(mine.find((b) => b.id === secret.id)!.badges).toEqual(['mine', 'private']);
      expect(mine.find((b) => b.id === unlisted.id)!.badges).toEqual(['mine', 'unlisted']);

      expect((await search(collaborator, 'q=zanzibar')).bots.map((b) => b.id)).toEqual([shared.id]);
      // The exact name, a typo of it, and every group: nothing of the owner's private bots.
      for (const q of ['Zanzibar Secret', 'zanzibar', 'zanzibr secret', 'zanzibarian']) {
        for (const session of [stranger, null]) {
          const res = await call(t, session, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
          expect(res.body).not.toContain(secret.id);
          expect(res.body).not.toContain(unlisted.id);
          expect(res.body).not.toContain(shared.id);
        }
      }
    });

    it('finds a bot despite a typo (pg_trgm) when no word matches exactly', async () => {
      const bot = await createBot(t, owner, {
        name: 'Wandering Alchemist',
        description: 'Brews potions in a travelling wagon.',
        visibility: 'public',
        avatarUrl: '/avatars/mira.svg',
      });
      const { bots } = await search(null, 'q=alchemsit');
      expect(bots.map((b) => b.id)).toContain(bot.id);
      // Two words, one misspelt by a swap of its first letters (the hardest case for trigrams).
      expect((await search(null, 'q=wandering lachemist')).bots.map((b) => b.id)).toContain(bot.id);
    });

    it("mends typos against the public bots' words only: a private bot's words never enter the lexicon, a word leaves when its last public bot goes", async () => {
      const lexicon = async () =>
        new Map(
          (await queryRows<{ word: string; bots: number }>(t.database.db, sql`select word, bots from search_words`)).map((r) => [
            r.word,
            r.bots,
          ]),
        );
      const secret = await createBot(t, owner, { name: 'Quillfeather Secret', description: 'Private notes.', visibility: 'private' });
      expect((await lexicon()).has('quillfeather')).toBe(false);
      const open = await createBot(t, owner, {
        name: 'Zephyrine Sailor',
        description: 'Sails the zephyrine sea.',
        visibility: 'public',
        avatarUrl: '/avatars/mira.svg',
      });
      expect((await lexicon()).has('zephyrine')).toBe(true);
      expect((await search(stranger, 'q=zpehyrine')).bots.map((b) => b.id)).toEqual([open.id]);
      // A private bot's words mend its owner's typos only; nobody else finds it, typo or not.
      expect((await search(owner, 'q=quillfaether')).bots.map((b) => b.id)).toEqual([secret.id]);
      expect((await search(stranger, 'q=quillfaether')).bots.map((b) => b.id)).not.toContain(secret.id);
      expect((await search(stranger, 'q=quillfeather')).bots.map((b) => b.id)).not.toContain(secret.id);
      // Made public, its words enter the lexicon at once (the trigger runs on updates too).
      await t.database.db.update(bots).set({ visibility: 'public', avatarUrl: '/avatars/mira.svg' }).where(eq(bots.id, secret.id));
      expect((await lexicon()).has('quillfeather')).toBe(true);
      await t.database.db.update(bots).set({ visibility: 'private' }).where(eq(bots.id, secret.id));

      await t.database.db.update(bots).set({ visibility: 'private' }).where(eq(bots.id, open.id));
      await recountSearchWords(t.database.db);
      const after = await lexicon();
      expect(after.has('zephyrine')).toBe(false);
      expect(after.get('alchemist')).toBe(1);
      expect((await search(stranger, 'q=zpehyrine')).bots).toEqual([]);
    });

    it("doesn't show a public bot that moderation hid to others", async () => {
      const bot = await createBot(t, owner, {
        name: 'Hidden Heron',
        description: 'Soon hidden by moderation.',
        visibility: 'public',
        avatarUrl: '/avatars/mira.svg',
      });
      await t.database.db.update(bots).set({ isActive: false }).where(eq(bots.id, bot.id));
      expect((await search(stranger, 'q=heron')).bots.map((b) => b.id)).not.toContain(bot.id);
      expect((await search(owner, 'q=heron')).bots.map((b) => b.id)).toContain(bot.id);
    });
  });

  describe('users', () => {
    it('finds public profiles by a word of the display name or the start of the username', async () => {
      const user = await t.signup({ username: 'quillfeather_writer', displayName: 'Ophelia Quillfeather' });
      for (const q of ['ophelia', 'Quillfeather', 'quillfea', 'quillfeather_writer']) {
        const { users } = await search(null, `q=${encodeURIComponent(q)}`);
        expect(
          users.map((u) => u.id),
          q,
        ).toContain(user.user.id);
      }
      const [hit] = (await search(stranger, 'q=ophelia')).users;
      expect(hit).toMatchObject({
        type: 'user',
        title: 'Ophelia Quillfeather',
        description: '@quillfeather_writer',
        url: '/profile/quillfeather_writer',
      });
    });

    it('leaves out a private profile (except to its owner) and a user who blocked the viewer', async () => {
      const hidden = await t.signup({ username: 'veiled_vesper', displayName: 'Vesper Veiled' });
      const blocker = await t.signup({ username: 'blocking_basil', displayName: 'Basil Blocker' });
      expect((await call(t, hidden, 'PATCH', '/api/user/settings/privacy', { profileVisibility: 'private' })).statusCode).toBe(200);
      expect((await call(t, blocker, 'POST', '/api/user/block', { userId: stranger.user.id })).statusCode).toBeLessThan(300);

      for (const session of [stranger, null]) {
        const res = await call(t, session, 'GET', '/api/search?q=veiled_vesper');
        expect(res.body).not.toContain(hidden.user.id);
      }
      expect((await search(hidden, 'q=vesper')).users.map((u) => u.id)).toEqual([hidden.user.id]);
      expect((await search(stranger, 'q=basil')).users.map((u) => u.id)).not.toContain(blocker.user.id);
      expect((await search(owner, 'q=basil')).users.map((u) => u.id)).toContain(blocker.user.id);
    });
  });

  describe('my chats', () => {
    it("finds the caller's chats by the bot's name and by a message's text; another user gets none of them, even with the exact words", async () => {
      const bot = await createBot(t, owner, {
        name: 'Oracle Thistledown',
        description: 'Answers riddles.',
        visibility: 'public',
        avatarUrl: '/avatars/mira.svg',
      });
      const byName = await call(t, owner, 'POST', '/api/chats', { botId: bot.id });
      const chatId = (byName.json() as { id: string }).id;
      const other = await createBot(t, owner, {
        name: 'Plain Helper',
        description: 'Helps with plain things.',
        visibility: 'public',
        avatarUrl: '/avatars/mira.svg',
      });
      const second = (await call(t, owner, 'POST', '/api/chats', { botId: other.id })).json() as { id: string };
      const sent = await call(t, owner, 'POST', `/api/chats/${second.id}/messages`, {
        content: 'Remind me about the periwinkle umbrella at the station',
      });
      expect(sent.statusCode).toBeLessThan(300);

      const named = (await search(owner, 'q=thistledown&types=chats')).chats;
      expect(named.map((c) => c.id)).toEqual([chatId]);
      expect(named[0]).toMatchObject({ type: 'chat', url: `/chats/${chatId}` });

      const [byText] = (await search(owner, 'q=periwinkle umbrella')).chats;
      expect(byText).toMatchObject({ id: second.id, url: `/chats/${second.id}` });
      expect(byText!.description).toContain('periwinkle umbrella');

      for (const q of ['periwinkle umbrella', 'thistledown', 'Remind me about the periwinkle umbrella at the station']) {
        expect((await search(stranger, `q=${encodeURIComponent(q)}`)).chats).toEqual([]);
        expect((await search(null, `q=${encodeURIComponent(q)}&types=chats`)).chats).toEqual([]);
      }
    });

    it("a message belongs to its chat's owner whatever its insert says (the owner the search index reads is the chat's)", async () => {
      const bot = await createBot(t, owner, { name: 'Archivist', description: 'Keeps records.', visibility: 'private' });
      const chat = (await call(t, owner, 'POST', '/api/chats', { botId: bot.id })).json() as { id: string };
      // An insert naming another user as the owner, as a careless script or import might.
      await t.database.db.execute(
        sql`insert into chat_messages (chat_id, user_id, role, content) values (${chat.id}, ${stranger.user.id}, 'user', 'the quincunx ledger')`,
      );
      expect((await search(stranger, 'q=quincunx&types=chats')).chats).toEqual([]);
      expect((await search(owner, 'q=quincunx&types=chats')).chats.map((c) => c.id)).toEqual([chat.id]);
    });

    it("finds a message by the start of its words while the user types, and only the caller's", async () => {
      const bot = await createBot(t, owner, { name: 'Gardener', description: 'Talks about plants.', visibility: 'private' });
      const chat = (await call(t, owner, 'POST', '/api/chats', { botId: bot.id })).json() as { id: string };
      const sent = await call(t, owner, 'POST', `/api/chats/${chat.id}/messages`, { content: 'The hollyhocks bloomed beside the gazebo' });
      expect(sent.statusCode).toBeLessThan(300);
      for (const q of ['hollyh', 'gaz holly', 'HOLLYHOCKS']) {
        expect(
          (await search(owner, `q=${encodeURIComponent(q)}&types=chats`)).chats.map((c) => c.id),
          q,
        ).toEqual([chat.id]);
      }
      expect((await search(owner, 'q=hollyhockz&types=chats')).chats).toEqual([]);
      // A word too long for the index with its owner's key (2040 letters; 2046 bytes is a lexeme's
      // most) is left out of the index, not a failed message; the message's other words still find it.
      const long = await call(t, owner, 'POST', `/api/chats/${chat.id}/messages`, { content: `xylophones ${'a'.repeat(2040)}` });
      expect(long.statusCode, long.body).toBeLessThan(300);
      expect((await search(owner, 'q=xylopho&types=chats')).chats.map((c) => c.id)).toEqual([chat.id]);
      expect((await search(stranger, 'q=hollyh&types=chats')).chats).toEqual([]);

      // Two chats with the words: the one whose matching message is the newest comes first.
      const later = (await call(t, owner, 'POST', '/api/chats', { botId: bot.id })).json() as { id: string };
      await call(t, owner, 'POST', `/api/chats/${later.id}/messages`, { content: 'Where did I plant the hollyhock seeds?' });
      expect((await search(owner, 'q=hollyh&types=chats')).chats.map((c) => c.id)).toEqual([later.id, chat.id]);
      await call(t, owner, 'POST', `/api/chats/${chat.id}/messages`, { content: 'More hollyhocks by the fence' });
      expect((await search(owner, 'q=hollyh&types=chats')).chats.map((c) => c.id)).toEqual([chat.id, later.id]);
    });

    it("another user whose id starts with the same 8 hex digits (they share the index's entries) still never finds the caller's messages", async () => {
      const bot = await createBot(t, owner, { name: 'Cartographer', description: 'Draws maps.', visibility: 'private' });
      const chat = (await call(t, owner, 'POST', '/api/chats', { botId: bot.id })).json() as { id: string };
      await call(t, owner, 'POST', `/api/chats/${chat.id}/messages`, { content: 'the zanzibar isthmus survey' });
      // A user whose id has the owner's first 8 hex digits (1 in 4 billion by chance; made here),
      // with a chat of their own holding the same words.
      const twinId = `${owner.user.id.slice(0, 8)}-0000-4000-8000-000000000001`;
      await t.database.db.execute(
        sql`insert into users (id, email, username, display_name) values (${twinId}, 'twin@example.com', 'twin_user', 'Twin')`,
      );
      const [twinChat] = await queryRows<{ id: string }>(
        t.database.db,
        sql`insert into chats (user_id, bot_id, title) values (${twinId}, ${bot.id}, 'Twin chat') returning id`,
      );
      await t.database.db.execute(
        sql`insert into chat_messages (chat_id, role, content) values (${twinChat!.id}, 'user', 'zanzibar isthmus notes')`,
      );
      // The twin finds their own chat: the two share index entries, and only user_id tells them apart.
      const [found] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(distinct user_id)::int as n from chat_messages where owned_words(user_id, content) @@ owned_query(${twinId}::uuid, 'zanzibar', false)`,
      );
      expect(found!.n).toBe(2);

      for (const q of ['zanzibar isthmus', 'zanz']) {
        expect(
          (await search(owner, `q=${encodeURIComponent(q)}&types=chats`)).chats.map((c) => c.id),
          q,
        ).toEqual([chat.id]);
      }
    });
  });

  describe('pages', () => {
    it('finds settings sections and docs pages by title or keyword, in English or Russian; settings only for signed-in callers', async () => {
      const signedIn = (await search(owner, 'q=secur')).pages;
      expect(signedIn[0]).toMatchObject({ id: 'settings-security', type: 'doc', url: '/settings/security', badges: ['settings'] });
      expect((await search(owner, 'q=пароль')).pages.map((p) => p.id)).toContain('settings-security');
      expect((await search(owner, 'q=dark theme')).pages.map((p) => p.id)).toEqual(['settings-appearance']);
      expect((await search(null, 'q=secur')).pages).toEqual([]);
      expect((await search(null, 'q=getting started')).pages.map((p) => p.url)).toEqual(['/docs/getting-started']);
    });
  });

  describe('validation', () => {
    it.each([
      ['', 'q'],
      ['q=', 'q'],
      ['q=%20%20', 'q'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['q=a&types=bots,spaceships', 'types'],
      ['q=a&types=chats,BOTS', 'types'],
      ['q=a&limit=0', 'limit'],
      ['q=a&limit=21', 'limit'],
      ['q=a&limit=ten', 'limit'],
      ['q=a&limit=1.5', 'limit'],
    ])('refuses ?%s with a 400 on %s', async (query, field) => {
      const res = await call(t, owner, 'GET', `/api/search?${query}`);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', field });
    });

    it('answers only the groups asked for, each at most `limit` long; a query of symbols only finds nothing', async () => {
      for (let i = 0; i < 4; i++)
        await createBot(t, owner, {
          name: `Glimmerfrost ${i}`,
          description: 'One of many glimmerfrost bots.',
          visibility: 'public',
          avatarUrl: '/avatars/mira.svg',
        });
      const res = await search(owner, 'q=glimmerfrost&types=bots,pages&limit=2');
      expect(res.bots).toHaveLength(2);
      expect(res.users).toEqual([]);
      expect(res.chats).toEqual([]);
      expect(await search(owner, 'q=%25%25%20!!')).toEqual({ bots: [], users: [], chats: [], pages: [] });
    });
  });
});

describe('recent and trending searches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
  });
  afterAll(() => t.close());

  const record = (s: Session, query: string) => call(t, s, 'POST', '/api/search/recent', { query });
  const recent = async (s: Session) => ((await call(t, s, 'GET', '/api/search/recent')).json() as RecentSearches).items.map((i) => i.query);

  it('keeps the last 10 per user, the latest first, a repeat moved to the top once; clear empties them; others never see them', async () => {
    const me = await t.signup();
    const other = await t.signup();
    for (let i = 1; i <= 12; i++) expect((await record(me, `query ${i}`)).statusCode).toBe(200);
    const repeated = await record(me, '  QUERY   5 ');
    expect(repeated.statusCode).toBe(200);
    const list = await recent(me);
    expect(list).toEqual(['QUERY 5', 'query 12', 'query 11', 'query 10', 'query 9', 'query 8', 'query 7', 'query 6', 'query 4', 'query 3']);
    expect((repeated.json() as RecentSearches).items.map((i) => i.query)).toEqual(list);
    expect(await recent(other)).toEqual([]);

    const cleared = await call(t, me, 'DELETE', '/api/search/recent');
    expect(cleared.json()).toEqual({ items: [] });
    expect(await recent(me)).toEqual([]);
  });

  it('refuses an empty or over-long query, and anonymous callers', async () => {
    const me = await t.signup();
    for (const query of ['', '   ', 'x'.repeat(101)]) {
      const res = await record(me, query);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).field).toBe('query');
    }
    expect((await call(t, me, 'POST', '/api/search/recent', { query: 'ok', extra: 1 })).statusCode).toBe(400);
    expect(await recent(me)).toEqual([]);
    for (const method of ['GET', 'POST', 'DELETE'] as const)
      expect((await call(t, null, method, '/api/search/recent', method === 'POST' ? { query: 'x' } : undefined)).statusCode).toBe(401);
  });

  it('trends what at least 3 users searched lately, most users first; before that, the most popular bots stand in', async () => {
    const creator = await t.signup();
    await createBot(t, creator, {
      name: 'Popular Parrot',
      description: 'Everyone talks to this parrot.',
      visibility: 'public',
      avatarUrl: '/avatars/mira.svg',
    });
    const before = (await call(t, null, 'GET', '/api/search/trending')).json() as TrendingSearches;
    expect(before).toEqual({ items: [{ query: 'Popular Parrot' }], source: 'popular' });

    const users = [await t.signup(), await t.signup(), await t.signup(), await t.signup()];
    for (const u of users) await record(u, 'Dragon tamer');
    for (const u of users.slice(0, 3)) await record(u, 'space pirate');
    for (const u of users.slice(0, 2)) await record(u, 'my secret diary');

    // The list is reused for a minute per instance: move the clock past it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      const after = (await call(t, null, 'GET', '/api/search/trending')).json() as TrendingSearches;
      expect(after).toEqual({ items: [{ query: 'Dragon tamer' }, { query: 'space pirate' }], source: 'searches' });
    } finally {
      vi.useRealTimers();
    }
  });
});
