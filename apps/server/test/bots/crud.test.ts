import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { DEFAULT_BOT_COSTS, DEFAULT_BOT_SETTINGS } from '@app/shared/bots/constants';
import { BOT_MESSAGES } from '@app/shared/bots/messages';
import type { Bot } from '@app/shared/bots/schemas';
import type { BotFieldsInput } from '@app/shared/bots/validation';
import { botCollaborators, botFavorites, botVersions, bots, moderationRequests } from '../../src/db/schema/bots';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { expectError, setRole } from '../helpers/auth';
import { call, createBot, validBot } from './helpers';

/** Create, read, edit and delete (issue 3 'Tests'; spec §3, §5, §9). Rights per role in detail: access.test.ts. */
describe('bot create, read, edit, delete', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let admin: Session;
  const pub = { visibility: 'public' as const, avatarUrl: '/avatars/mira.svg' };
  const x = (n: number) => 'x'.repeat(n);

  const botCount = async () => (await t.database.db.select({ n: count() }).from(bots))[0]!.n;
  const rowOf = async (id: string) => (await t.database.db.select().from(bots).where(eq(bots.id, id)))[0];
  const get = async (s: Session | null, id: string) => (await call(t, s, 'GET', `/api/bots/${id}`)).json() as Bot;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
    alice = await t.signup();
    bob = await t.signup();
    admin = await t.signup();
    await setRole(t, admin.user.id, 'admin');
  });
  afterAll(() => t.close());

  describe('POST /api/bots', () => {
    it('answers 201 with the defaults of §9: private, general, default settings and costs, no stats, myRole owner', async () => {
      const res = await call(t, alice, 'POST', '/api/bots', {
        name: 'Mira',
        description: 'A captain of a freighter.',
        personality: 'Calm.',
        scenario: 'On board.',
        firstMessage: 'Hi.',
      });
      expect(res.statusCode).toBe(201);
      const bot = res.json() as Bot;
      expect(bot).toMatchObject({
        name: 'Mira',
        description: 'A captain of a freighter.',
        personality: 'Calm.',
        scenario: 'On board.',
        firstMessage: 'Hi.',
        visibility: 'private',
        isPublic: false,
        isActive: true,
        nsfw: false,
        avatarUrl: null,
        voiceId: null,
        category: { id: 'general', name: 'General' },
        tags: [],
        alternateGreetings: [],
        exampleMessages: '',
        systemPrompt: '',
        creatorNotes: '',
        postHistoryInstructions: '',
        characterBook: null,
        extensions: {},
        sexuality: 'heterosexual',
        gender: 'female',
        openness: 1,
        emotions: 1,
        myRole: 'owner',
        favorited: false,
        createdBy: alice.user.id,
        creator: { id: alice.user.id, username: alice.user.username },
        stats: {
          totalChats: 0,
          totalMessages: 0,
          totalImagesGenerated: 0,
          totalVideosGenerated: 0,
          avgRating: null,
          ratingCount: 0,
          popularity: 0,
        },
      });
      expect(bot.settings).toEqual(DEFAULT_BOT_SETTINGS);
      expect(bot.costs).toEqual(DEFAULT_BOT_COSTS);
      expect(bot.costs).toEqual({ textMessage: 1, imageGeneration: 5, videoGeneration: 20 });
      expect(bot.id).toMatch(/^[0-9a-f-]{36}$/);
      // The record is really there, owned by the caller, and reads back the same.
      expect(await rowOf(bot.id)).toMatchObject({ createdBy: alice.user.id, visibility: 'private', categoryId: 'general' });
      const read = await get(alice, bot.id);
      expect(read).toEqual(bot);
    });

    it('fills the image and video generation defaults of §9 (Ultra, Cinematic, 512x768, creativity 50, age 25, seed -1; Standard, Portrait)', async () => {
      const bot = await createBot(t, alice);
      expect(bot.imageGeneration).toMatchObject({
        quality: 'Ultra',
        style: 'Cinematic',
        image_size: '512x768',
        creativity: 50,
        age_slider: 25,
        seed: -1,
      });
      expect(bot.videoGeneration).toMatchObject({ quality: 'Standard', aspect: 'Portrait' });
    });

    it('keeps every field it is given', async () => {
      const body: BotFieldsInput = validBot({
        name: 'Full',
        category: 'creative',
        visibility: 'unlisted',
        nsfw: true,
        voiceId: 'voice-7',
        exampleMessages: '<START>\n{{user}}: hi',
        systemPrompt: 'Stay in character.',
        creatorNotes: 'Made for tests.',
        alternateGreetings: ['Hey there.', 'Welcome aboard.'],
        avatarUrl: '/avatars/luna.svg',
        settings: { temperature: 1.3, maxTokens: 2500, responseStyle: 'detailed', allowImages: true },
        costs: { textMessage: 2 },
        gender: 'male',
        openness: 5,
      });
      const res = await call(t, alice, 'POST', '/api/bots', body);
      expect(res.statusCode).toBe(201);
      const bot = res.json() as Bot;
      expect(bot).toMatchObject({
        name: 'Full',
        category: { id: 'creative' },
        visibility: 'unlisted',
        isPublic: false,
        nsfw: true,
        voiceId: 'voice-7',
        exampleMessages: '<START>\n{{user}}: hi',
        systemPrompt: 'Stay in character.',
        creatorNotes: 'Made for tests.',
        alternateGreetings: ['Hey there.', 'Welcome aboard.'],
        avatarUrl: '/avatars/luna.svg',
        gender: 'male',
        openness: 5,
      });
      // Partial settings and costs are completed with the defaults.
      expect(bot.settings).toEqual({
        ...DEFAULT_BOT_SETTINGS,
        temperature: 1.3,
        maxTokens: 2500,
        responseStyle: 'detailed',
        allowImages: true,
      });
      expect(bot.costs).toEqual({ ...DEFAULT_BOT_COSTS, textMessage: 2 });
    });

    it('trims the texts', async () => {
      const bot = await createBot(t, alice, { name: '  Mira  ', description: '   A captain of a freighter.  ', personality: '  Calm. ' });
      expect(bot).toMatchObject({ name: 'Mira', description: 'A captain of a freighter.', personality: 'Calm.' });
    });

    const withoutKey = (key: keyof BotFieldsInput) => {
      const body: Record<string, unknown> = { ...validBot() };
      delete body[key];
      return body;
    };
    it.each<[string, Record<string, unknown>, string, string | undefined]>([
      ['name missing', withoutKey('name'), 'name', 'Name is required'],
      ['name empty', validBot({ name: '' }), 'name', 'Name is required'],
      ['name whitespace only', validBot({ name: '   \t ' }), 'name', 'Name is required'],
      ['name null', { ...validBot(), name: null }, 'name', 'Name is required'],
      ['name of 51 characters', validBot({ name: x(51) }), 'name', 'Name must be less than 50 characters'],
      ['description missing', withoutKey('description'), 'description', 'Description is required'],
      ['description empty', validBot({ description: '' }), 'description', 'Description is required'],
      ['description whitespace only', validBot({ description: '      ' }), 'description', 'Description is required'],
      ['description of 9 characters', validBot({ description: 'Too short' }), 'description', 'Description must be at least 10 characters'],
      [
        'description of 9 characters once trimmed',
        validBot({ description: '   Too short   ' }),
        'description',
        'Description must be at least 10 characters',
      ],
      ['description of 501 characters', validBot({ description: x(501) }), 'description', 'Description must be less than 500 characters'],
      ['personality missing', withoutKey('personality'), 'personality', 'Personality is required'],
      ['personality whitespace only', validBot({ personality: ' \n ' }), 'personality', 'Personality is required'],
      ['scenario missing', withoutKey('scenario'), 'scenario', 'Scenario is required'],
      ['scenario whitespace only', validBot({ scenario: '\t' }), 'scenario', 'Scenario is required'],
      ['first message missing', withoutKey('firstMessage'), 'firstMessage', 'First message is required'],
      ['first message whitespace only', validBot({ firstMessage: '  ' }), 'firstMessage', 'First message is required'],
      ['21 tags', validBot({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }), 'tags', 'At most 20 tags'],
      ['a tag of 41 characters', validBot({ tags: [x(41)] }), 'tags.0', 'Each tag must be at most 40 characters'],
      ['an unknown category', validBot({ category: 'nope' }), 'category', 'Unknown category'],
      ['an empty category', validBot({ category: '' }), 'category', undefined],
      ['an unknown visibility', { ...validBot(), visibility: 'secret' }, 'visibility', undefined],
      ['temperature 2.1', validBot({ settings: { temperature: 2.1 } }), 'settings.temperature', undefined],
      ['temperature -0.1', validBot({ settings: { temperature: -0.1 } }), 'settings.temperature', undefined],
      ['maxTokens 50', validBot({ settings: { maxTokens: 50 } }), 'settings.maxTokens', undefined],
      ['maxTokens 4100', validBot({ settings: { maxTokens: 4100 } }), 'settings.maxTokens', undefined],
      ['maxTokens 150.5', validBot({ settings: { maxTokens: 150.5 } }), 'settings.maxTokens', undefined],
      ['responseStyle x', { ...validBot(), settings: { responseStyle: 'x' } }, 'settings.responseStyle', undefined],
      ['topP 1.5', validBot({ settings: { topP: 1.5 } }), 'settings.topP', undefined],
      ['contextLength 0', validBot({ settings: { contextLength: 0 } }), 'settings.contextLength', undefined],
      ['a negative cost', validBot({ costs: { textMessage: -1 } }), 'costs.textMessage', undefined],
      ['a javascript: avatar', validBot({ avatarUrl: 'javascript:alert(1)' }), 'avatarUrl', 'Must be an image URL'],
      // Every viewer's browser would load it, telling that host who looks at the bot: uploads only.
      ['a remote https avatar', validBot({ avatarUrl: 'https://tracker.example/pixel.png' }), 'avatarUrl', BOT_MESSAGES.avatarRemote],
      ['a remote http avatar', validBot({ avatarUrl: 'http://93.184.216.34/a.png' }), 'avatarUrl', BOT_MESSAGES.avatarRemote],
      ['a protocol-relative avatar', validBot({ avatarUrl: '//tracker.example/a.png' }), 'avatarUrl', BOT_MESSAGES.avatarRemote],
      ['nsfw as text', { ...validBot(), nsfw: 'yes' }, 'nsfw', undefined],
    ])('refuses %s with 400 VALIDATION_ERROR naming the field, and saves nothing', async (_label, body, field, message) => {
      const before = await botCount();
      const res = await call(t, alice, 'POST', '/api/bots', body);
      const error = expectError(res, 400, 'VALIDATION_ERROR', message);
      expect(error.field).toBe(field);
      expect(await botCount()).toBe(before);
    });

    it('names the first invalid field when several are wrong', async () => {
      const res = await call(t, alice, 'POST', '/api/bots', { ...validBot(), name: '', description: '', firstMessage: '' });
      expect(errorOf(res)).toEqual({ code: 'VALIDATION_ERROR', field: 'name', message: 'Name is required' });
    });

    it('accepts the limits themselves: 50-character name, 10 and 500-character descriptions, 20 tags, slider ends', async () => {
      const fifty = await call(t, alice, 'POST', '/api/bots', validBot({ name: ` ${x(50)} `, description: x(10) }));
      expect(fifty.statusCode).toBe(201);
      expect((fifty.json() as Bot).name).toBe(x(50));
      expect((await call(t, alice, 'POST', '/api/bots', validBot({ description: x(500) }))).statusCode).toBe(201);
      const tags = Array.from({ length: 20 }, (_, i) => `tag${i}`);
      expect(((await call(t, alice, 'POST', '/api/bots', validBot({ tags }))).json() as Bot).tags).toEqual(tags);
      for (const settings of [
        { temperature: 0, maxTokens: 100 },
        { temperature: 2, maxTokens: 4000 },
      ]) {
        const res = await call(t, alice, 'POST', '/api/bots', validBot({ settings }));
        expect(res.statusCode, JSON.stringify(settings)).toBe(201);
        expect((res.json() as Bot).settings).toMatchObject(settings);
      }
    });

    it('trims tags, drops empties and duplicates (any case), keeping the first spelling and the order', async () => {
      const bot = await createBot(t, alice, { tags: [' Space ', '', '   ', 'space', 'sci-fi', 'SPACE', 'Sci-Fi', 'robots'] });
      expect(bot.tags).toEqual(['Space', 'sci-fi', 'robots']);
      // 25 entries that are 20 distinct tags once cleaned are fine.
      const many = Array.from({ length: 20 }, (_, i) => `t${i}`);
      const res = await call(t, alice, 'POST', '/api/bots', validBot({ tags: [...many, 'T0', ' t1 ', '', 'T2', 't3'] }));
      expect(res.statusCode).toBe(201);
      expect((res.json() as Bot).tags).toEqual(many);
    });

    it('a bot created public follows the publish rules; unlisted does not need them', async () => {
      const before = await botCount();
      const noAvatar = await call(t, alice, 'POST', '/api/bots', validBot({ visibility: 'public' }));
      expect(errorOf(noAvatar)).toEqual({
        code: 'PUBLISH_ERROR',
        message: 'Please add an avatar image before publishing',
        field: 'avatar',
      });
      const noTags = await call(t, alice, 'POST', '/api/bots', validBot({ ...pub, tags: [' '] }));
      expect(errorOf(noTags)).toEqual({ code: 'PUBLISH_ERROR', message: 'Please add at least one tag before publishing', field: 'tags' });
      expect(await botCount()).toBe(before);
      const ok = await call(t, alice, 'POST', '/api/bots', validBot(pub));
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({ visibility: 'public', isPublic: true });
      const unlisted = await call(t, alice, 'POST', '/api/bots', validBot({ visibility: 'unlisted', tags: [] }));
      expect(unlisted.json()).toMatchObject({ visibility: 'unlisted', isPublic: false });
    });

    it('ignores what a client may not set: owner, id, stats, active flag', async () => {
      const res = await call(t, alice, 'POST', '/api/bots', {
        ...validBot(),
        id: '00000000-0000-4000-8000-000000000001',
        createdBy: bob.user.id,
        isActive: false,
        isPublic: true,
        myRole: 'viewer',
        stats: { totalChats: 999 },
        totalChats: 999,
        popularity: 100,
      });
      expect(res.statusCode).toBe(201);
      const bot = res.json() as Bot;
      expect(bot.id).not.toBe('00000000-0000-4000-8000-000000000001');
      expect(bot).toMatchObject({ createdBy: alice.user.id, isActive: true, isPublic: false, visibility: 'private', myRole: 'owner' });
      expect(bot.stats).toMatchObject({ totalChats: 0, popularity: 0 });
      expect(await rowOf(bot.id)).toMatchObject({ createdBy: alice.user.id, totalChats: 0, isActive: true });
    });

    it('needs a session: anonymous and bad tokens get 401 and nothing is saved', async () => {
      const before = await botCount();
      expectError(await call(t, null, 'POST', '/api/bots', validBot()), 401, 'UNAUTHORIZED');
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/bots',
        headers: { authorization: 'Bearer forged' },
        payload: validBot(),
      });
      expect(forged.statusCode).toBe(401);
      expect(await botCount()).toBe(before);
    });

    it('refuses an empty or malformed body with 400, not 500', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/bots', headers: t.bearer(alice) })).statusCode).toBe(400);
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/bots',
        headers: { ...t.bearer(alice), 'content-type': 'application/json' },
        payload: '{"name": ',
      });
      expectError(malformed, 400, 'VALIDATION_ERROR');
      expectError(await call(t, alice, 'POST', '/api/bots', { ...validBot(), tags: 'a,b' }), 400, 'VALIDATION_ERROR');
    });
  });

  describe('GET /api/bots/:id', () => {
    it("answers the owner's bot whole, with myRole owner", async () => {
      const bot = await createBot(t, alice, { exampleMessages: 'ex', alternateGreetings: ['Yo'] });
      const res = await call(t, alice, 'GET', `/api/bots/${bot.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: bot.id,
        myRole: 'owner',
        exampleMessages: 'ex',
        alternateGreetings: ['Yo'],
        favorited: false,
      });
    });

    it('shows a public bot to anyone, anonymous included, with myRole null', async () => {
      const bot = await createBot(t, alice, pub);
      for (const viewer of [bob, null]) {
        const res = await call(t, viewer, 'GET', `/api/bots/${bot.id}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: bot.id, visibility: 'public', isPublic: true, myRole: null, favorited: false });
      }
    });

    it('shows an unlisted bot by id to anyone, but never lists it in Explore', async () => {
      const bot = await createBot(t, alice, { visibility: 'unlisted', name: 'Zanzibar Unlisted' });
      for (const viewer of [bob, null]) {
        expect((await call(t, viewer, 'GET', `/api/bots/${bot.id}`)).json()).toMatchObject({
          visibility: 'unlisted',
          isPublic: false,
          myRole: null,
        });
      }
      const listed = await call(t, null, 'GET', '/api/bots/public?q=zanzibar&nsfw=true');
      expect(listed.json()).toMatchObject({ total: 0, items: [] });
    });

    it("answers 404 for another user's private bot, exactly as for a bot that does not exist", async () => {
      const bot = await createBot(t, alice);
      const unknown = await call(t, bob, 'GET', '/api/bots/00000000-0000-4000-8000-000000000000');
      expectError(unknown, 404, 'NOT_FOUND', 'Bot not found');
      for (const viewer of [bob, null]) {
        const res = await call(t, viewer, 'GET', `/api/bots/${bot.id}`);
        expectError(res, 404, 'NOT_FOUND', 'Bot not found');
        expect(res.json()).toEqual(unknown.json());
      }
    });

    it('lets an admin read a private bot (moderation), as a visitor', async () => {
      const bot = await createBot(t, alice, { name: 'Secret Diary' });
      const res = await call(t, admin, 'GET', `/api/bots/${bot.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Secret Diary', visibility: 'private', myRole: null });
    });

    it('hides an inactive bot from everyone but its owner', async () => {
      const bot = await createBot(t, alice, pub);
      await t.database.db.update(bots).set({ isActive: false }).where(eq(bots.id, bot.id));
      expect((await call(t, bob, 'GET', `/api/bots/${bot.id}`)).statusCode).toBe(404);
      expect((await call(t, null, 'GET', `/api/bots/${bot.id}`)).statusCode).toBe(404);
      expect((await call(t, alice, 'GET', `/api/bots/${bot.id}`)).json()).toMatchObject({ isActive: false });
    });

    it.each(['not-a-uuid', '123', "1' or '1'='1", '00000000-0000-4000-8000-00000000000g', 'a'.repeat(80)])(
      'answers 400 (not 500) for the malformed id %j',
      async (id) => {
        const res = await call(t, alice, 'GET', `/api/bots/${encodeURIComponent(id)}`);
        expect([400, 404]).toContain(res.statusCode);
        expect(errorOf(res).code).toMatch(/^(VALIDATION_ERROR|NOT_FOUND)$/);
      },
    );
  });

  describe('PATCH /api/bots/:id', () => {
    it('changes only what it names: a new name keeps tags, settings, costs and the rest', async () => {
      const bot = await createBot(t, alice, {
        tags: ['keep', 'these'],
        settings: { temperature: 1.2, maxTokens: 2000 },
        costs: { textMessage: 3 },
        category: 'creative',
        creatorNotes: 'notes',
      });
      const res = await call(t, alice, 'PATCH', `/api/bots/${bot.id}`, { name: 'Renamed' });
      expect(res.statusCode).toBe(200);
      const updated = res.json() as Bot;
      const { name: _n, updatedAt: _u, ...rest } = bot;
      expect(updated).toMatchObject({ ...rest, name: 'Renamed' });
      expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(bot.updatedAt).getTime());
      expect(await get(alice, bot.id)).toEqual(updated);
    });

    it('merges settings and costs: one slider keeps the others', async () => {
      const bot = await createBot(t, alice, { settings: { temperature: 1.2, maxTokens: 2000, responseStyle: 'concise' } });
      const res = await call(t, alice, 'PATCH', `/api/bots/${bot.id}`, { settings: { temperature: 0.3 }, costs: { imageGeneration: 9 } });
      expect(res.statusCode).toBe(200);
      const updated = res.json() as Bot;
      expect(updated.settings).toEqual({ ...DEFAULT_BOT_SETTINGS, temperature: 0.3, maxTokens: 2000, responseStyle: 'concise' });
      expect(updated.costs).toEqual({ ...DEFAULT_BOT_COSTS, imageGeneration: 9 });
    });

    it('cleans tags on PATCH as on create, and an empty body changes nothing', async () => {
      const bot = await createBot(t, alice);
      const res = await call(t, alice, 'PATCH', `/api/bots/${bot.id}`, { tags: [' A ', 'a', '', 'b'] });
      expect((res.json() as Bot).tags).toEqual(['A', 'b']);
      const before = await rowOf(bot.id);
      const empty = await call(t, alice, 'PATCH', `/api/bots/${bot.id}`, {});
      expect(empty.statusCode).toBe(200);
      expect((empty.json() as Bot).tags).toEqual(['A', 'b']);
      expect(await rowOf(bot.id)).toMatchObject({ ...before, updatedAt: expect.any(Date) });
    });

    it.each<[string, Record<string, unknown>, string, string | undefined]>([
      ['an empty name', { name: '' }, 'name', 'Name is required'],
      ['a whitespace name', { name: '   ' }, 'name', 'Name is required'],
      ['a null name', { name: null }, 'name', 'Name is required'],
      ['a name of 51 characters', { name: x(51) }, 'name', 'Name must be less than 50 characters'],
      ['an empty description', { description: '' }, 'description', 'Description is required'],
      ['a short description', { description: 'short' }, 'description', 'Description must be at least 10 characters'],
      ['a long description', { description: x(501) }, 'description', 'Description must be less than 500 characters'],
      ['an empty personality', { personality: ' ' }, 'personality', 'Personality is required'],
      ['an empty scenario', { scenario: '' }, 'scenario', 'Scenario is required'],
      ['an empty first message', { firstMessage: '  ' }, 'firstMessage', 'First message is required'],
      ['21 tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags', 'At most 20 tags'],
      ['an unknown category', { category: 'nope' }, 'category', 'Unknown category'],
      ['temperature 2.1', { settings: { temperature: 2.1 } }, 'settings.temperature', undefined],
      ['maxTokens 50', { settings: { maxTokens: 50 } }, 'settings.maxTokens', undefined],
      ['maxTokens 4100', { settings: { maxTokens: 4100 } }, 'settings.maxTokens', undefined],
      ['responseStyle x', { settings: { responseStyle: 'x' } }, 'settings.responseStyle', undefined],
      ['a bad avatar', { avatarUrl: 'data:text/html,hi' }, 'avatarUrl', 'Must be an image URL'],
      ['a remote avatar', { avatarUrl: 'https://tracker.example/pixel.png' }, 'avatarUrl', BOT_MESSAGES.avatarRemote],
    ])('refuses %s with 400 naming the field, and changes nothing', async (_label, body, field, message) => {
      const bot = await createBot(t, alice, { settings: { temperature: 1 } });
      const before = await rowOf(bot.id);
      const res = await call(t, alice, 'PATCH', `/api/bots/${bot.id}`, body);
      const error = expectError(res, 400, 'VALIDATION_ERROR', message);
      expect(error.field).toBe(field);
      expect(await rowOf(bot.id)).toEqual(before);
    });

    it('ignores what a client may not set: owner, stats, active flag', async () => {
      const bot = await createBot(t, alice);
      const res = await call(t, alice, 'PATCH', `/api/bots/${bot.id}`, {
        name: 'Still mine',
        createdBy: bob.user.id,
        isActive: false,
        stats: { totalChats: 5 },
        totalChats: 5,
        id: '00000000-0000-4000-8000-000000000002',
      });
      expect(res.statusCode).toBe(200);
      expect(await rowOf(bot.id)).toMatchObject({ name: 'Still mine', createdBy: alice.user.id, isActive: true, totalChats: 0 });
    });

    it('making a bot public through PATCH follows the publish rules (avatar, then tags), and changes nothing when refused', async () => {
      const bot = await createBot(t, alice, { tags: [] });
      const before = await rowOf(bot.id);
      const noAvatar = await call(t, alice, 'PATCH', `/api/bots/${bot.id}`, { visibility: 'public', name: 'Not saved' });
      expect(errorOf(noAvatar)).toEqual({
        code: 'PUBLISH_ERROR',
        message: 'Please add an avatar image before publishing',
        field: 'avatar',
      });
      const noTags = await call(t, alice, 'PATCH', `/api/bots/${bot.id}`, { visibility: 'public', avatarUrl: '/avatars/kai.svg' });
      expect(noTags.statusCode).toBe(400);
      expect(errorOf(noTags)).toEqual({ code: 'PUBLISH_ERROR', message: 'Please add at least one tag before publishing', field: 'tags' });
      expect(await rowOf(bot.id)).toEqual(before);
      // Tags removed in the same PATCH count too.
      const withAll = await createBot(t, alice, { avatarUrl: '/avatars/kai.svg' });
      const removed = await call(t, alice, 'PATCH', `/api/bots/${withAll.id}`, { visibility: 'public', tags: [] });
      expect(errorOf(removed).field).toBe('tags');
      const avatarRemoved = await call(t, alice, 'PATCH', `/api/bots/${withAll.id}`, { visibility: 'public', avatarUrl: null });
      expect(errorOf(avatarRemoved).field).toBe('avatar');
      // Given both in the same PATCH, it is published.
      const ok = await call(t, alice, 'PATCH', `/api/bots/${bot.id}`, { visibility: 'public', avatarUrl: '/avatars/kai.svg', tags: ['x'] });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ visibility: 'public', isPublic: true });
      // Unlisted and private need nothing.
      const plain = await createBot(t, alice, { tags: [] });
      expect((await call(t, alice, 'PATCH', `/api/bots/${plain.id}`, { visibility: 'unlisted' })).json()).toMatchObject({
        visibility: 'unlisted',
      });
      expect((await call(t, alice, 'PATCH', `/api/bots/${bot.id}`, { visibility: 'private' })).json()).toMatchObject({
        visibility: 'private',
        isPublic: false,
      });
    });

    it('an editor edits the content and may resend the current visibility, but not change it (403, nothing changed)', async () => {
      const bot = await createBot(t, alice);
      await t.database.db.insert(botCollaborators).values({ botId: bot.id, userId: bob.user.id, role: 'editor' });
      const edited = await call(t, bob, 'PATCH', `/api/bots/${bot.id}`, { name: 'By editor', settings: { temperature: 1.5 } });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ name: 'By editor', myRole: 'editor', settings: { temperature: 1.5 } });
      // The form sends the whole draft back, visibility included.
      const whole = await call(t, bob, 'PATCH', `/api/bots/${bot.id}`, { ...validBot({ name: 'Whole form' }), visibility: 'private' });
      expect(whole.statusCode).toBe(200);
      const before = await rowOf(bot.id);
      for (const visibility of ['public', 'unlisted'] as const) {
        expectError(await call(t, bob, 'PATCH', `/api/bots/${bot.id}`, { visibility, name: 'Sneaky' }), 403, 'FORBIDDEN');
      }
      expect(await rowOf(bot.id)).toEqual(before);
    });

    it('a viewer, a stranger, an admin and an anonymous visitor change nothing', async () => {
      const priv = await createBot(t, alice);
      const pubBot = await createBot(t, alice, pub);
      const viewer = await t.signup();
      await t.database.db.insert(botCollaborators).values({ botId: priv.id, userId: viewer.user.id, role: 'viewer' });
      const before = { priv: await rowOf(priv.id), pub: await rowOf(pubBot.id) };
      const body = { name: 'Hacked', description: 'Hacked hacked hacked.' };
      expectError(await call(t, viewer, 'PATCH', `/api/bots/${priv.id}`, body), 403, 'FORBIDDEN');
      expectError(await call(t, bob, 'PATCH', `/api/bots/${priv.id}`, body), 404, 'NOT_FOUND', 'Bot not found');
      expectError(await call(t, bob, 'PATCH', `/api/bots/${pubBot.id}`, body), 403, 'FORBIDDEN');
      expectError(await call(t, admin, 'PATCH', `/api/bots/${priv.id}`, body), 403, 'FORBIDDEN');
      expectError(await call(t, null, 'PATCH', `/api/bots/${pubBot.id}`, body), 401, 'UNAUTHORIZED');
      expect(await rowOf(priv.id)).toEqual(before.priv);
      expect(await rowOf(pubBot.id)).toEqual(before.pub);
    });

    it('answers 404 for an unknown bot and 400 for a malformed id', async () => {
      expectError(
        await call(t, alice, 'PATCH', '/api/bots/00000000-0000-4000-8000-000000000000', { name: 'x' }),
        404,
        'NOT_FOUND',
        'Bot not found',
      );
      expectError(await call(t, alice, 'PATCH', '/api/bots/nope', { name: 'x' }), 400, 'VALIDATION_ERROR');
    });
  });

  describe('DELETE /api/bots/:id', () => {
    it('answers 204, then 404; its versions, collaborators, favorites and reports go with it, other bots stay', async () => {
      const bot = await createBot(t, alice, pub);
      const other = await createBot(t, alice, pub);
      for (const id of [bot.id, other.id]) {
        expect((await call(t, alice, 'POST', `/api/bots/${id}/versions`, { changelog: 'First' })).statusCode).toBe(201);
        expect((await call(t, alice, 'POST', `/api/bots/${id}/collaborators`, { email: bob.user.email })).statusCode).toBe(201);
        expect((await call(t, bob, 'POST', `/api/bots/${id}/favorite`)).statusCode).toBe(200);
        expect((await call(t, bob, 'POST', `/api/bots/${id}/report`, { reason: 'spam' })).statusCode).toBe(201);
      }
      const res = await call(t, alice, 'DELETE', `/api/bots/${bot.id}`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expectError(await call(t, alice, 'GET', `/api/bots/${bot.id}`), 404, 'NOT_FOUND');
      expectError(await call(t, alice, 'DELETE', `/api/bots/${bot.id}`), 404, 'NOT_FOUND');
      const { db } = t.database;
      const rows = async (id: string) => ({
        bot: (await db.select({ n: count() }).from(bots).where(eq(bots.id, id)))[0]!.n,
        versions: (await db.select({ n: count() }).from(botVersions).where(eq(botVersions.botId, id)))[0]!.n,
        collaborators: (await db.select({ n: count() }).from(botCollaborators).where(eq(botCollaborators.botId, id)))[0]!.n,
        favorites: (await db.select({ n: count() }).from(botFavorites).where(eq(botFavorites.botId, id)))[0]!.n,
        reports: (await db.select({ n: count() }).from(moderationRequests).where(eq(moderationRequests.botId, id)))[0]!.n,
      });
      expect(await rows(bot.id)).toEqual({ bot: 0, versions: 0, collaborators: 0, favorites: 0, reports: 0 });
      expect(await rows(other.id)).toEqual({ bot: 1, versions: 1, collaborators: 1, favorites: 1, reports: 1 });
      const favorites = (await call(t, bob, 'GET', '/api/bots/favorites')).json() as { items: Bot[] };
      expect(favorites.items.map((b) => b.id)).not.toContain(bot.id);
      expect(favorites.items.map((b) => b.id)).toContain(other.id);
    });

    it('only the owner deletes: editor and viewer 403, stranger 404 (private) or 403 (public), admin 403, anonymous 401', async () => {
      const priv = await createBot(t, alice);
      const pubBot = await createBot(t, alice, pub);
      const editor = await t.signup();
      const viewer = await t.signup();
      for (const id of [priv.id, pubBot.id]) {
        await t.database.db.insert(botCollaborators).values([
          { botId: id, userId: editor.user.id, role: 'editor' },
          { botId: id, userId: viewer.user.id, role: 'viewer' },
        ]);
      }
      for (const id of [priv.id, pubBot.id]) {
        expectError(await call(t, editor, 'DELETE', `/api/bots/${id}`), 403, 'FORBIDDEN');
        expectError(await call(t, viewer, 'DELETE', `/api/bots/${id}`), 403, 'FORBIDDEN');
        expectError(await call(t, admin, 'DELETE', `/api/bots/${id}`), 403, 'FORBIDDEN');
        expectError(await call(t, null, 'DELETE', `/api/bots/${id}`), 401, 'UNAUTHORIZED');
      }
      expectError(await call(t, bob, 'DELETE', `/api/bots/${priv.id}`), 404, 'NOT_FOUND');
      expectError(await call(t, bob, 'DELETE', `/api/bots/${pubBot.id}`), 403, 'FORBIDDEN');
      expect(await rowOf(priv.id)).toBeDefined();
      expect(await rowOf(pubBot.id)).toBeDefined();
    });
  });
});
