import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { AppContext } from './context';
import { getOrCreateSecret } from './db/app-secrets';
import type { DatabaseHandle } from './db/client';
import { adminRoutes } from './features/admin';
import { adminEconomyRoutes } from './features/admin-economy';
import { authRoutes, SessionAuthenticator } from './features/auth';
import { botRoutes } from './features/bots';
import { botChatRoutes, branchRoutes, chatExportRoutes, chatRoutes, groupRoutes } from './features/chats';
import { challengeRoutes } from './features/challenges';
import { createModel } from './llm/create-model';
import type { ChatModel } from './llm/types';
import { healthRoutes } from './features/health';
import { createMailer, type Mailer } from './mail/mailer';
import { devOutboxRoutes } from './features/dev-outbox';
import { metaRoutes } from './features/meta';
import { profileRoutes } from './features/profiles';
import { accountSettingsRoutes } from './features/account';
import { dataSettingsRoutes } from './features/account-data';
import { apiKeyAuthenticator, integrationRoutes } from './features/integrations';
import { notificationRoutes } from './features/notifications';
import { securityRoutes, devSmsRoutes } from './features/security';
import { gamificationRoutes, profileProgressRoutes } from './features/gamification';
import { gemRoutes } from './features/gems';
import { leaderboardRoutes } from './features/leaderboards';
import { adminPricingRoutes, pricingRoutes } from './features/pricing';
import { paymentProviderFor, purchaseRoutes, stripeWebhookRoutes } from './features/purchases';
import { subscriptionRoutes, subscriptionStripeEvents } from './features/subscriptions';
import { referralRoutes } from './features/referrals';
import { liveRoutes } from './features/live';
import { searchRoutes } from './features/search';
import { adminSeasonRoutes, seasonPassRoutes } from './features/season-pass';
import { botLorebookRoutes, chatLorebookRoutes, lorebookRoutes } from './features/lorebooks';
import { personaRoutes } from './features/personas';
import { importRoutes } from './features/imports';
import { tokenRoutes } from './features/tokens';
import { shellRoutes } from './features/shell';
import { DomainEvents } from './events/bus';
import { postgresTransport, redisTransport } from './events/transports';
import { JobQueue } from './jobs/queue';
import { sealKeyOf } from './lib/sealed';
import { authPlugin } from './plugins/auth';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors';
import { AppMetrics, metricsPlugin } from './plugins/metrics';
import { nulBytesPlugin } from './plugins/nul-bytes';
import { privateAnswersPlugin } from './plugins/private-answers';
import { ownImagesPlugin } from './plugins/own-images';
import { openApiPlugin, registerApiDocs } from './plugins/openapi';
import { responseSerializerCompiler } from './lib/response-serializer';
import { batchAnswers } from './plugins/answer-batching';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { uploadsPlugin } from './plugins/uploads';
import { registerWebApp } from './plugins/web-app';
import { closeRedis, connectRedis, watchRedis } from './lib/redis';
import { processLog } from './lib/stdout-log';
import { badRequest } from './lib/http-errors';
import { jsonNestedDeeperThan, MAX_NESTING } from './lib/nesting';
import { GENERIC_MESSAGES } from '@app/shared/http/errors';

/** A graceful close waits this long for busy connections (a request in flight) before it drops them. */
const CONNECTIONS_GRACE_MS = 3_000;
// A request body wraps a card or a book in a few levels of its own (entries, extensions): room for
// them above what a stored document may nest (lib/nesting.ts), which the routes check exactly.
const MAX_BODY_NESTING = MAX_NESTING + 16;

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database (see seed/prepare.ts). */
  database: DatabaseHandle;
  /**
   * A Redis client of the caller's; unset, the app connects to REDIS_URL itself (when set) and
   * closes the client with the app.
   */
  redis?: Redis | null;
  /** Replaces the mailer that the configuration selects (tests use it to read mail). */
  mailer?: Mailer;
  /** Replaces the configured language model (tests). */
  model?: ChatModel;
  /** false silences the log (tests). */
  logger?: boolean;
}

/** The app's log: pino's options, and its destination (decision 035). */
export function loggerOptions(config: Config) {
  return {
    level: config.logLevel,
    // Never held up, nor kept alive, by a stdout whose reader is gone.
    stream: processLog,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.refreshToken'],
  };
}

/**
 * Builds the whole app without listening: plugins first, then the routes, then the docs and
 * the web app. main.ts listens; tests build it and inject requests.
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config),
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Errors found before routing (a malformed URL) skip the hooks: name the request here too, and
    // answer through the error handler, in the house shape.
    bodyLimit: 1024 * 1024,
    // Errors found before routing skip the hooks: they get the request id here.
    frameworkErrors: (err, request, reply) => frameworkErrorHandler(err, request, reply.header('x-request-id', request.id)),
    // Keep-alive sockets must not hold a graceful shutdown open.
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  // Every answer names its request (the id of its log lines): errors, 404s and the web app's pages too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  batchAnswers(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // Many clients send `Content-Type: application/json` with no body on bodiless POSTs (logout,
  // refresh): an empty body is no body. Anything else goes through Fastify's safe JSON parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    // A body of a million nested arrays parses in a quarter second and then costs every walk of it:
    // refused on the raw text, before anything reads it (issue 37 §2).
    if (jsonNestedDeeperThan(text, MAX_BODY_NESTING)) return done(badRequest(GENERIC_MESSAGES.nestedTooDeeply));
    return parseJson(request, text, done);
  });

  const metrics = new AppMetrics(database, app.log);
  // Errors of the connection are logged, never left unhandled (ioredis prints them otherwise).
  const redis = opts.redis === undefined ? (config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null) : opts.redis;
  if (opts.redis) watchRedis(opts.redis, app.log);
  else if (redis) app.addHook('onClose', () => closeRedis(redis));
  closeConnectionsAsTheyFinish(app);

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    redis,
    mailer: opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, log: app.log }),
    model: opts.model ?? createModel(config),
    events: new DomainEvents(app.log),
    jobs: new JobQueue(database.db, app.log, metrics),
    metrics,
    sealKey: sealKeyOf(await getOrCreateSecret(database.db, 'seal_key')),
    ready: true,
  };
  app.decorate('ctx', ctx);
  // Events that every instance must see (caches, live streams) cross instances through Redis when
  // there is one, else PostgreSQL's NOTIFY; the embedded database is one instance (decision 016).
  const transport =
    redis && config.redisUrl
      ? redisTransport(redis, config.redisUrl, config.redisPrefix, app.log)
      : database.kind === 'postgres' && config.databaseUrl
        ? postgresTransport(config.databaseUrl, (channel, text) => database.db.execute(sql`select pg_notify(${channel}, ${text})`), app.log)
        : null;
  if (transport) {
    await ctx.events.connect(transport);
    app.addHook('onClose', () => transport.close());
  }

  await app.register(errorsPlugin);
  await app.register(nulBytesPlugin);
  await app.register(metricsPlugin);
  await app.register(securityPlugin, {
    cookieSecret: await getOrCreateSecret(database.db, 'cookie_secret'),
    https: config.publicUrl.startsWith('https:'),
  });
  await app.register(rateLimitPlugin);
  // The plugin recognises sessions and API keys with the areas' own lookups (plugins import no feature).
  const sessions = new SessionAuthenticator(ctx.events, { ttlMs: config.sessionCacheMs });
  await app.register(authPlugin, { session: sessions.lookup, forgetUser: sessions.forgetUser, apiKeys: apiKeyAuthenticator });
  await app.register(privateAnswersPlugin);
  // No answer hands out a picture from another host (decision 038).
  await app.register(ownImagesPlugin);
  await app.register(openApiPlugin);
  await app.register(uploadsPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(botRoutes, { prefix: '/api/bots' });
  await app.register(botChatRoutes, { prefix: '/api/bots' });
  await app.register(chatRoutes, { prefix: '/api/chats', model: ctx.model });
  await app.register(branchRoutes, { prefix: '/api/chats' });
  await app.register(groupRoutes, { prefix: '/api/chats' });
  // Lorebooks (issue 20 §1): the caller's books, a bot's book, a chat's books.
  await app.register(lorebookRoutes, { prefix: '/api/lorebooks' });
  await app.register(botLorebookRoutes, { prefix: '/api/bots' });
  await app.register(chatLorebookRoutes, { prefix: '/api/chats' });
  // Personas (issue 20 §2): who the user is in a chat.
  await app.register(personaRoutes, { prefix: '/api/personas' });
  // Moving in from SillyTavern (issue 20 §5), and a chat back out in its format.
  await app.register(importRoutes, { prefix: '/api/imports' });
  await app.register(chatExportRoutes, { prefix: '/api/chats' });
  await app.register(tokenRoutes, { prefix: '/api/tokens' });
  await app.register(gemRoutes, { prefix: '/api/gems' });
  await app.register(gamificationRoutes, { prefix: '/api/gamification' });
  await app.register(leaderboardRoutes, { prefix: '/api/gamification/leaderboards' });
  await app.register(challengeRoutes, { prefix: '/api/gamification/challenges' });
  // The season pass (issue 19): /api/gamification/season-pass and the admins' /api/admin/seasons.
  await app.register(seasonPassRoutes, { prefix: '/api/gamification/season-pass' });
  await app.register(adminSeasonRoutes, { prefix: '/api/admin' });
  await app.register(pricingRoutes, { prefix: '/api' });
  await app.register(adminPricingRoutes, { prefix: '/api/admin' });
  await app.register(adminEconomyRoutes, { prefix: '/api/admin' });
  const payments = paymentProviderFor(ctx.config);
  await app.register(purchaseRoutes, { prefix: '/api/purchases', provider: payments.provider });
  await app.register(subscriptionRoutes, {
    prefix: '/api/subscription',
    stripe: payments.stripe,
    sandbox: payments.provider?.name === 'sandbox',
  });
  if (payments.stripe && ctx.config.stripe) {
    const webhook = stripeWebhookRoutes(payments.stripe, ctx.config.stripe.webhookSecret, [subscriptionStripeEvents(ctx.jobs)]);
    await app.register(webhook, { prefix: '/api/payments' });
  }
  // The referral program (issue 16): /api/referral, /api/gamification/referrals and its admin calls.
  await app.register(referralRoutes, { prefix: '/api' });
  // The live stream (issue 18 §1): GET /api/events and the cookie of the browser's EventSource.
  await app.register(liveRoutes, { prefix: '/api' });
  await app.register(searchRoutes, { prefix: '/api/search' });
  await app.register(profileRoutes, { prefix: '/api/users' });
  // The profile's gamification blocks: /api/users/{usernameOrId}/activity, /stats, /achievements.
  await app.register(profileProgressRoutes, { prefix: '/api/users' });
  // The settings area (settings-and-referrals.md §7): every call under /api/user, one plugin per part.
  await app.register(accountSettingsRoutes, { prefix: '/api/user' });
  await app.register(notificationRoutes, { prefix: '/api/user' });
  await app.register(securityRoutes, { prefix: '/api/user' });
  await app.register(integrationRoutes, { prefix: '/api/user' });
  await app.register(dataSettingsRoutes, { prefix: '/api/user' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(devOutboxRoutes, { prefix: '/api/dev' });
  await app.register(devSmsRoutes, { prefix: '/api/dev' });
  await app.register(metaRoutes, { prefix: '/api/app' });
  // The signed-in app shell's one call (issue 38 §2, decision 043).
  await app.register(shellRoutes, { prefix: '/api/shell', portal: payments.stripe !== null });

  await registerApiDocs(app);
  await registerWebApp(app, config.webDist);
  return app;
}

/**
 * A close stops listening and drops the idle keep-alive connections at once (forceCloseConnections:
 * 'idle'), then waits for the busy ones: a request in flight, a streamed reply. Node leaves those
 * open after they finish, idle until the client's keep-alive timeout, and the close waits for
 * them (seconds). So while the app closes, connections are closed as they turn idle, and after
 * CONNECTIONS_GRACE_MS all of them are.
 */
function closeConnectionsAsTheyFinish(app: FastifyInstance) {
  let sweep: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    deadline = setTimeout(() => app.server.closeAllConnections(), CONNECTIONS_GRACE_MS);
    sweep.unref();
    deadline.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweep);
    clearTimeout(deadline);
    done();
  });
}
