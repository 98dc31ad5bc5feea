import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { BotSummary } from '@app/shared/bots/schemas';
import type { BotFieldsInput } from '@app/shared/bots/validation';
import { botCollaborators, bots, userBotCounts } from '../../src/db/schema/bots';
import { users } from '../../src/db/schema/users';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';
import { call, createBot } from './helpers';

type Page = { items: BotSummary[]; total: number; page: number; limit: number };
const names = (res: { json(): unknown }) => (res.json() as Page).items.map((b) => b.name);
const sorted = (list: string[]) => [...list].sort();

/** Explore (GET /api/bots/public), My Bots (GET /api/bots/my) and favorites (issue 3 §5–6; spec §2, §7). */
describe('bot lists', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  const set = (id: string, values: Partial<typeof bots.$inferInsert>) => t.database.db.update(bots).set(values).where(eq(bots.id, id));
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
  const pub = { visibility: 'public' as const, avatarUrl: '/avatars/mira.svg' };
  const list = (session: Session | null, query: string) => call(t, session, 'GET', `/api/bots/${query}`);

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
    alice = await t.signup();
    bob = await t.signup();
  });
  afterAll(() => t.close());

  describe('Explore: GET /api/bots/public', () => {
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      const make = async (key: string, session: Session, fields: Partial<BotFieldsInput>, extra: Partial<typeof bots.$inferInsert>) => {
        const bot = await createBot(t, session, fields);
        ids[key] = bot.id;
        await set(bot.id, extra);
      };
      await make(
        'dragon',
        alice,
        {
          ...pub,
          name: 'Ember Dragon',
          description: 'An ancient wyrm who hoards riddles.',
          tags: ['Fantasy', 'dragons'],
          category: 'entertainment',
        },
        { createdAt: at(1), popularity: 50, avgRating: 3.5, ratingCount: 10, totalChats: 10 },
      );
      await make(
        'pirate',
        alice,
        {
          ...pub,
          name: 'Salty Pete',
          description: 'A pirate with a parrot and a DRAGON tattoo.',
          tags: ['pirates', 'Sea'],
          category: 'entertainment',
        },
        { createdAt: at(2), popularity: 80, avgRating: null, ratingCount: 0, totalChats: 30 },
      );
      await make(
        'tutor',
        bob,
        {
          ...pub,
          name: 'Quill',
          description: 'A patient tutor for 50%_off maths.',
          tags: ['education', 'fantasy'],
          category: 'educational',
        },
        { createdAt: at(3), popularity: 10, avgRating: 4.9, ratingCount: 3, totalChats: 5 },
      );
      // Never listed: private, unlisted, inactive; NSFW only on request.
      await make(
        'hidden',
        alice,
        { name: 'Hidden Dragon', description: 'Private dragon, never listed anywhere.', tags: ['fantasy', 'dragons'] },
        { popularity: 100 },
      );
      await make(
        'hiddenNsfw',
        alice,
        { name: 'Private Night Dragon', description: 'Private and adult dragon.', tags: ['fantasy'], nsfw: true },
        { popularity: 100 },
      );
      await make(
        'unlisted',
        alice,
        { name: 'Unlisted Dragon', description: 'Only by link, never in lists.', tags: ['fantasy'], visibility: 'unlisted' },
        { popularity: 100 },
      );
      await make(
        'inactive',
        bob,
        { ...pub, name: 'Sleeping Dragon', description: 'Switched off by an admin.', tags: ['fantasy'] },
        { isActive: false, popularity: 100 },
      );
      await make(
        'nsfw',
        bob,
        { ...pub, name: 'Night Dragon', description: 'Adults only dragon tales here.', tags: ['fantasy'], nsfw: true },
        { createdAt: at(4), popularity: 99, avgRating: 2, ratingCount: 1 },
      );
    });

    it('lists public, active, safe bots only, most popular first by default, with summaries', async () => {
      const res = await list(null, 'public');
      expect(res.statusCode).toBe(200);
      expect(names(res)).toEqual(['Salty Pete', 'Ember Dragon', 'Quill']);
      const page = res.json() as Page;
      expect(page).toMatchObject({ total: 3, page: 1, limit: 24 });
      expect(page.items[0]).toMatchObject({
        visibility: 'public',
        isPublic: true,
        nsfw: false,
        category: { id: 'entertainment' },
        creator: { id: alice.user.id, username: alice.user.username },
        stats: { popularity: 80, totalChats: 30 },
      });
      // A list answers summaries, not whole bots: each field as the bot's own view has it (times to the millisecond, nulls, ratings).
      expect(page.items[0]).not.toHaveProperty('personality');
      for (const item of page.items) {
        const whole = (await list(alice, item.id)).json() as Record<string, unknown>;
        expect(item).toEqual(Object.fromEntries(Object.keys(item).map((key) => [key, whole[key]])));
      }
      expect(page.items.map((b) => b.stats.avgRating)).toEqual([null, 3.5, 4.9]);
      expect(page.items[1]!.createdAt).toBe(at(1).toISOString());
      // Signed in or not, the list is the same.
      expect(names(await list(bob, 'public'))).toEqual(['Salty Pete', 'Ember Dragon', 'Quill']);
    });

    it('searches name, description and tags, case-insensitively', async () => {
      expect(sorted(names(await list(null, 'public?q=DRAGON')))).toEqual(['Ember Dragon', 'Salty Pete']);
      expect(names(await list(null, 'public?q=ember'))).toEqual(['Ember Dragon']);
      expect(names(await list(null, 'public?q=Riddles'))).toEqual(['Ember Dragon']);
      expect(names(await list(null, 'public?q=PIRATES'))).toEqual(['Salty Pete']);
      expect(names(await list(null, 'public?q=sea'))).toEqual(['Salty Pete']);
      expect(names(await list(null, 'public?q=EDUCATION'))).toEqual(['Quill']);
      expect((await list(null, 'public?q=nothing-like-this')).json()).toMatchObject({ items: [], total: 0 });
      expect(names(await list(null, 'public?q=%20%20'))).toHaveLength(3);
    });

    it('searches literally: % and _ are not wildcards', async () => {
      expect(names(await list(null, 'public?q=50%25_off'))).toEqual(['Quill']);
      expect(names(await list(null, 'public?q=5_%25'))).toEqual([]);
      expect(names(await list(null, 'public?q=%25'))).toEqual(['Quill']);
      expect(names(await list(null, 'public?q=_'))).toEqual(['Quill']);
    });

    it('filters by tags: comma-joined, any case, all must match', async () => {
      expect(sorted(names(await list(null, 'public?tags=FANTASY')))).toEqual(['Ember Dragon', 'Quill']);
      expect(names(await list(null, 'public?tags=fantasy,DRAGONS'))).toEqual(['Ember Dragon']);
      expect(names(await list(null, 'public?tags=%20fantasy%20,%20dragons%20,'))).toEqual(['Ember Dragon']);
      expect(names(await list(null, 'public?tags=fantasy,pirates'))).toEqual([]);
      // A tag is matched whole: 'fant' is no tag.
      expect(names(await list(null, 'public?tags=fant'))).toEqual([]);
      expect(names(await list(null, 'public?q=wyrm&tags=fantasy'))).toEqual(['Ember Dragon']);
      expect(names(await list(null, 'public?q=tutor&tags=dragons'))).toEqual([]);
    });

    it('filters by category ("all" is no filter)', async () => {
      expect(names(await list(null, 'public?category=educational'))).toEqual(['Quill']);
      expect(sorted(names(await list(null, 'public?category=entertainment')))).toEqual(['Ember Dragon', 'Salty Pete']);
      expect(names(await list(null, 'public?category=creative'))).toEqual([]);
      expect(names(await list(null, 'public?category=all'))).toHaveLength(3);
      expect(names(await list(null, 'public?category=entertainment&tags=pirates'))).toEqual(['Salty Pete']);
    });

    it('sorts by popularity, newest and rating (unrated last); refuses other sorts', async () => {
      expect(names(await list(null, 'public?sortBy=popular'))).toEqual(['Salty Pete', 'Ember Dragon', 'Quill']);
      expect(names(await list(null, 'public?sortBy=newest'))).toEqual(['Quill', 'Salty Pete', 'Ember Dragon']);
      expect(names(await list(null, 'public?sortBy=rating'))).toEqual(['Quill', 'Ember Dragon', 'Salty Pete']);
      expectError(await list(null, 'public?sortBy=random'), 400, 'VALIDATION_ERROR');
    });

    it('shows NSFW bots only to those who opt in', async () => {
      expect(names(await list(bob, 'public'))).not.toContain('Night Dragon');
      expect(names(await list(bob, 'public?nsfw=false'))).not.toContain('Night Dragon');
      const optIn = await list(bob, 'public?nsfw=true');
      expect(names(optIn)).toEqual(['Night Dragon', 'Salty Pete', 'Ember Dragon', 'Quill']);
      expect(optIn.json()).toMatchObject({ total: 4 });
      expect(names(await list(null, 'public?nsfw=true&q=night'))).toEqual(['Night Dragon']);
    });

    it('never lists private, unlisted or inactive bots, whatever the query', async () => {
      const never = ['Hidden Dragon', 'Private Night Dragon', 'Unlisted Dragon', 'Sleeping Dragon'];
      for (const query of [
        'public?nsfw=true',
        'public?nsfw=true&q=dragon',
        'public?nsfw=true&tags=fantasy',
        'public?nsfw=true&sortBy=newest&limit=100',
        'public?nsfw=true&sortBy=rating',
        `public?nsfw=true&creator=${alice.user.username}`,
        `public?nsfw=true&creator=${bob.user.id}`,
        'public?q=hidden',
        'public?q=unlisted',
        'public?q=sleeping',
      ]) {
        const found = names(await list(alice, query));
        for (const name of never) expect(found, query).not.toContain(name);
      }
      // Even their owners do not see them in Explore.
      expect(names(await list(alice, 'public?q=hidden'))).toEqual([]);
    });

    it('pages with page, limit and total', async () => {
      const page1 = await list(null, 'public?limit=2&page=1');
      expect(page1.json()).toMatchObject({ total: 3, page: 1, limit: 2 });
      expect(names(page1)).toEqual(['Salty Pete', 'Ember Dragon']);
      const page2 = await list(null, 'public?limit=2&page=2');
      expect(page2.json()).toMatchObject({ total: 3, page: 2, limit: 2 });
      expect(names(page2)).toEqual(['Quill']);
      expect((await list(null, 'public?limit=2&page=9')).json()).toMatchObject({ items: [], total: 3, page: 9 });
      // The total counts the filtered set, not the page.
      expect((await list(null, 'public?q=dragon&limit=1')).json()).toMatchObject({ total: 2 });
      for (const bad of ['limit=101', 'limit=0', 'page=0', 'page=-1', 'limit=abc']) {
        expectError(await list(null, `public?${bad}`), 400, 'VALIDATION_ERROR');
      }
    });

    it('filters by creator, by username (any case) or by id', async () => {
      expect(sorted(names(await list(null, `public?creator=${alice.user.username.toUpperCase()}`)))).toEqual([
        'Ember Dragon',
        'Salty Pete',
      ]);
      expect(sorted(names(await list(null, `public?creator=${alice.user.id}`)))).toEqual(['Ember Dragon', 'Salty Pete']);
      expect(names(await list(null, `public?creator=${bob.user.username}`))).toEqual(['Quill']);
      expect(names(await list(null, `public?creator=${bob.user.id}&nsfw=true`))).toEqual(['Night Dragon', 'Quill']);
      expect((await list(null, 'public?creator=nobody_at_all')).json()).toMatchObject({ items: [], total: 0 });
      expect((await list(null, 'public?creator=00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ total: 0 });
    });
  });

  describe('My Bots: GET /api/bots/my', () => {
    let carol: Session;
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      carol = await t.signup();
      // name, created, updated, rating (count), popularity, visibility, category, nsfw, tags, description
      const rows: [string, number, number, number | null, number, 'private' | 'public' | 'unlisted', string, boolean, string[], string][] =
        [
          ['Bravo', 1, 4, 4.0, 30, 'private', 'creative', false, ['Sky', 'Travel'], 'Flies planes over the OCEAN.'],
          ['alpha', 2, 1, null, 50, 'public', 'general', false, ['maps'], 'A quiet librarian of old charts.'],
          ['Charlie', 3, 5, 4.8, 10, 'unlisted', 'creative', true, ['sky'], 'A night club singer for adults.'],
          ['delta', 4, 2, 2.5, 0, 'private', 'general', false, [], 'A river pilot with stories.'],
          ['Echo', 5, 3, null, 20, 'public', 'educational', false, ['travel'], 'Repeats what mountains say.'],
        ];
      for (const [name, created, updated, rating, popularity, visibility, category, nsfw, tags, description] of rows) {
        const bot = await createBot(t, carol, {
          name,
          description,
          category,
          nsfw,
          tags,
          visibility,
          ...(visibility === 'public' ? { avatarUrl: '/avatars/kai.svg', tags: tags.length ? tags : ['x'] } : {}),
        });
        ids[name] = bot.id;
        await set(bot.id, {
          createdAt: at(created),
          updatedAt: at(10 + updated),
          avgRating: rating,
          ratingCount: rating === null ? 0 : 2,
          popularity,
        });
      }
    });
    const my = (query = '') => list(carol, `my${query}`);

    it("lists only the caller's own bots, newest first by default", async () => {
      const res = await my();
      expect(res.statusCode).toBe(200);
      expect(names(res)).toEqual(['Echo', 'delta', 'Charlie', 'alpha', 'Bravo']);
      expect(res.json()).toMatchObject({ total: 5, page: 1 });
      expect((res.json() as Page).items.every((b) => b.createdBy === carol.user.id)).toBe(true);
      // Others see theirs, never carol's.
      expect(names(await list(bob, 'my'))).not.toContain('Echo');
      expectError(await list(null, 'my'), 401, 'UNAUTHORIZED');
    });

    it.each<[string, string[]]>([
      ['?sortBy=newest', ['Echo', 'delta', 'Charlie', 'alpha', 'Bravo']],
      ['?sortBy=newest&sortOrder=asc', ['Bravo', 'alpha', 'Charlie', 'delta', 'Echo']],
      ['?sortBy=updated', ['Charlie', 'Bravo', 'Echo', 'delta', 'alpha']],
      ['?sortBy=updated&sortOrder=asc', ['alpha', 'delta', 'Echo', 'Bravo', 'Charlie']],
      ['?sortBy=name', ['alpha', 'Bravo', 'Charlie', 'delta', 'Echo']],
      ['?sortBy=name&sortOrder=asc', ['alpha', 'Bravo', 'Charlie', 'delta', 'Echo']],
      ['?sortBy=name&sortOrder=desc', ['Echo', 'delta', 'Charlie', 'Bravo', 'alpha']],
      ['?sortBy=popular', ['alpha', 'Bravo', 'Echo', 'Charlie', 'delta']],
      ['?sortBy=popular&sortOrder=asc', ['delta', 'Charlie', 'Echo', 'Bravo', 'alpha']],
    ])('sorts %s', async (query, expected) => {
      expect(names(await my(query))).toEqual(expected);
    });

    it('sorts by rating, highest first, unrated bots last', async () => {
      const order = names(await my('?sortBy=rating'));
      expect(order.slice(0, 3)).toEqual(['Charlie', 'Bravo', 'delta']);
      expect(sorted(order.slice(3))).toEqual(['Echo', 'alpha']);
    });

    it('sorts by rating ascending, lowest first, unrated bots still last', async () => {
      const order = names(await my('?sortBy=rating&sortOrder=asc'));
      expect(order.slice(0, 3)).toEqual(['delta', 'Bravo', 'Charlie']);
      expect(sorted(order.slice(3))).toEqual(['Echo', 'alpha']);
    });

    it('refuses unknown sorts and orders', async () => {
      expectError(await my('?sortBy=random'), 400, 'VALIDATION_ERROR');
      expectError(await my('?sortOrder=up'), 400, 'VALIDATION_ERROR');
      expectError(await my('?scope=everyone'), 400, 'VALIDATION_ERROR');
    });

    it('searches name and description, case-insensitively', async () => {
      expect(names(await my('?q=ALPHA'))).toEqual(['alpha']);
      expect(names(await my('?q=ocean'))).toEqual(['Bravo']);
      expect(names(await my('?q=PILOT'))).toEqual(['delta']);
      expect(names(await my('?q=Old%20Charts'))).toEqual(['alpha']);
      expect(sorted(names(await my('?q=CHAR')))).toEqual(['Charlie', 'alpha']);
      expect((await my('?q=dragon')).json()).toMatchObject({ total: 0 });
    });

    it('filters by category, visibility, NSFW and tags', async () => {
      expect(sorted(names(await my('?category=creative')))).toEqual(['Bravo', 'Charlie']);
      expect(names(await my('?category=all'))).toHaveLength(5);
      expect(sorted(names(await my('?visibility=private')))).toEqual(['Bravo', 'delta']);
      expect(sorted(names(await my('?visibility=public')))).toEqual(['Echo', 'alpha']);
      expect(names(await my('?visibility=unlisted'))).toEqual(['Charlie']);
      expectError(await my('?visibility=secret'), 400, 'VALIDATION_ERROR');
      expect(names(await my('?nsfw=true'))).toEqual(['Charlie']);
      expect(names(await my('?nsfw=false'))).toHaveLength(4);
      expect(sorted(names(await my('?tags=SKY')))).toEqual(['Bravo', 'Charlie']);
      expect(names(await my('?tags=sky,travel'))).toEqual(['Bravo']);
      expect(names(await my('?category=creative&visibility=private&q=planes'))).toEqual(['Bravo']);
    });

    it('pages', async () => {
      const page = await my('?sortBy=name&limit=2&page=2');
      expect(page.json()).toMatchObject({ total: 5, page: 2, limit: 2 });
      expect(names(page)).toEqual(['Charlie', 'delta']);
      expectError(await my('?limit=101'), 400, 'VALIDATION_ERROR');
    });

    it('scope: own (default), shared (bots one collaborates on) and all', async () => {
      const dave = await t.signup();
      const daveOwn = await createBot(t, dave, { name: 'Dave Own' });
      await t.database.db.insert(botCollaborators).values([
        { botId: ids.Bravo!, userId: dave.user.id, role: 'viewer' },
        { botId: ids.Charlie!, userId: dave.user.id, role: 'editor' },
      ]);
      const asDave = (query: string) => list(dave, `my${query}`);
      expect(names(await asDave(''))).toEqual(['Dave Own']);
      expect(names(await asDave('?scope=own'))).toEqual(['Dave Own']);
      expect(sorted(names(await asDave('?scope=shared')))).toEqual(['Bravo', 'Charlie']);
      const all = await asDave('?scope=all');
      expect(sorted(names(all))).toEqual(['Bravo', 'Charlie', 'Dave Own']);
      expect(all.json()).toMatchObject({ total: 3 });
      expect(names(await asDave('?scope=shared&visibility=unlisted'))).toEqual(['Charlie']);
      // Removed from a bot, it leaves the shared list.
      expect((await call(t, carol, 'DELETE', `/api/bots/${ids.Bravo}/collaborators/${dave.user.id}`)).statusCode).toBe(204);
      expect(names(await asDave('?scope=shared'))).toEqual(['Charlie']);
      // The owner's own list is unchanged by sharing.
      expect(names(await my())).not.toContain('Dave Own');
      expect(daveOwn.createdBy).toBe(dave.user.id);
    });
  });

  describe("My Bots' total: kept by the database (user_bot_counts, migration 0026)", () => {
    const total = async (session: Session, query = '') => (await list(session, `my${query}`)).json() as Page;
    const counted = async (userId: string) =>
      (await t.database.db.select({ id: bots.id }).from(bots).where(eq(bots.createdBy, userId))).length;

    it('answers the unfiltered total from the kept count, equal to the bots there are, through creates, deletes and moves', async () => {
      const erin = await t.signup();
      const frank = await t.signup();
      expect(await total(erin)).toMatchObject({ total: 0, items: [] });
      // 20 at once: every insert counts once.
      const made = await Promise.all(Array.from({ length: 20 }, (_, i) => createBot(t, erin, { name: `Erin ${i}` })));
      expect((await total(erin)).total).toBe(20);
      expect(await counted(erin.user.id)).toBe(20);
      // Several rows in one statement (as an import writes them).
      await t.database.db
        .insert(bots)
        .values(
          Array.from({ length: 3 }, (_, i) => ({ name: `Batch ${i}`, createdBy: erin.user.id, description: '', firstMessage: 'Hi' })),
        );
      expect((await total(erin)).total).toBe(23);
      // One deleted through the API, two in one statement, at once with other deletes.
      expect((await call(t, erin, 'DELETE', `/api/bots/${made[0]!.id}`)).statusCode).toBe(204);
      await Promise.all([
        t.database.db.delete(bots).where(eq(bots.id, made[1]!.id)),
        t.database.db.delete(bots).where(eq(bots.id, made[2]!.id)),
      ]);
      expect((await total(erin)).total).toBe(20);
      // Handed to another owner: it moves between the counts.
      await set(made[3]!.id, { createdBy: frank.user.id });
      expect((await total(erin)).total).toBe(19);
      expect((await total(frank)).total).toBe(1);
      expect(await counted(erin.user.id)).toBe(19);
      // A filter counts the matching rows, as before.
      await set(made[4]!.id, { visibility: 'public' });
      expect((await total(erin, '?visibility=public')).total).toBe(1);
      // A user deleted with their bots takes the count along, and nothing fails on the way.
      await t.database.db.delete(users).where(eq(users.id, erin.user.id));
      expect(await t.database.db.select().from(userBotCounts).where(eq(userBotCounts.userId, erin.user.id))).toEqual([]);
    });
  });

  describe('favorites: GET /api/bots/favorites', () => {
    it("lists the caller's favorites that they can still see, paged", async () => {
      const erin = await t.signup();
      const frank = await t.signup();
      const publicBot = await createBot(t, frank, { ...pub, name: 'Fav Public' });
      const unlistedBot = await createBot(t, frank, { name: 'Fav Unlisted', visibility: 'unlisted' });
      const goesPrivate = await createBot(t, frank, { ...pub, name: 'Fav Goes Private' });
      const ownPrivate = await createBot(t, erin, { name: 'Fav Own Private' });
      const notFavorite = await createBot(t, frank, { ...pub, name: 'Not a favorite' });
      for (const bot of [publicBot, unlistedBot, goesPrivate, ownPrivate]) {
        expect((await call(t, erin, 'POST', `/api/bots/${bot.id}/favorite`)).statusCode).toBe(200);
      }
      const all = await list(erin, 'favorites');
      expect(sorted(names(all))).toEqual(['Fav Goes Private', 'Fav Own Private', 'Fav Public', 'Fav Unlisted']);
      expect(all.json()).toMatchObject({ total: 4 });
      expect(names(all)).not.toContain(notFavorite.name);
      // Someone else's favorites are theirs.
      expect((await list(frank, 'favorites')).json()).toMatchObject({ total: 0 });

      // A bot its owner makes private leaves the favorites of others.
      expect((await call(t, frank, 'POST', `/api/bots/${goesPrivate.id}/unpublish`)).statusCode).toBe(200);
      expect(names(await list(erin, 'favorites'))).not.toContain('Fav Goes Private');

      const page = await list(erin, 'favorites?limit=2&page=2');
      expect(page.json()).toMatchObject({ total: 3, page: 2, limit: 2 });
      expect(names(page)).toHaveLength(1);
      expectError(await list(null, 'favorites'), 401, 'UNAUTHORIZED');
    });
  });
});
