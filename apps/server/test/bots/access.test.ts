import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Bot, BotVersion } from '@app/shared/bots/schemas';
import { botCollaborators, botFavorites, botVersions, bots, moderationRequests } from '../../src/db/schema/bots';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError, setRole } from '../helpers/auth';
import { call, createBot } from './helpers';

/**
 * Who may do what with a bot (issue 3, 'Data and calls'): the owner everything; an editor reads
 * and edits; a viewer reads; admins read any bot and change nothing they do not own; everyone
 * else reads public bots (and unlisted ones by id). A bot one may not see answers 404, one they
 * may see but not change answers 403, and a refused call changes nothing.
 */

type Actor = 'owner' | 'editor' | 'viewer' | 'stranger' | 'admin' | 'anonymous';
const ACTORS: Actor[] = ['owner', 'editor', 'viewer', 'stranger', 'admin', 'anonymous'];
/** inactive: a public bot switched off (isActive false); strangers see it as they see a private one. */
type Variant = 'private' | 'unlisted' | 'public' | 'inactive';
const VARIANTS: Variant[] = ['private', 'unlisted', 'public', 'inactive'];

interface Fixture {
  bot: Bot;
  versionId: string;
}
interface CallSpec {
  name: string;
  /** What the call needs: read (see the bot), member (be among its collaborators), write (edit), owner. */
  need: 'read' | 'member' | 'write' | 'owner';
  /** The status of a successful call. */
  ok: number;
  /** Whether an anonymous visitor may make it (GET /api/bots/:id only). */
  anonymous?: boolean;
  run(t: TestApp, session: Session | null, fx: Fixture): ReturnType<typeof call>;
}

/** The rule of the issue as a table: what each actor gets. */
function expectedStatus(c: CallSpec, actor: Actor, variant: Variant): number {
  const hidden = variant === 'private' || variant === 'inactive';
  switch (actor) {
    case 'owner':
      return c.ok;
    case 'editor':
      return c.need === 'owner' ? 403 : c.ok;
    case 'viewer':
      return c.need === 'owner' || c.need === 'write' ? 403 : c.ok;
    case 'admin':
      return c.need === 'read' ? c.ok : 403;
    case 'stranger':
      return hidden ? 404 : c.need === 'read' ? c.ok : 403;
    case 'anonymous':
      return c.anonymous ? (hidden ? 404 : c.ok) : 401;
  }
}

describe('rights on a bot: owner, editor, viewer, stranger, admin, anonymous', () => {
  let t: TestApp;
  const sessions = {} as Record<Exclude<Actor, 'anonymous'>, Session>;
  /** A viewer of every fixture whose role the calls change or remove. */
  let extra: Session;
  /** A user the invite call invites. */
  let invitee: Session;
  const sessionOf = (actor: Actor) => (actor === 'anonymous' ? null : sessions[actor]);

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
    for (const actor of ['owner', 'editor', 'viewer', 'stranger', 'admin'] as const) sessions[actor] = await t.signup();
    await setRole(t, sessions.admin.user.id, 'admin');
    extra = await t.signup();
    invitee = await t.signup();
  });
  afterAll(() => t.close());

  /** A bot of the owner, publishable (avatar and tags), with an editor, a viewer, the extra viewer and one version. */
  async function fixture(variant: Variant): Promise<Fixture> {
    const bot = await createBot(t, sessions.owner, {
      name: `Fixture ${variant}`,
      avatarUrl: '/avatars/mira.svg',
      tags: ['fixture'],
      visibility: variant === 'inactive' ? 'public' : variant,
    });
    if (variant === 'inactive') await t.database.db.update(bots).set({ isActive: false }).where(eq(bots.id, bot.id));
    await t.database.db.insert(botCollaborators).values([
      { botId: bot.id, userId: sessions.editor.user.id, role: 'editor' },
      { botId: bot.id, userId: sessions.viewer.user.id, role: 'viewer' },
      { botId: bot.id, userId: extra.user.id, role: 'viewer' },
    ]);
    const version = await call(t, sessions.owner, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'Initial' });
    expect(version.statusCode).toBe(201);
    return { bot, versionId: (version.json() as BotVersion).id };
  }

  /** Everything stored about a bot: its row, collaborators, versions, favorites and moderation requests. */
  async function stateOf(botId: string) {
    const { db } = t.database;
    return {
      bot: (await db.select().from(bots).where(eq(bots.id, botId)))[0],
      collaborators: await db
        .select({ userId: botCollaborators.userId, role: botCollaborators.role })
        .from(botCollaborators)
        .where(eq(botCollaborators.botId, botId))
        .orderBy(asc(botCollaborators.userId)),
      versions: await db
        .select({ id: botVersions.id, version: botVersions.version })
        .from(botVersions)
        .where(eq(botVersions.botId, botId))
        .orderBy(asc(botVersions.version)),
      favorites: await db.select({ userId: botFavorites.userId }).from(botFavorites).where(eq(botFavorites.botId, botId)),
      requests: await db
        .select({ id: moderationRequests.id, reason: moderationRequests.reason })
        .from(moderationRequests)
        .where(eq(moderationRequests.botId, botId)),
    };
  }

  const CALLS: CallSpec[] = [
    { name: 'GET /:id', need: 'read', ok: 200, anonymous: true, run: (t, s, fx) => call(t, s, 'GET', `/api/bots/${fx.bot.id}`) },
    {
      name: 'PATCH /:id (content)',
      need: 'write',
      ok: 200,
      run: (t, s, fx) => call(t, s, 'PATCH', `/api/bots/${fx.bot.id}`, { name: 'Changed', settings: { temperature: 1.9 } }),
    },
    {
      name: 'PATCH /:id (visibility)',
      need: 'owner',
      ok: 200,
      run: (t, s, fx) =>
        call(t, s, 'PATCH', `/api/bots/${fx.bot.id}`, { visibility: fx.bot.visibility === 'private' ? 'unlisted' : 'private' }),
    },
    { name: 'DELETE /:id', need: 'owner', ok: 204, run: (t, s, fx) => call(t, s, 'DELETE', `/api/bots/${fx.bot.id}`) },
    { name: 'POST /:id/publish', need: 'owner', ok: 200, run: (t, s, fx) => call(t, s, 'POST', `/api/bots/${fx.bot.id}/publish`) },
    { name: 'POST /:id/unpublish', need: 'owner', ok: 200, run: (t, s, fx) => call(t, s, 'POST', `/api/bots/${fx.bot.id}/unpublish`) },
    { name: 'POST /:id/clone', need: 'read', ok: 201, run: (t, s, fx) => call(t, s, 'POST', `/api/bots/${fx.bot.id}/clone`, {}) },
    { name: 'GET /:id/versions', need: 'member', ok: 200, run: (t, s, fx) => call(t, s, 'GET', `/api/bots/${fx.bot.id}/versions`) },
    {
      name: 'POST /:id/versions',
      need: 'write',
      ok: 201,
      run: (t, s, fx) => call(t, s, 'POST', `/api/bots/${fx.bot.id}/versions`, { changelog: 'Another' }),
    },
    {
      name: 'POST /:id/versions/:versionId/restore',
      need: 'write',
      ok: 200,
      run: (t, s, fx) => call(t, s, 'POST', `/api/bots/${fx.bot.id}/versions/${fx.versionId}/restore`),
    },
    {
      name: 'GET /:id/collaborators',
      need: 'member',
      ok: 200,
      run: (t, s, fx) => call(t, s, 'GET', `/api/bots/${fx.bot.id}/collaborators`),
    },
    {
      name: 'POST /:id/collaborators',
      need: 'owner',
      ok: 201,
      run: (t, s, fx) => call(t, s, 'POST', `/api/bots/${fx.bot.id}/collaborators`, { email: invitee.user.email, role: 'editor' }),
    },
    {
      name: 'PATCH /:id/collaborators/:userId',
      need: 'owner',
      ok: 200,
      run: (t, s, fx) => call(t, s, 'PATCH', `/api/bots/${fx.bot.id}/collaborators/${extra.user.id}`, { role: 'editor' }),
    },
    {
      name: 'DELETE /:id/collaborators/:userId (someone else)',
      need: 'owner',
      ok: 204,
      run: (t, s, fx) => call(t, s, 'DELETE', `/api/bots/${fx.bot.id}/collaborators/${extra.user.id}`),
    },
    { name: 'POST /:id/favorite', need: 'read', ok: 200, run: (t, s, fx) => call(t, s, 'POST', `/api/bots/${fx.bot.id}/favorite`) },
    { name: 'DELETE /:id/favorite', need: 'read', ok: 200, run: (t, s, fx) => call(t, s, 'DELETE', `/api/bots/${fx.bot.id}/favorite`) },
    {
      name: 'POST /:id/report',
      need: 'read',
      ok: 201,
      run: (t, s, fx) => call(t, s, 'POST', `/api/bots/${fx.bot.id}/report`, { reason: 'spam', description: 'Test report.' }),
    },
    {
      name: 'POST /:id/submit-review',
      need: 'owner',
      ok: 201,
      run: (t, s, fx) => call(t, s, 'POST', `/api/bots/${fx.bot.id}/submit-review`, { type: 'publish' }),
    },
    {
      name: 'POST /:id/deploy',
      need: 'owner',
      ok: 200,
      run: (t, s, fx) => call(t, s, 'POST', `/api/bots/${fx.bot.id}/deploy`, { platform: 'web' }),
    },
  ];

  describe.each(CALLS)('$name', (spec) => {
    it.each(VARIANTS)('on a %s bot: allowed actors succeed, the others are refused and change nothing', async (variant) => {
      const shared = await fixture(variant);
      const before = await stateOf(shared.bot.id);
      const refused = ACTORS.filter((a) => expectedStatus(spec, a, variant) >= 400);
      const allowed = ACTORS.filter((a) => expectedStatus(spec, a, variant) < 400);
      for (const actor of refused) {
        const status = expectedStatus(spec, actor, variant);
        const res = await spec.run(t, sessionOf(actor), shared);
        const code = { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' }[status as 401 | 403 | 404];
        expect({ actor, status: res.statusCode }, res.body).toEqual({ actor, status });
        expectError(res, status, code, status === 404 ? 'Bot not found' : undefined);
      }
      expect(await stateOf(shared.bot.id)).toEqual(before);
      // Each allowed actor on a bot of its own: an allowed call may change or delete it.
      for (const actor of allowed) {
        const fx = await fixture(variant);
        const res = await spec.run(t, sessionOf(actor), fx);
        expect({ actor, status: res.statusCode }, res.body).toEqual({ actor, status: spec.ok });
      }
    });
  });

  it('GET /:id answers each caller its own role', async () => {
    const fx = await fixture('public');
    const roles = await Promise.all(
      ACTORS.map(async (a) => [a, ((await call(t, sessionOf(a), 'GET', `/api/bots/${fx.bot.id}`)).json() as Bot).myRole]),
    );
    expect(Object.fromEntries(roles)).toEqual({
      owner: 'owner',
      editor: 'editor',
      viewer: 'viewer',
      stranger: null,
      admin: null,
      anonymous: null,
    });
  });

  it('a collaborator may leave a bot; a stranger may not "leave" one (404 private, 403 public); the owner may not', async () => {
    for (const variant of ['private', 'public'] as const) {
      const fx = await fixture(variant);
      // A viewer or an editor may not remove someone else.
      expectError(await call(t, extra, 'DELETE', `/api/bots/${fx.bot.id}/collaborators/${sessions.editor.user.id}`), 403, 'FORBIDDEN');
      expectError(await call(t, sessions.editor, 'DELETE', `/api/bots/${fx.bot.id}/collaborators/${extra.user.id}`), 403, 'FORBIDDEN');
      for (const actor of ['editor', 'viewer'] as const) {
        const res = await call(t, sessions[actor], 'DELETE', `/api/bots/${fx.bot.id}/collaborators/${sessions[actor].user.id}`);
        expect(res.statusCode, `${actor} leaves a ${variant} bot`).toBe(204);
      }
      const stranger = await call(t, sessions.stranger, 'DELETE', `/api/bots/${fx.bot.id}/collaborators/${sessions.stranger.user.id}`);
      expect(stranger.statusCode).toBe(variant === 'private' ? 404 : 403);
      const owner = await call(t, sessions.owner, 'DELETE', `/api/bots/${fx.bot.id}/collaborators/${sessions.owner.user.id}`);
      expectError(owner, 400, 'VALIDATION_ERROR', "The owner can't be changed or removed");
      const remaining = (await stateOf(fx.bot.id)).collaborators.map((c) => c.userId);
      expect(remaining).toEqual([extra.user.id]);
      if (variant === 'private') {
        expect((await call(t, sessions.editor, 'GET', `/api/bots/${fx.bot.id}`)).statusCode).toBe(404);
        expect((await call(t, sessions.viewer, 'GET', `/api/bots/${fx.bot.id}`)).statusCode).toBe(404);
      }
    }
  });

  describe('bulk calls', () => {
    const visibilityOf = async (ids: string[]) =>
      Object.fromEntries(
        (await t.database.db.select({ id: bots.id, v: bots.visibility }).from(bots).where(inArray(bots.id, ids))).map((r) => [r.id, r.v]),
      );

    it.each(['bulk-delete', 'bulk-publish', 'bulk-unpublish'])(
      "%s: a bot one does not own among one's own refuses the whole call with 404, for editors, viewers, strangers and admins",
      async (action) => {
        const privateFx = await fixture('private');
        const publicFx = await fixture('public');
        for (const actor of ['editor', 'viewer', 'stranger', 'admin'] as const) {
          const own = await createBot(t, sessions[actor], { avatarUrl: '/avatars/kai.svg' });
          const ownPublic = await createBot(t, sessions[actor], { avatarUrl: '/avatars/kai.svg', visibility: 'public' });
          const ids = [own.id, ownPublic.id, privateFx.bot.id, publicFx.bot.id];
          const before = { fixtures: [await stateOf(privateFx.bot.id), await stateOf(publicFx.bot.id)], own: await visibilityOf(ids) };
          for (const foreign of [privateFx.bot.id, publicFx.bot.id]) {
            const res = await call(t, sessions[actor], 'POST', `/api/bots/${action}`, { botIds: [own.id, foreign, ownPublic.id] });
            expect({ actor, foreign, status: res.statusCode }).toEqual({ actor, foreign, status: 404 });
            expectError(res, 404, 'NOT_FOUND', 'Bot not found');
          }
          expect(await visibilityOf(ids)).toEqual(before.own);
          expect([await stateOf(privateFx.bot.id), await stateOf(publicFx.bot.id)]).toEqual(before.fixtures);
        }
        expectError(await call(t, null, 'POST', `/api/bots/${action}`, { botIds: [privateFx.bot.id] }), 401, 'UNAUTHORIZED');
        // The owner may.
        const res = await call(t, sessions.owner, 'POST', `/api/bots/${action}`, { botIds: [privateFx.bot.id, publicFx.bot.id] });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ count: 2 });
      },
    );

    it('an unknown id among own ones refuses the whole call', async () => {
      const own = await createBot(t, sessions.owner);
      const res = await call(t, sessions.owner, 'POST', '/api/bots/bulk-publish', {
        botIds: [own.id, '00000000-0000-4000-8000-000000000000'],
      });
      expectError(res, 404, 'NOT_FOUND');
      expect(await visibilityOf([own.id])).toEqual({ [own.id]: 'private' });
    });
  });
});
