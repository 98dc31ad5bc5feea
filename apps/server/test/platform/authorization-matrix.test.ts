import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { API_KEY_SCOPES, type ApiKeyScope } from '@app/shared/integrations/schemas';
import { DEFAULT_PRICING } from '@app/shared/pricing/rules';
import { PLANS } from '@app/shared/subscriptions/plans';
import { emptyReport } from '@app/shared/imports/schemas';
import { imports } from '../../src/db/schema/imports';
import { jobs } from '../../src/db/schema/jobs';
import { subscriptionCheckouts } from '../../src/db/schema/subscriptions';
import { DEFAULT_REFERRAL_SETTINGS } from '@app/shared/referrals/rules';
import { requiredScope } from '../../src/features/integrations/api-key-scopes';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../helpers/app';
import { login, signupAdmin } from '../helpers/auth';
import { validBot } from '../bots/helpers';

/**
 * The authorization matrix (issue 14 §1), generated from the OpenAPI document: every route is
 * called as anonymous, as another user, as the owner of the resource it names, as the bot's
 * editor and viewer where it is about a bot, as an admin, and with API keys with and without the
 * scope it needs, on real resources made for the purpose. Every route must be in TABLE: a new
 * route that is not fails here, so it can't ship unclassified.
 *
 * Expected: another user's private thing is 404 (never 200, never 403), admin routes 403 for
 * users, anything but public 401 for anonymous, keys only where their scope reaches.
 */

type Caller = 'anon' | 'stranger' | 'viewer' | 'editor' | 'admin' | 'keyWithout' | 'keyWith' | 'owner';
/** 'ok' is any 2xx or 3xx; a number is that status exactly. */
type Outcome = 'ok' | number;

interface Request {
  url: string;
  payload?: object;
  /** The signed-in user of this call when it is not the world's owner (a fresh account for calls that end it). */
  as?: Session;
}

interface Entry {
  /** public: anyone; user: any signed-in user, on their own things; owner: a thing of one user; admin: admins only. */
  kind: 'public' | 'user' | 'owner' | 'admin';
  /** The request of one call (fresh resources where a call consumes them). Default: the path filled from the world. */
  req?: (w: World) => Promise<Request> | Request;
  body?: object;
  /** What the owner (or, for 'user' routes, any user; for 'public', anyone) gets. Default 'ok'. */
  ok?: Outcome;
  /** Bot routes: what the bot's editor and viewer get (default 404, as strangers). */
  editor?: Outcome;
  viewer?: Outcome;
  /** What an admin gets on an owner route (default 404: admins read bots, nothing else of others'). */
  admin?: Outcome;
  /** What anonymous gets (default 401, 'ok' for public). */
  anon?: Outcome;
  /** What another user gets on a public route that names a private thing. */
  stranger?: Outcome;
}

interface World {
  t: TestApp;
  owner: Session;
  stranger: Session;
  editor: Session;
  viewer: Session;
  admin: Session;
  /** The owner's keys: one with every scope, and one per scope without it. */
  keyAll: string;
  keyMissing: Record<ApiKeyScope, string>;
  bot: { id: string };
  chat: { id: string };
  replyId: string;
  versionId: string;
  moderationId: string;
  webhookId: string;
  apiKeyId: string;
  backupId: string;
  presetId: string;
  notificationId: string;
  otherSessionId: string;
  exportId: string;
  purchaseId: string;
  subscriptionCheckoutId: string;
  newBot(overrides?: Parameters<typeof validBot>[0]): Promise<{ id: string }>;
  newChat(): Promise<{ id: string; replyId: string }>;
  newUser(): Promise<Session>;
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function call(t: TestApp, token: string | null, method: string, url: string, payload?: object): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: method as InjectOptions['method'],
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  } as InjectOptions);
}

async function ok(res: LightMyRequestResponse, what: string) {
  if (res.statusCode >= 400) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown> & { id: string };
}

/** The whole table: one line per route of the OpenAPI document. */
const bot = (w: World) => w.bot.id;
const freshBot = async (w: World) => (await w.newBot()).id;
/** A new pending purchase of the owner's (a sandbox payment or cancel consumes one). */
const freshPurchase = async (w: World) =>
  (
    (
      await w.t.app.inject({
        method: 'POST',
        url: '/api/purchases',
        headers: w.t.bearer(w.owner),
        payload: { kind: 'gems', packageId: 'starter' },
      })
    ).json() as { id: string }
  ).id;
/**
 * A new pending sandbox checkout of the owner's for ultimate (paying or cancelling consumes one),
 * written directly: once the owner has paid one, the API would refuse to open another.
 */
const freshSubscriptionCheckout = async (w: World) => {
  const [row] = await w.t.database.db
    .insert(subscriptionCheckouts)
    .values({ userId: w.owner.user.id, plan: 'ultimate', provider: 'sandbox', amountMinor: PLANS.ultimate.priceMinor, currency: 'eur' })
    .returning();
  return row!.id;
};
/** A new lorebook of the owner's (a delete consumes one; each call of a route gets its own). */
const freshLorebook = async (w: World) =>
  (await ok(await call(w.t, w.owner.accessToken, 'POST', '/api/lorebooks', { name: 'Matrix book' }), 'lorebook')).id;
/** A new group chat of the owner's with the world's bot and a new one (a character leaving consumes one). */
const freshGroup = async (w: World) =>
  (await ok(await call(w.t, w.owner.accessToken, 'POST', '/api/chats', { botIds: [w.bot.id, (await w.newBot()).id] }), 'group')).id;
/** A new persona of the owner's (a delete consumes one). */
const freshPersona = async (w: World) =>
  (await ok(await call(w.t, w.owner.accessToken, 'POST', '/api/personas', { name: 'Matrix persona' }), 'persona')).id;
/** An import of the owner's (issue 20 §5): a finished one's row (a user may have one active import at a time). */
const freshImport = async (w: World) => {
  const [row] = await w.t.app.ctx.db
    .insert(imports)
    .values({ userId: w.owner.user.id, source: 'sillytavern', status: 'done', storageKey: null, report: emptyReport() })
    .returning({ id: imports.id });
  return row!.id;
};
/** A fresh account with an active sandbox premium subscription (set to end when `canceling`). */
const subscribedUser = async (w: World, canceling = false) => {
  const user = await w.newUser();
  const started = await ok(await call(w.t, user.accessToken, 'POST', '/api/subscription/checkout', { plan: 'premium' }), 'checkout');
  await ok(await call(w.t, user.accessToken, 'POST', `/api/subscription/checkout/${started.id}/sandbox/complete`), 'subscribe');
  if (canceling) await ok(await call(w.t, user.accessToken, 'POST', '/api/subscription/cancel'), 'cancel');
  return user;
};
const TOKEN_PURCHASE = { platform: 'openai', tokens_purchased: 1000, price_paid_eur: 1.5, purchase_date: '2026-01-15' };
/** A new API token purchase, made by the admin (PATCH and DELETE act on one). */
const freshTokenPurchase = async (w: World) =>
  (
    (
      await w.t.app.inject({ method: 'POST', url: '/api/admin/token-purchases', headers: w.t.bearer(w.admin), payload: TOKEN_PURCHASE })
    ).json() as { id: string }
  ).id;
/** A fresh account, banned by the admin (an unban lifts one). */
const bannedUser = async (w: World) => {
  const user = await w.newUser();
  await ok(await call(w.t, w.admin.accessToken, 'POST', `/api/admin/users/${user.user.id}/ban`, { reason: 'Matrix' }), 'ban');
  return user.user.id;
};
/** A job that spent its attempts (a retry queues it again). */
const failedJob = async (w: World) => {
  const [row] = await w.t.database.db.insert(jobs).values({ kind: 'matrix-failed', status: 'failed', attempts: 5 }).returning();
  return row!.id;
};
/** The stranger's referral code (made on the first call, the same after). */
const referralCode = async (w: World) =>
  (
    (await w.t.app.inject({ method: 'POST', url: '/api/referral/generate-code', headers: w.t.bearer(w.stranger) })).json() as {
      referralCode: string;
    }
  ).referralCode;
/** Challenge rooms (issue 19): the owner's private ranked room (made when the owner has none: leaving ends one). */
const CHALLENGES = '/api/gamification/challenges';
const ownersRoom = async (w: World) => {
  const active = await call(w.t, w.owner.accessToken, 'GET', `${CHALLENGES}/rooms/active`);
  if (active.statusCode === 200) return (active.json() as { id: string }).id;
  return (
    await ok(await call(w.t, w.owner.accessToken, 'POST', `${CHALLENGES}/rooms`, { challengeId: 'message-sprint', private: true }), 'room')
  ).id;
};
/** A fresh account playing in a room of its own, and the room. */
const roomOfNewUser = async (w: World, options: object = {}) => {
  const user = await w.newUser();
  const room = await ok(
    await call(w.t, user.accessToken, 'POST', `${CHALLENGES}/rooms`, { challengeId: 'tap-sprint', maxPlayers: 10, ...options }),
    'room',
  );
  return { user, room: room as unknown as { id: string; inviteCode?: string } };
};
/** A season body (one tier) in its own future window: the n-th of them never overlaps another. */
let seasonsMade = 0;
const futureSeasonBody = () => {
  const start = Date.UTC(2100, 0, 1) + (seasonsMade += 1) * 2 * 86_400_000;
  return {
    name: 'Matrix season',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 86_400_000).toISOString(),
    priceGems: 10,
    tiers: [{ tier: 1, xpRequired: 0, freeReward: { type: 'tokens', value: 1 }, premiumReward: { type: 'gems', value: 1 } }],
  };
};
/** A new season that has not started (PATCH and DELETE act on one). */
const futureSeason = async (w: World) =>
  (await ok(await call(w.t, w.admin.accessToken, 'POST', '/api/admin/seasons', futureSeasonBody()), 'future season')).id;
/** The season that runs now (made by the first call, the same after): its pass and tiers are for sale. */
let running: Promise<string> | undefined;
const runningSeason = (w: World) =>
  (running ??= (async () => {
    const body = { ...futureSeasonBody(), startsAt: new Date(Date.now() - 3_600_000).toISOString() };
    body.endsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    return (await ok(await call(w.t, w.admin.accessToken, 'POST', '/api/admin/seasons', body), 'running season')).id;
  })());
const TABLE: Record<string, Entry> = {
  'GET /healthz': { kind: 'public' },
  'GET /readyz': { kind: 'public' },
  'GET /api/app/info': { kind: 'public' },
  'GET /api/shell': { kind: 'user' },
  'GET /api/docs/json': { kind: 'public' },

  // Auth: the public calls answer anonymous callers; their own checks are other tests' matter.
  'POST /api/auth/signup': {
    kind: 'public',
    req: () => ({
      url: '/api/auth/signup',
      payload: {
        email: `m${Math.random().toString(36).slice(2)}@example.com`,
        username: `m_${Math.random().toString(36).slice(2, 12)}`,
        password: STRONG_PASSWORD,
      },
    }),
  },
  'POST /api/auth/login': {
    kind: 'public',
    req: (w) => ({ url: '/api/auth/login', payload: { email: w.stranger.user.email, password: STRONG_PASSWORD } }),
  },
  'POST /api/auth/login/2fa': { kind: 'public', body: { challengeToken: 'lc_unknown', code: '123456' }, ok: 401 },
  'POST /api/auth/refresh': { kind: 'public', body: { refreshToken: 'rt_unknown' }, ok: 401 },
  // Ends the caller's session when it has one: each call signs in a fresh account.
  'POST /api/auth/force-logout': {
    kind: 'public',
    req: async (w) => ({ url: '/api/auth/force-logout', payload: { refreshToken: 'rt_unknown' }, as: await w.newUser() }),
  },
  'POST /api/auth/verify-email': { kind: 'public', body: { token: 'ev_unknown' }, ok: 400 },
  'POST /api/auth/password/forgot': { kind: 'public', body: { email: 'nobody@example.com' } },
  'POST /api/auth/password/reset': { kind: 'public', body: { token: 'pr_unknown', password: STRONG_PASSWORD }, ok: 400 },
  'GET /api/auth/providers': { kind: 'public' },
  'GET /api/auth/oidc/authorize': { kind: 'public', ok: 404 },
  'POST /api/auth/oidc/callback': { kind: 'public', body: { code: 'x', state: 'y' }, ok: 400 },
  'POST /api/auth/logout': { kind: 'user', req: async (w) => ({ url: '/api/auth/logout', as: await w.newUser() }) },
  'GET /api/auth/session': { kind: 'user' },
  'POST /api/auth/verify-email/resend': { kind: 'user', ok: 'ok' },

  // Bots: a private bot of the owner with an editor and a viewer.
  'GET /api/bots/public': { kind: 'public' },
  'GET /api/bots/categories': { kind: 'public' },
  'GET /api/bots/templates': { kind: 'public' },
  'GET /api/bots/my': { kind: 'user' },
  'GET /api/bots/favorites': { kind: 'user' },
  'GET /api/bots/analytics': { kind: 'user' },
  'POST /api/bots/': { kind: 'user', body: validBot(), ok: 201 },
  'POST /api/bots/import': {
    kind: 'user',
    body: {
      data: JSON.stringify({
        spec: 'chara_card_v2',
        spec_version: '2.0',
        data: {
          name: 'Imported',
          description: 'An imported character card',
          personality: 'calm',
          scenario: 'here',
          first_mes: 'Hello there',
          mes_example: '',
          creator_notes: '',
          system_prompt: '',
          post_history_instructions: '',
          alternate_greetings: [],
          tags: [],
          creator: '',
          character_version: '',
          extensions: {},
        },
      }),
    },
    ok: 201,
  },
  'POST /api/bots/bulk-delete': {
    kind: 'owner',
    req: async (w) => ({ url: '/api/bots/bulk-delete', payload: { botIds: [await freshBot(w)] } }),
  },
  'POST /api/bots/bulk-publish': {
    kind: 'owner',
    req: async (w) => ({ url: '/api/bots/bulk-publish', payload: { botIds: [await freshBot(w)] } }),
  },
  'POST /api/bots/bulk-unpublish': {
    kind: 'owner',
    req: async (w) => ({ url: '/api/bots/bulk-unpublish', payload: { botIds: [await freshBot(w)] } }),
  },
  'GET /api/bots/{id}': { kind: 'public', anon: 404, stranger: 404, editor: 'ok', viewer: 'ok', admin: 'ok' },
  'GET /api/bots/{id}/export': { kind: 'public', anon: 404, stranger: 404, editor: 'ok', viewer: 'ok', admin: 'ok' },
  'PATCH /api/bots/{id}': {
    kind: 'owner',
    body: { description: 'A description edited by the matrix' },
    editor: 'ok',
    viewer: 403,
    admin: 403,
  },
  'DELETE /api/bots/{id}': {
    kind: 'owner',
    req: async (w) => ({ url: `/api/bots/${await freshBot(w)}` }),
    editor: 403,
    viewer: 403,
    admin: 403,
  },
  'POST /api/bots/{id}/publish': {
    kind: 'owner',
    req: async (w) => ({ url: `/api/bots/${(await w.newBot({ avatarUrl: '/avatars/kai.svg' })).id}/publish` }),
    editor: 403,
    viewer: 403,
    admin: 403,
  },
  'POST /api/bots/{id}/unpublish': { kind: 'owner', editor: 403, viewer: 403, admin: 403 },
  'POST /api/bots/{id}/clone': { kind: 'owner', body: {}, ok: 201, editor: 201, viewer: 201, admin: 201 },
  'POST /api/bots/{id}/avatar': { kind: 'owner', ok: 400, editor: 400, viewer: 403, admin: 403 },
  'POST /api/bots/{id}/versions': { kind: 'owner', body: { changelog: 'Matrix' }, ok: 201, editor: 201, viewer: 403, admin: 403 },
  'GET /api/bots/{id}/versions': { kind: 'owner', editor: 'ok', viewer: 'ok', admin: 403 },
  'POST /api/bots/{id}/versions/{versionId}/restore': { kind: 'owner', editor: 'ok', viewer: 403, admin: 403 },
  'GET /api/bots/{id}/collaborators': { kind: 'owner', editor: 'ok', viewer: 'ok', admin: 403 },
  'POST /api/bots/{id}/collaborators': {
    kind: 'owner',
    req: async (w) => ({ url: `/api/bots/${w.bot.id}/collaborators`, payload: { email: (await w.newUser()).user.email, role: 'viewer' } }),
    ok: 201,
    editor: 403,
    viewer: 403,
    admin: 403,
  },
  'PATCH /api/bots/{id}/collaborators/{userId}': { kind: 'owner', body: { role: 'viewer' }, editor: 403, viewer: 403, admin: 403 },
  'DELETE /api/bots/{id}/collaborators/{userId}': {
    kind: 'owner',
    req: async (w) => {
      const id = await freshBot(w);
      return { url: `/api/bots/${id}/collaborators/${w.viewer.user.id}` };
    },
    // The viewer named in the path may leave the bot; the editor may not remove others.
    editor: 403,
    viewer: 'ok',
    admin: 403,
  },
  'POST /api/bots/{id}/favorite': { kind: 'owner', editor: 'ok', viewer: 'ok', admin: 'ok' },
  'DELETE /api/bots/{id}/favorite': { kind: 'owner', editor: 'ok', viewer: 'ok', admin: 'ok' },
  'POST /api/bots/{id}/report': { kind: 'owner', body: { reason: 'spam' }, ok: 201, editor: 201, viewer: 201, admin: 201 },
  'POST /api/bots/{id}/submit-review': {
    kind: 'owner',
    req: async (w) => ({ url: `/api/bots/${await freshBot(w)}/submit-review`, payload: {} }),
    ok: 201,
    editor: 403,
    viewer: 403,
    admin: 403,
  },
  'POST /api/bots/{id}/deploy': { kind: 'owner', body: { platform: 'web' }, editor: 403, viewer: 403, admin: 403 },
  'POST /api/bots/{id}/test': { kind: 'owner', body: { message: 'Hello' }, editor: 'ok', viewer: 403, admin: 403 },
  'GET /api/bots/{id}/statistics': { kind: 'owner', editor: 'ok', viewer: 'ok', admin: 403 },
  'GET /api/bots/{id}/statistics/export': { kind: 'owner', editor: 'ok', viewer: 'ok', admin: 403 },
  // Rating needs a chat with the bot first: only its owner has one here.
  'POST /api/bots/{id}/rate': { kind: 'owner', body: { rating: 4 }, editor: 403, viewer: 403, admin: 403 },
  'GET /api/bots/moderation-requests': { kind: 'admin' },
  'PATCH /api/bots/moderation-requests/{requestId}': { kind: 'admin', body: { status: 'rejected' } },

  // Chats: the owner's chat with their bot, with a reply.
  'POST /api/chats/': {
    kind: 'owner',
    req: (w) => ({ url: '/api/chats/', payload: { botId: w.bot.id } }),
    ok: 201,
    editor: 201,
    viewer: 201,
    admin: 201,
  },
  // Lorebooks (issue 20 §1): the owner's, attached to their bots and chats.
  'GET /api/lorebooks/': { kind: 'user' },
  'POST /api/lorebooks/': { kind: 'user', body: { name: 'Matrix book' }, ok: 201 },
  'POST /api/lorebooks/import': { kind: 'user', body: { data: { entries: {} }, name: 'Matrix import' }, ok: 201 },
  'GET /api/lorebooks/{id}': { kind: 'owner', req: async (w) => ({ url: `/api/lorebooks/${await freshLorebook(w)}` }) },
  'PATCH /api/lorebooks/{id}': {
    kind: 'owner',
    req: async (w) => ({ url: `/api/lorebooks/${await freshLorebook(w)}`, payload: { name: 'Matrix book, renamed' } }),
  },
  'DELETE /api/lorebooks/{id}': { kind: 'owner', req: async (w) => ({ url: `/api/lorebooks/${await freshLorebook(w)}` }) },
  'GET /api/lorebooks/{id}/export': { kind: 'owner', req: async (w) => ({ url: `/api/lorebooks/${await freshLorebook(w)}/export` }) },
  'GET /api/personas/': { kind: 'user' },
  'POST /api/personas/': { kind: 'user', body: { name: 'Matrix persona' }, ok: 201 },
  'GET /api/personas/{id}': { kind: 'owner', req: async (w) => ({ url: `/api/personas/${await freshPersona(w)}` }) },
  'PATCH /api/personas/{id}': {
    kind: 'owner',
    req: async (w) => ({ url: `/api/personas/${await freshPersona(w)}`, payload: { name: 'Matrix persona, renamed' } }),
  },
  'DELETE /api/personas/{id}': { kind: 'owner', req: async (w) => ({ url: `/api/personas/${await freshPersona(w)}` }) },
  // Rights are checked before the (missing) file: the owner's empty form is a 400.
  'POST /api/personas/{id}/avatar': {
    kind: 'owner',
    ok: 400,
    req: async (w) => ({ url: `/api/personas/${await freshPersona(w)}/avatar` }),
  },
  // Moving in from SillyTavern (issue 20 §5): a JSON body is not an upload (400); the upload itself is tested in imports/.
  'POST /api/imports/sillytavern': { kind: 'user', ok: 400 },
  'GET /api/imports/': { kind: 'user' },
  'GET /api/imports/{id}': { kind: 'owner', req: async (w) => ({ url: `/api/imports/${await freshImport(w)}` }) },
  'GET /api/chats/{id}/export': { kind: 'owner' },
  'PUT /api/bots/{id}/lorebook': { kind: 'owner', body: { lorebookId: null } },
  'GET /api/chats/{id}/lorebooks': { kind: 'owner' },
  'POST /api/chats/{id}/lorebooks': {
    kind: 'owner',
    req: async (w) => ({ url: `/api/chats/${w.chat.id}/lorebooks`, payload: { lorebookId: await freshLorebook(w) } }),
  },
  'DELETE /api/chats/{id}/lorebooks/{lorebookId}': {
    kind: 'owner',
    req: async (w) => ({ url: `/api/chats/${w.chat.id}/lorebooks/${await freshLorebook(w)}` }),
  },
  'GET /api/chats/{id}/messages/{messageId}/prompt': { kind: 'owner' },
  'GET /api/chats/': { kind: 'user' },
  'GET /api/chats/{id}': { kind: 'owner' },
  'PATCH /api/chats/{id}': { kind: 'owner', body: { personaId: null } },
  'POST /api/chats/{id}/bots': {
    kind: 'owner',
    req: async (w) => ({ url: `/api/chats/${await freshGroup(w)}/bots`, payload: { botId: (await w.newBot()).id } }),
  },
  'DELETE /api/chats/{id}/bots/{botId}': {
    kind: 'owner',
    req: async (w) => ({ url: `/api/chats/${await freshGroup(w)}/bots/${w.bot.id}` }),
  },
  'POST /api/chats/{id}/branch': {
    kind: 'owner',
    req: (w) => ({ url: `/api/chats/${w.chat.id}/branch`, payload: { messageId: w.replyId } }),
  },
  'DELETE /api/chats/{id}': { kind: 'owner', req: async (w) => ({ url: `/api/chats/${(await w.newChat()).id}` }) },
  'GET /api/chats/{id}/messages': { kind: 'owner' },
  'POST /api/chats/{id}/messages': { kind: 'owner', body: { content: 'Hello from the matrix' } },
  'POST /api/chats/{id}/messages/{messageId}/regenerate': { kind: 'owner' },
  'PATCH /api/chats/{id}/messages/{messageId}': { kind: 'owner', body: { selected: true } },
  'POST /api/chats/{id}/messages/{messageId}/unseen': { kind: 'owner' },
  'DELETE /api/chats/{id}/messages/{messageId}': {
    kind: 'owner',
    req: async (w) => {
      const chat = await w.newChat();
      return { url: `/api/chats/${chat.id}/messages/${chat.replyId}` };
    },
  },

  'GET /api/tokens/balance': { kind: 'user' },
  'GET /api/tokens/transactions': { kind: 'user' },

  // Gems: the caller's own balance and history; what is on sale and quotes are public.
  'GET /api/gems': { kind: 'user' },
  'GET /api/gems/transactions': { kind: 'user' },
  'GET /api/gems/packages': { kind: 'public' },
  'GET /api/gems/config': { kind: 'public' },
  'GET /api/gems/quote': { kind: 'public', req: () => ({ url: '/api/gems/quote?costUsd=0.37' }) },

  // Pricing: quotes and packs are public; the config is the admins'.
  'GET /api/pricing/quote': { kind: 'public', req: () => ({ url: '/api/pricing/quote?type=text' }) },
  'GET /api/tokens/packs': { kind: 'public' },
  'GET /api/admin/pricing': { kind: 'admin' },
  'PUT /api/admin/pricing': { kind: 'admin', body: DEFAULT_PRICING },
  // API token purchases and the economy report: the admins' alone (a fresh purchase for each call that changes one).
  'GET /api/admin/token-purchases': { kind: 'admin' },
  'POST /api/admin/token-purchases': { kind: 'admin', body: TOKEN_PURCHASE, ok: 201 },
  'PATCH /api/admin/token-purchases/{id}': {
    kind: 'admin',
    req: async (w) => ({ url: `/api/admin/token-purchases/${await freshTokenPurchase(w)}`, payload: { notes: 'Matrix' } }),
  },
  'DELETE /api/admin/token-purchases/{id}': {
    kind: 'admin',
    req: async (w) => ({ url: `/api/admin/token-purchases/${await freshTokenPurchase(w)}` }),
  },
  'GET /api/admin/economy': { kind: 'admin', req: () => ({ url: '/api/admin/economy?from=2026-01-01&to=2026-01-31' }) },
  'GET /api/admin/economy/payment-reviews': { kind: 'admin' },

  // Purchases: the buyer's own; another user's is 404, even to admins.
  'POST /api/purchases': { kind: 'user', body: { kind: 'gems', packageId: 'starter' }, ok: 201 },
  'GET /api/purchases': { kind: 'user' },
  'GET /api/purchases/{id}': { kind: 'owner' },
  'POST /api/purchases/{id}/sandbox/complete': {
    kind: 'owner',
    req: async (w) => ({ url: `/api/purchases/${await freshPurchase(w)}/sandbox/complete` }),
  },
  'POST /api/purchases/{id}/sandbox/cancel': {
    kind: 'owner',
    req: async (w) => ({ url: `/api/purchases/${await freshPurchase(w)}/sandbox/cancel` }),
  },

  // Subscriptions: the caller's own plan; another user's checkout is 404, even to admins. The
  // portal exists only with Stripe (subscriptions/stripe.test.ts covers it).
  'GET /api/subscription': { kind: 'user' },
  'POST /api/subscription/checkout': {
    kind: 'user',
    req: async (w) => ({ url: '/api/subscription/checkout', payload: { plan: 'premium' }, as: await w.newUser() }),
    ok: 201,
  },
  'GET /api/subscription/checkout/{id}': { kind: 'owner' },
  'POST /api/subscription/checkout/{id}/sandbox/complete': {
    kind: 'owner',
    req: async (w) => ({ url: `/api/subscription/checkout/${await freshSubscriptionCheckout(w)}/sandbox/complete` }),
  },
  'POST /api/subscription/checkout/{id}/sandbox/cancel': {
    kind: 'owner',
    req: async (w) => ({ url: `/api/subscription/checkout/${await freshSubscriptionCheckout(w)}/sandbox/cancel` }),
  },
  'POST /api/subscription/cancel': { kind: 'user', req: async (w) => ({ url: '/api/subscription/cancel', as: await subscribedUser(w) }) },
  'POST /api/subscription/resume': {
    kind: 'user',
    req: async (w) => ({ url: '/api/subscription/resume', as: await subscribedUser(w, true) }),
  },
  'GET /api/subscription/invoices': { kind: 'user' },
  // Referrals: the program's config and the link's click and lookup are public; the code, the
  // dashboard and applying are the caller's own (userId: own, or an admin's); review is the admins'.
  // The live stream answers JSON here (no Accept: text/event-stream); its cookie is the caller's own token.
  'GET /api/events': { kind: 'user' },
  'POST /api/events/cookie': { kind: 'user' },
  'GET /api/referral/config': { kind: 'public' },
  'POST /api/referral/generate-code': { kind: 'user' },
  'GET /api/referral/user-dashboard': { kind: 'user' },
  'GET /api/gamification/config': { kind: 'public' },
  'GET /api/gamification/ranks': { kind: 'public' },
  'POST /api/gamification/streaks': { kind: 'user', body: { type: 'daily_login' } },
  'GET /api/gamification/rewards': { kind: 'user' },
  'POST /api/gamification/rewards/{id}/claim': {
    kind: 'user',
    // Each claim pays once a day: a fresh account for the call that must succeed.
    req: async (w) => ({ url: '/api/gamification/rewards/daily/claim', as: await w.newUser() }),
  },
  'GET /api/gamification/achievements': { kind: 'user' },
  'GET /api/gamification/user/achievements': { kind: 'user' },
  // Nobody here has signed in 365 days in a row: the claim is refused (409); anonymous is 401 all the same.
  'POST /api/gamification/achievements/{id}/claim': {
    kind: 'user',
    req: () => ({ url: '/api/gamification/achievements/year-round/claim' }),
    ok: 409,
  },
  'POST /api/gamification/track': { kind: 'user', body: { type: 'messages_sent' } },
  'GET /api/gamification/user/badges': { kind: 'user' },
  // Nobody here owns a badge: equipping one is 404 for every signed-in caller.
  'POST /api/gamification/badges/{id}/equip': {
    kind: 'user',
    req: () => ({ url: '/api/gamification/badges/living-legend/equip' }),
    ok: 404,
  },
  'DELETE /api/gamification/badges/{id}/equip': {
    kind: 'user',
    req: () => ({ url: '/api/gamification/badges/living-legend/equip' }),
    ok: 404,
  },
  'GET /api/gamification/missions': { kind: 'user' },
  'POST /api/gamification/quests/{id}/start': {
    kind: 'user',
    // A start is once per period: a fresh account for the call that must succeed.
    req: async (w) => ({ url: '/api/gamification/quests/daily-chat/start', as: await w.newUser() }),
  },
  // Nobody here has started the story quest: every other move is refused (409); anonymous is 401.
  'POST /api/gamification/quests/{id}/complete': {
    kind: 'user',
    req: () => ({ url: '/api/gamification/quests/story-first-steps/complete' }),
    ok: 409,
  },
  'POST /api/gamification/quests/{id}/claim': {
    kind: 'user',
    req: () => ({ url: '/api/gamification/quests/story-first-steps/claim' }),
    ok: 409,
  },
  'POST /api/gamification/quests/{id}/abandon': {
    kind: 'user',
    req: () => ({ url: '/api/gamification/quests/story-first-steps/abandon' }),
    ok: 409,
  },
  // The recount acts on the caller's own progress only.
  'POST /api/gamification/activity': { kind: 'user', body: {} },
  // Nobody here is at the top level: prestige is refused (409); anonymous is 401 all the same.
  'POST /api/gamification/prestige': { kind: 'user', ok: 409 },
  // The owner's level: public profiles show it to any signed-in user.
  'GET /api/gamification/user/{userId}': { kind: 'user', req: (w) => ({ url: `/api/gamification/user/${w.owner.user.id}` }) },
  'POST /api/gamification/xp': {
    kind: 'admin',
    req: (w) => ({ url: '/api/gamification/xp', payload: { amount: 1, source: 'Authorization matrix', userId: w.owner.user.id } }),
  },
  // Leaderboards (issue 19): any signed-in user reads the boards and joins or leaves them for
  // themselves; a user's stats follow their profile's visibility (the owner's is public).
  'GET /api/gamification/leaderboards/': { kind: 'user' },
  'GET /api/gamification/leaderboards/{id}/entries': {
    kind: 'user',
    req: () => ({ url: '/api/gamification/leaderboards/xp-weekly/entries?limit=5&offset=0' }),
  },
  'POST /api/gamification/leaderboards/{id}/join': { kind: 'user', req: () => ({ url: '/api/gamification/leaderboards/xp-weekly/join' }) },
  'DELETE /api/gamification/leaderboards/{id}/join': {
    kind: 'user',
    req: () => ({ url: '/api/gamification/leaderboards/messages-weekly/join' }),
  },
  'GET /api/gamification/leaderboards/user/{id}/stats': {
    kind: 'user',
    req: (w) => ({ url: `/api/gamification/leaderboards/user/${w.owner.user.id}/stats` }),
  },
  // Challenges and their rooms (issue 19): another user's private room is 404; one room a user at a time, so calls that make one use fresh accounts.
  'GET /api/gamification/challenges/': { kind: 'user' },
  'GET /api/gamification/challenges/rooms': { kind: 'user' },
  'POST /api/gamification/challenges/rooms': {
    kind: 'user',
    req: async (w) => ({ url: `${CHALLENGES}/rooms`, payload: { challengeId: 'tap-sprint' }, as: await w.newUser() }),
    ok: 201,
  },
  'GET /api/gamification/challenges/rooms/active': {
    kind: 'user',
    req: async (w) => ({ url: `${CHALLENGES}/rooms/active`, as: (await roomOfNewUser(w)).user }),
  },
  'POST /api/gamification/challenges/rooms/join': {
    kind: 'user',
    req: async (w) => ({
      url: `${CHALLENGES}/rooms/join`,
      payload: { inviteCode: (await roomOfNewUser(w, { private: true })).room.inviteCode },
      as: await w.newUser(),
    }),
  },
  'GET /api/gamification/challenges/rooms/{id}': {
    kind: 'owner',
    req: async (w) => ({ url: `${CHALLENGES}/rooms/${await ownersRoom(w)}` }),
  },
  'POST /api/gamification/challenges/rooms/{id}/join': {
    kind: 'owner',
    req: async (w) => ({ url: `${CHALLENGES}/rooms/${await ownersRoom(w)}/join` }),
  },
  'POST /api/gamification/challenges/rooms/{id}/leave': {
    kind: 'owner',
    req: async (w) => ({ url: `${CHALLENGES}/rooms/${await ownersRoom(w)}/leave` }),
  },
  'POST /api/gamification/challenges/rooms/{id}/score': {
    kind: 'owner',
    req: async (w) => ({ url: `${CHALLENGES}/rooms/${await ownersRoom(w)}/score`, payload: { score: 1_000_000 } }),
  },
  'GET /api/gamification/season-pass/current': {
    kind: 'public',
    req: async (w) => {
      await runningSeason(w);
      return { url: '/api/gamification/season-pass/current' };
    },
  },
  // Each call on a fresh account: a pass is bought once, a tier claimed once.
  'POST /api/gamification/season-pass/{id}/purchase': {
    kind: 'user',
    req: async (w) => ({ url: `/api/gamification/season-pass/${await runningSeason(w)}/purchase`, as: await w.newUser() }),
  },
  'POST /api/gamification/season-pass/{seasonId}/tiers/{tier}/claim': {
    kind: 'user',
    req: async (w) => ({
      url: `/api/gamification/season-pass/${await runningSeason(w)}/tiers/1/claim`,
      payload: { track: 'free' },
      as: await w.newUser(),
    }),
  },
  'GET /api/gamification/referrals/stats': { kind: 'user' },
  'POST /api/gamification/referrals/apply': {
    kind: 'user',
    req: async (w) => ({ url: '/api/gamification/referrals/apply', payload: { code: await referralCode(w) }, as: await w.newUser() }),
  },
  'POST /api/referral/register': {
    kind: 'user',
    req: async (w) => ({ url: '/api/referral/register', payload: { referralCode: await referralCode(w) }, as: await w.newUser() }),
  },
  'POST /api/referral/click': {
    kind: 'public',
    req: async (w) => ({ url: '/api/referral/click', payload: { referralCode: await referralCode(w) } }),
  },
  'GET /api/referral/codes/{code}': { kind: 'public', req: async (w) => ({ url: `/api/referral/codes/${await referralCode(w)}` }) },
  'GET /api/admin/referral/config': { kind: 'admin' },
  'PUT /api/admin/referral/config': { kind: 'admin', body: DEFAULT_REFERRAL_SETTINGS },
  'GET /api/admin/referrals': { kind: 'admin', req: () => ({ url: '/api/admin/referrals?status=flagged' }) },
  'POST /api/admin/referrals/{id}/approve': { kind: 'admin', req: () => ({ url: `/api/admin/referrals/${UNKNOWN}/approve` }), ok: 404 },
  'POST /api/admin/referrals/{id}/reject': { kind: 'admin', req: () => ({ url: `/api/admin/referrals/${UNKNOWN}/reject` }), ok: 404 },

  // Profiles: public pages; following is the signed-in user's own act.
  // Search (issue 18 §3): anyone searches; the recent searches are the caller's own.
  'GET /api/search/': { kind: 'public', req: () => ({ url: '/api/search?q=matrix' }) },
  'GET /api/search/trending': { kind: 'public' },
  'GET /api/search/recent': { kind: 'user' },
  'POST /api/search/recent': { kind: 'user', body: { query: 'matrix' } },
  'DELETE /api/search/recent': { kind: 'user' },

  'GET /api/users/{usernameOrId}/profile': { kind: 'public' },
  'GET /api/users/{usernameOrId}/activity': { kind: 'public' },
  'GET /api/users/{usernameOrId}/stats': { kind: 'public' },
  'GET /api/users/{usernameOrId}/achievements': { kind: 'public' },
  'GET /api/users/{usernameOrId}/followers': { kind: 'public' },
  'GET /api/users/{usernameOrId}/following': { kind: 'public' },
  'POST /api/users/{userId}/follow': { kind: 'user', req: async (w) => ({ url: `/api/users/${(await w.newUser()).user.id}/follow` }) },
  'DELETE /api/users/{userId}/follow': { kind: 'user', req: async (w) => ({ url: `/api/users/${(await w.newUser()).user.id}/follow` }) },

  // The account's own things: every call acts on the caller's account.
  'GET /api/user/profile': { kind: 'user' },
  'PATCH /api/user/profile': { kind: 'user', body: { bio: 'Matrix' } },
  'POST /api/user/avatar': { kind: 'user', ok: 400 },
  'DELETE /api/user/avatar': { kind: 'user' },
  'GET /api/user/username/check': { kind: 'user', req: () => ({ url: '/api/user/username/check?username=free_name_42' }) },
  'POST /api/user/email/validate': { kind: 'user', body: { email: 'someone@example.com' } },
  'GET /api/user/settings/privacy': { kind: 'user' },
  'PATCH /api/user/settings/privacy': { kind: 'user', body: { showEmail: false } },
  'GET /api/user/settings/appearance': { kind: 'user' },
  'PATCH /api/user/settings/appearance': { kind: 'user', body: { compactMode: false } },
  'GET /api/user/settings/notifications': { kind: 'user' },
  'PATCH /api/user/settings/notifications': { kind: 'user', body: { email: { marketing: false } } },
  'GET /api/user/settings/data': { kind: 'user' },
  'PATCH /api/user/settings/data': { kind: 'user', body: { allowAnalytics: true } },
  'GET /api/user/settings/security': { kind: 'user' },
  'PATCH /api/user/settings/security': { kind: 'user', body: { loginAlerts: true } },
  'POST /api/user/language': { kind: 'user', body: { language: 'en' } },
  'POST /api/user/block': {
    kind: 'user',
    req: async (w) => ({ url: '/api/user/block', payload: { userId: (await w.newUser()).user.id } }),
  },
  'DELETE /api/user/block/{userId}': { kind: 'user', req: async (w) => ({ url: `/api/user/block/${(await w.newUser()).user.id}` }) },
  'POST /api/user/settings/import': { kind: 'user', body: { version: '1.0', settings: { appearance: { compactMode: false } } } },
  'GET /api/user/settings/export': { kind: 'user' },
  'POST /api/user/settings/reset-all': { kind: 'user' },
  'POST /api/user/settings/{section}/reset': { kind: 'user', req: () => ({ url: '/api/user/settings/appearance/reset' }) },
  'POST /api/user/settings/backups': { kind: 'user', body: { name: 'Matrix', data: { appearance: { compactMode: false } } }, ok: 201 },
  'GET /api/user/settings/backups': { kind: 'user' },
  'POST /api/user/settings/backups/{id}/restore': { kind: 'owner' },
  'DELETE /api/user/settings/backups/{id}': {
    kind: 'owner',
    req: async (w) => ({
      url: `/api/user/settings/backups/${(await ok(await call(w.t, w.owner.accessToken, 'POST', '/api/user/settings/backups', { name: 'Gone', data: {} }), 'backup')).id}`,
    }),
  },
  'GET /api/user/settings/presets': { kind: 'user' },
  'POST /api/user/settings/presets': { kind: 'user', body: { name: `Matrix`, data: { appearance: { compactMode: false } } }, ok: 201 },
  'POST /api/user/settings/presets/{id}/apply': { kind: 'owner' },
  'DELETE /api/user/settings/presets/{id}': {
    kind: 'owner',
    req: async (w) => ({
      url: `/api/user/settings/presets/${(await ok(await call(w.t, w.owner.accessToken, 'POST', '/api/user/settings/presets', { name: `Gone ${Math.random()}`, data: {} }), 'preset')).id}`,
    }),
  },
  'GET /api/user/time-zone': { kind: 'user' },
  'PUT /api/user/time-zone': { kind: 'user', body: { timeZone: 'Europe/Berlin' } },
  'POST /api/user/notifications/test': { kind: 'user', body: { type: 'inApp' } },
  'GET /api/user/push/public-key': { kind: 'user' },
  'POST /api/user/push/subscriptions': {
    kind: 'user',
    // A real P-256 point and a 16-byte secret: keys off the curve are refused when saved.
    body: {
      endpoint: 'https://push.example.com/x',
      keys: {
        p256dh: 'BMunoV7TY2sRvuC4wamChxk4-u5OjetWJ6y4cNSYzDLnmZ8kmFLFhSvw0lQIphS5t0f6Q5VNpFa4GCQIAB2AjGc',
        auth: '_MIJOGYYmiuXPCp5GgtJTQ',
      },
    },
  },
  'DELETE /api/user/push/subscriptions': { kind: 'user', body: { endpoint: 'https://push.example.com/none' }, ok: 404 },
  'GET /api/user/notifications': { kind: 'user' },
  'GET /api/user/notifications/unread-count': { kind: 'user' },
  'POST /api/user/notifications/read-all': { kind: 'user' },
  // A fresh account's bell: the owner's notification is needed by the routes that name it.
  'DELETE /api/user/notifications': { kind: 'user', req: async (w) => ({ url: '/api/user/notifications', as: await w.newUser() }) },
  'POST /api/user/notifications/{id}/read': { kind: 'owner' },
  'DELETE /api/user/notifications/{id}': { kind: 'owner', req: (w) => ({ url: `/api/user/notifications/${w.notificationId}` }) },
  'POST /api/user/password': {
    kind: 'user',
    req: async (w) => ({
      url: '/api/user/password',
      as: await w.newUser(),
      payload: { currentPassword: STRONG_PASSWORD, newPassword: 'An0ther-Passphrase!', confirmPassword: 'An0ther-Passphrase!' },
    }),
  },
  'POST /api/user/2fa/setup': {
    kind: 'user',
    req: async (w) => ({ url: '/api/user/2fa/setup', as: await w.newUser(), payload: { method: 'app' } }),
  },
  'POST /api/user/2fa/verify': { kind: 'user', body: { code: '123456' }, ok: 400 },
  'POST /api/user/2fa/send-code': { kind: 'user', ok: 400 },
  'DELETE /api/user/2fa': { kind: 'user', body: { code: '123456' }, ok: 400 },
  'POST /api/user/2fa/backup-codes': { kind: 'user', body: { code: '123456' }, ok: 400 },
  'GET /api/user/sessions': { kind: 'user' },
  'DELETE /api/user/sessions/all': { kind: 'user', req: async (w) => ({ url: '/api/user/sessions/all', as: await w.newUser() }) },
  'DELETE /api/user/sessions/{id}': {
    kind: 'owner',
    req: async (w) => {
      const session = await login(w.t, w.owner.user.email);
      const tokens = session.json() as Session;
      const list = (await call(w.t, tokens.accessToken, 'GET', '/api/user/sessions')).json() as { id: string; current: boolean }[];
      return { url: `/api/user/sessions/${list.find((s) => s.current)!.id}` };
    },
  },
  'GET /api/user/integrations': { kind: 'user' },
  'POST /api/user/integrations/connect': { kind: 'user', body: { service: 'oidc' }, ok: 404 },
  'DELETE /api/user/integrations/{id}': { kind: 'owner', req: () => ({ url: `/api/user/integrations/${UNKNOWN}` }), ok: 404 },
  'POST /api/user/api-keys': { kind: 'user', body: { name: 'Matrix', permissions: ['bots:read'] }, ok: 201 },
  'DELETE /api/user/api-keys/{id}': {
    kind: 'owner',
    req: async (w) => ({
      url: `/api/user/api-keys/${(await ok(await call(w.t, w.owner.accessToken, 'POST', '/api/user/api-keys', { name: 'Gone', permissions: ['bots:read'] }), 'key')).id}`,
    }),
  },
  'POST /api/user/webhooks': { kind: 'user', body: { url: 'http://127.0.0.1:9/hook', events: ['bot.published'] }, ok: 201 },
  'PATCH /api/user/webhooks/{id}': { kind: 'owner', body: { active: true } },
  'DELETE /api/user/webhooks/{id}': {
    kind: 'owner',
    req: async (w) => ({
      url: `/api/user/webhooks/${(await ok(await call(w.t, w.owner.accessToken, 'POST', '/api/user/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['bot.deleted'] }), 'hook')).id}`,
    }),
  },
  'POST /api/user/webhooks/{id}/test': { kind: 'owner' },
  'GET /api/user/webhooks/{id}/deliveries': { kind: 'owner' },
  // One export a minute per account: each call on a fresh one.
  'POST /api/user/data/export': {
    kind: 'user',
    req: async (w) => ({ url: '/api/user/data/export', payload: { format: 'json' }, as: await w.newUser() }),
  },
  'GET /api/user/data/exports/{id}/download': { kind: 'owner' },
  'DELETE /api/user/account': {
    kind: 'user',
    req: async (w) => ({
      url: '/api/user/account',
      as: await w.newUser(),
      payload: { password: STRONG_PASSWORD, immediateDelete: false },
    }),
  },
  'DELETE /api/user/account/deletion': { kind: 'user' },

  'GET /api/admin/users': { kind: 'admin' },
  // The admin console (decision 023): each call that changes an account acts on a fresh one.
  'PATCH /api/admin/users/{id}': {
    kind: 'admin',
    req: async (w) => ({ url: `/api/admin/users/${(await w.newUser()).user.id}`, payload: { tier: 'premium' } }),
  },
  'POST /api/admin/users/{id}/ban': {
    kind: 'admin',
    req: async (w) => ({ url: `/api/admin/users/${(await w.newUser()).user.id}/ban`, payload: { reason: 'Matrix' } }),
  },
  'POST /api/admin/users/{id}/unban': {
    kind: 'admin',
    req: async (w) => ({ url: `/api/admin/users/${await bannedUser(w)}/unban`, payload: { reason: 'Matrix' } }),
  },
  'GET /api/admin/bots/analytics': { kind: 'admin', req: () => ({ url: '/api/admin/bots/analytics?from=2026-01-01&to=2026-01-31' }) },
  'POST /api/admin/broadcast': { kind: 'admin', body: { title: 'Matrix', message: 'A broadcast of the matrix' }, ok: 201 },
  'GET /api/admin/broadcasts': { kind: 'admin' },
  'GET /api/admin/jobs': { kind: 'admin' },
  'POST /api/admin/jobs/{id}/retry': { kind: 'admin', req: async (w) => ({ url: `/api/admin/jobs/${await failedJob(w)}/retry` }) },
  'GET /api/admin/audit-log': { kind: 'admin' },
  'GET /api/admin/seasons': { kind: 'admin' },
  'POST /api/admin/seasons': { kind: 'admin', req: () => ({ url: '/api/admin/seasons', payload: futureSeasonBody() }), ok: 201 },
  'PATCH /api/admin/seasons/{id}': {
    kind: 'admin',
    req: async (w) => ({ url: `/api/admin/seasons/${await futureSeason(w)}`, payload: { name: 'Matrix season, renamed' } }),
  },
  'DELETE /api/admin/seasons/{id}': { kind: 'admin', req: async (w) => ({ url: `/api/admin/seasons/${await futureSeason(w)}` }) },
  'GET /api/dev/outbox': { kind: 'user' },
  'GET /api/dev/sms': { kind: 'user' },
};

/** The path of a route filled from the world. */
function fill(path: string, w: World): string {
  const chat = path.startsWith('/api/chats/');
  return path
    .replace('{id}', () => {
      if (path.startsWith('/api/bots/')) return bot(w);
      if (chat) return w.chat.id;
      if (path.includes('/backups/')) return w.backupId;
      if (path.includes('/presets/')) return w.presetId;
      if (path.includes('/notifications/')) return w.notificationId;
      if (path.includes('/sessions/')) return w.otherSessionId;
      if (path.includes('/api-keys/')) return w.apiKeyId;
      if (path.includes('/webhooks/')) return w.webhookId;
      if (path.includes('/exports/')) return w.exportId;
      if (path.startsWith('/api/purchases/')) return w.purchaseId;
      if (path.startsWith('/api/subscription/checkout/')) return w.subscriptionCheckoutId;
      return UNKNOWN;
    })
    .replace('{messageId}', w.replyId)
    .replace('{versionId}', w.versionId)
    .replace('{requestId}', w.moderationId)
    .replace('{userId}', w.viewer.user.id)
    .replace('{usernameOrId}', w.owner.user.username)
    .replace('{section}', 'appearance');
}

/** What a caller should get on a route. */
function expected(entry: Entry, caller: Caller, scope: ApiKeyScope | null): Outcome {
  const okOutcome = entry.ok ?? 'ok';
  switch (caller) {
    case 'anon':
      return entry.anon ?? (entry.kind === 'public' ? okOutcome : 401);
    case 'owner':
      return entry.kind === 'admin' ? 403 : okOutcome;
    case 'admin':
      return entry.kind === 'admin' || entry.kind === 'user'
        ? okOutcome
        : entry.kind === 'public'
          ? (entry.admin ?? okOutcome)
          : (entry.admin ?? 404);
    case 'stranger':
      return entry.kind === 'admin'
        ? 403
        : entry.kind === 'owner'
          ? 404
          : entry.kind === 'public'
            ? (entry.stranger ?? okOutcome)
            : okOutcome;
    case 'editor':
    case 'viewer': {
      const own = caller === 'editor' ? entry.editor : entry.viewer;
      if (entry.kind === 'admin') return 403;
      if (entry.kind === 'owner') return own ?? 404;
      if (entry.kind === 'public') return own ?? entry.stranger ?? okOutcome;
      return okOutcome;
    }
    case 'keyWith':
      // A key acts as its user (the owner, no admin): admin routes stay closed.
      return scope === null || entry.kind === 'admin' ? 403 : okOutcome;
    case 'keyWithout':
      return 403;
  }
}

const matches = (status: number, outcome: Outcome) => (outcome === 'ok' ? status < 400 : status === outcome);

describe('the authorization matrix over every route of the OpenAPI document', () => {
  let w: World;

  beforeAll(async () => {
    const t = await createTestApp({
      env: { OFFLINE_WORD_DELAY_MS: '0', RATE_LIMIT_MAX: '1000000', STARTING_TOKENS: '100000', WEBHOOK_ALLOW_PRIVATE: 'true' },
    });
    const [owner, stranger, editor, viewer, admin] = [
      await t.signup(),
      await t.signup(),
      await t.signup(),
      await t.signup(),
      await signupAdmin(t),
    ];
    const as = (s: Session, method: string, url: string, payload?: object) => call(t, s.accessToken, method, url, payload);
    const newBot = async (overrides: Parameters<typeof validBot>[0] = {}) => {
      const created = await ok(await as(owner, 'POST', '/api/bots', validBot({ visibility: 'private', ...overrides })), 'bot');
      for (const [who, role] of [
        [editor, 'editor'],
        [viewer, 'viewer'],
      ] as const) {
        const invited = await as(owner, 'POST', `/api/bots/${created.id}/collaborators`, { email: who.user.email, role });
        if (invited.statusCode !== 201) throw new Error(`collaborator: ${invited.statusCode} ${invited.body}`);
      }
      return { id: created.id };
    };
    const newChat = async () => {
      const chat = await ok(await as(owner, 'POST', '/api/chats', { botId: w.bot.id }), 'chat');
      await ok(await as(owner, 'POST', `/api/chats/${chat.id}/messages`, { content: 'Hello' }), 'message');
      const messages = (await as(owner, 'GET', `/api/chats/${chat.id}/messages`)).json() as { items: { id: string; role: string }[] };
      return { id: chat.id, replyId: messages.items.filter((m) => m.role === 'assistant').at(-1)!.id };
    };
    const keyFor = async (permissions: string[]) =>
      (await ok(await as(owner, 'POST', '/api/user/api-keys', { name: 'Matrix key', permissions }), 'api key')).key as string;
    w = { t, owner, stranger, editor, viewer, admin, newBot, newChat, newUser: () => t.signup() } as World;
    w.bot = await newBot();
    const chat = await newChat();
    w.chat = { id: chat.id };
    w.replyId = chat.replyId;
    w.versionId = (await ok(await as(owner, 'POST', `/api/bots/${w.bot.id}/versions`, { changelog: 'First' }), 'version')).id;
    // A report of another bot gives the admins a moderation request.
    const reported = await newBot();
    w.moderationId = (await ok(await as(owner, 'POST', `/api/bots/${reported.id}/submit-review`, {}), 'review')).id;
    w.keyAll = await keyFor([...API_KEY_SCOPES]);
    w.keyMissing = Object.fromEntries(
      await Promise.all(API_KEY_SCOPES.map(async (s) => [s, await keyFor(API_KEY_SCOPES.filter((x) => x !== s))] as const)),
    ) as Record<ApiKeyScope, string>;
    w.apiKeyId = (await ok(await as(owner, 'POST', '/api/user/api-keys', { name: 'Listed', permissions: ['bots:read'] }), 'key')).id;
    w.webhookId = (
      await ok(await as(owner, 'POST', '/api/user/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['bot.deleted'] }), 'hook')
    ).id;
    w.backupId = (await ok(await as(owner, 'POST', '/api/user/settings/backups', { name: 'Kept', data: {} }), 'backup')).id;
    w.presetId = (await ok(await as(owner, 'POST', '/api/user/settings/presets', { name: 'Mine', data: {} }), 'preset')).id;
    await ok(await as(owner, 'POST', '/api/user/notifications/test', { type: 'inApp' }), 'notification');
    w.notificationId = ((await as(owner, 'GET', '/api/user/notifications')).json() as { items: { id: string }[] }).items[0]!.id;
    const second = (await login(t, owner.user.email)).json() as Session;
    const sessions = (await call(t, second.accessToken, 'GET', '/api/user/sessions')).json() as { id: string; current: boolean }[];
    w.otherSessionId = sessions.find((s) => s.current)!.id;
    w.exportId = (await ok(await as(owner, 'POST', '/api/user/data/export', { format: 'json' }), 'export')).id;
    w.purchaseId = (await ok(await as(owner, 'POST', '/api/purchases', { kind: 'gems', packageId: 'starter' }), 'purchase')).id;
    w.subscriptionCheckoutId = (await ok(await as(owner, 'POST', '/api/subscription/checkout', { plan: 'premium' }), 'checkout')).id;
  }, 120_000);
  afterAll(() => w.t.close());

  it('classifies every route, and every caller gets what its class allows', async () => {
    const doc = (await w.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => m !== 'head')
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    const unclassified = routes.filter((r) => !TABLE[r]);
    expect(unclassified, 'routes missing from the matrix: classify them in TABLE').toEqual([]);
    expect(
      Object.keys(TABLE).filter((r) => !routes.includes(r) && !r.startsWith('GET /api/docs')),
      'routes in TABLE that no longer exist',
    ).toEqual([]);

    const wrong: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const entry = TABLE[route]!;
      const [method, path] = route.split(' ') as [string, string];
      const routeUrl = path.replace(/\{([^}]+)\}/g, ':$1').replace(/\/$/, '') || '/';
      const scope = requiredScope(method, routeUrl, routeUrl);
      const callers: Caller[] =
        entry.kind === 'public' || entry.kind === 'owner' || path.startsWith('/api/bots/{id}')
          ? ['anon', 'stranger', 'viewer', 'editor', 'admin', 'keyWithout', 'keyWith', 'owner']
          : ['anon', 'stranger', 'admin', 'keyWithout', 'keyWith', 'owner'];
      for (const caller of callers) {
        if (!path.startsWith('/api/') && caller.startsWith('key')) continue;
        const req = entry.req ? await entry.req(w) : { url: fill(path, w), ...(entry.body ? { payload: entry.body } : {}) };
        // A call that ends or changes its account runs on a fresh one (req.as): owner and stranger
        // are then alike, and an admin's account is not spent on it.
        if (req.as && ['admin', 'editor', 'viewer'].includes(caller)) continue;
        const token =
          caller === 'anon'
            ? null
            : caller === 'keyWith'
              ? w.keyAll
              : caller === 'keyWithout'
                ? scope
                  ? w.keyMissing[scope]
                  : w.keyAll
                : caller === 'owner' || (caller === 'stranger' && req.as)
                  ? (req.as ?? w.owner).accessToken
                  : w[caller].accessToken;
        const res = await call(w.t, token, method, req.url, req.payload);
        calls += 1;
        const want = expected(entry, caller, scope);
        if (!matches(res.statusCode, want))
          wrong.push(`${route} as ${caller}: ${res.statusCode}, expected ${want} — ${res.body.slice(0, 140)}`);
        // Another user's private thing: 404 and nothing of it in the answer.
        if (entry.kind === 'owner' && caller === 'stranger' && res.statusCode === 404 && res.body.includes(w.owner.user.id))
          wrong.push(`${route} as stranger: the 404 names the owner`);
      }
    }
    console.log(`authorization matrix: ${routes.length} routes, ${calls} calls`);
    expect(wrong).toEqual([]);
  }, 300_000);
});
