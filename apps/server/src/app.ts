import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { AppContext } from './context';
import { getOrCreateSecret } from './db/app-secrets';
import type { DatabaseHandle } from './db/client';
import { adminRoutes } from './features/admin/routes';
import { authRoutes } from './features/auth/routes';
import { botRoutes } from './features/bots/routes';
import { botChatRoutes } from './features/chats/bot-routes';
import { createModel } from './features/chats/models/create-model';
import type { ChatModel } from './features/chats/models/types';
import { chatRoutes } from './features/chats/routes';
import { healthRoutes } from './features/health/routes';
import { createMailer, type Mailer } from './features/mail/mailer';
import { devOutboxRoutes } from './features/mail/routes';
import { metaRoutes } from './features/meta/routes';
import { profileRoutes } from './features/profiles/routes';
import { accountSettingsRoutes } from './features/settings/account/routes';
import { dataSettingsRoutes } from './features/settings/data/routes';
import { integrationRoutes } from './features/settings/integrations/routes';
import { notificationRoutes } from './features/settings/notifications/routes';
import { securityRoutes } from './features/settings/security/routes';
import { devSmsRoutes } from './features/settings/security/sms';
import { tokenRoutes } from './features/tokens/routes';
import { JobQueue } from './jobs/queue';
import { sealKeyOf } from './lib/sealed';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { openApiPlugin, registerApiDocs } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { uploadsPlugin } from './plugins/uploads';
import { registerWebApp } from './plugins/web-app';

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database (see db/prepare.ts). */
  database: DatabaseHandle;
  redis?: Redis | null;
  /** Replaces the mailer that the configuration selects (tests use it to read mail). */
  mailer?: Mailer;
  /** Replaces the configured language model (tests). */
  model?: ChatModel;
  /** false silences the log (tests). */
  logger?: boolean;
}

/**
 * Builds the whole app without listening: plugins first, then the routes, then the docs and
 * the web app. main.ts listens; tests build it and inject requests.
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.refreshToken'],
          },
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // Keep-alive sockets must not hold a graceful shutdown open.
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Many clients send `Content-Type: application/json` with no body on bodiless POSTs (logout,
  // refresh): an empty body is no body. Anything else goes through Fastify's safe JSON parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    redis: opts.redis ?? null,
    mailer: opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, log: app.log }),
    model: opts.model ?? createModel(config),
    jobs: new JobQueue(database.db, app.log),
    sealKey: sealKeyOf(await getOrCreateSecret(database.db, 'seal_key')),
    ready: true,
  };
  app.decorate('ctx', ctx);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    cookieSecret: await getOrCreateSecret(database.db, 'cookie_secret'),
    https: config.publicUrl.startsWith('https:'),
  });
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await app.register(openApiPlugin);
  await app.register(uploadsPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(botRoutes, { prefix: '/api/bots' });
  await app.register(botChatRoutes, { prefix: '/api/bots' });
  await app.register(chatRoutes, { prefix: '/api/chats', model: ctx.model });
  await app.register(tokenRoutes, { prefix: '/api/tokens' });
  await app.register(profileRoutes, { prefix: '/api/users' });
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

  await registerApiDocs(app);
  await registerWebApp(app, config.webDist);
  return app;
}
