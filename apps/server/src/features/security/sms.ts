import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSmsOutboxList } from '@app/shared/mail/schemas';
import type { Database } from '../../db/client';
import { smsOutbox, twoFactor } from '../../db/schema/security';
import { notFound } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';

/**
 * Text messages go through this interface. No SMS provider is configured in this project yet, so
 * the only implementation is the dev outbox: each message is kept in `sms_outbox` and logged, and
 * GET /api/dev/sms shows it (as the mail outbox does for email). A provider (Twilio, Vonage, ...)
 * implements `send` and reports kind 'provider'; the outbox route then no longer exists.
 */
export interface SmsSender {
  readonly kind: 'outbox' | 'provider';
  send(to: string, text: string): Promise<void>;
}

export function createOutboxSmsSender(db: Database, log: FastifyBaseLogger): SmsSender {
  return {
    kind: 'outbox',
    async send(to, text) {
      await db.insert(smsOutbox).values({ to, text });
      log.info({ sms: { to, text } }, 'sms kept in the dev outbox (no SMS provider configured)');
    },
  };
}

const senders = new WeakMap<object, SmsSender>();

/** The app's sender, made once per app (the security routes and the sign-in both send). */
export function smsSenderOf(app: { ctx: { db: Database }; log: FastifyBaseLogger }): SmsSender {
  let sender = senders.get(app.ctx);
  if (!sender) {
    sender = createOutboxSmsSender(app.ctx.db, app.log);
    senders.set(app.ctx, sender);
  }
  return sender;
}

/** GET /api/dev/sms: the dev outbox of text messages. Each user sees those sent to their own phone; admins all. */
export const devSmsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sms',
    {
      config: { access: 'user' },
      schema: { tags: ['dev'], summary: 'Text messages kept in the dev outbox (newest 100)', response: { 200: ZSmsOutboxList } },
    },
    async (request) => {
      if (smsSenderOf(app).kind !== 'outbox') throw notFound();
      const { user } = requireAuth(request);
      let phones: string[] | null = null;
      if (user.role !== 'admin') {
        const [row] = await app.ctx.db.select({ phone: twoFactor.phone }).from(twoFactor).where(eq(twoFactor.userId, user.id));
        phones = row?.phone ? [row.phone] : [];
        if (phones.length === 0) return { items: [] };
      }
      const rows = await app.ctx.db
        .select()
        .from(smsOutbox)
        .where(phones ? inArray(smsOutbox.to, phones) : undefined)
        .orderBy(desc(smsOutbox.createdAt))
        .limit(100);
      return { items: rows.map((r) => ({ id: r.id, to: r.to, text: r.text, createdAt: r.createdAt.toISOString() })) };
    },
  );
};
