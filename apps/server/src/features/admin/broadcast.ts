import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBroadcast, ZBroadcastBody, ZBroadcastPage } from '@app/shared/admin/schemas';
import { ZPageQuery } from '@app/shared/http/pagination';
import { adminBroadcasts } from '../../db/schema/admin';
import { users } from '../../db/schema/users';
import { requireAuth } from '../../plugins/auth';
import { recordAdminAction } from '../admin-audit';

const tags = ['admin'];

/**
 * System broadcasts: stored (the console's history) and announced with `system.broadcast` once
 * committed; the notifications area puts one in every user's bell from it (issue 18 §2).
 */
export const adminBroadcastRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, events } = app.ctx;

  app.post(
    '/broadcast',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Sends a system notification to every user (title ≤ 120, message ≤ 2000 characters)',
        body: ZBroadcastBody,
        response: { 201: ZBroadcast },
      },
    },
    async (request, reply) => {
      const admin = requireAuth(request).user;
      const { title, message } = request.body;
      const row = await events.inTransaction(db, async (tx, record) => {
        const [created] = await tx.insert(adminBroadcasts).values({ adminId: admin.id, title, message }).returning();
        await recordAdminAction(tx, {
          adminId: admin.id,
          action: 'broadcast.sent',
          targetType: 'broadcast',
          targetId: created!.id,
          details: { title },
        });
        record('system.broadcast', { broadcastId: created!.id, title, message, adminId: admin.id });
        return created!;
      });
      return reply.code(201).send({
        id: row.id,
        title: row.title,
        message: row.message,
        createdAt: row.createdAt.toISOString(),
        admin: { id: admin.id, username: admin.username },
      });
    },
  );

  app.get(
    '/broadcasts',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'The broadcasts sent, newest first', querystring: ZPageQuery, response: { 200: ZBroadcastPage } },
    },
    async (request) => {
      const { page, limit } = request.query;
      const rows = await db
        .select({ b: adminBroadcasts, admin: { id: users.id, username: users.username } })
        .from(adminBroadcasts)
        .leftJoin(users, eq(users.id, adminBroadcasts.adminId))
        .orderBy(desc(adminBroadcasts.createdAt), desc(adminBroadcasts.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const [total] = await db.select({ n: count() }).from(adminBroadcasts);
      return {
        items: rows.map(({ b, admin }) => ({
          id: b.id,
          title: b.title,
          message: b.message,
          createdAt: b.createdAt.toISOString(),
          admin: admin?.id ? admin : null,
        })),
        page,
        limit,
        total: total?.n ?? 0,
      };
    },
  );
};
