import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOutboxList } from '@app/shared/mail/schemas';
import { mailOutbox } from '../../db/schema/mail';
import { notFound } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';

/**
 * The dev outbox: while no SMTP server is configured, mail is kept here. Each user sees the
 * mail sent to their own address; admins see all of it. With SMTP_URL set it does not exist.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outbox',
    {
      config: { access: 'user' },
      schema: { tags: ['dev'], summary: 'Mail kept in the dev outbox (newest 100)', response: { 200: ZOutboxList } },
    },
    async (request) => {
      if (app.ctx.mailer.kind !== 'outbox') throw notFound();
      const { user } = requireAuth(request);
      const rows = await app.ctx.db
        .select()
        .from(mailOutbox)
        .where(user.role === 'admin' ? undefined : eq(mailOutbox.to, user.email))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(100);
      return { items: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, createdAt: r.createdAt.toISOString() })) };
    },
  );
};
