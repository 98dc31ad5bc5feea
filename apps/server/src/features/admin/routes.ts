import { count, desc, ilike, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminUserPage, ZAdminUsersQuery } from '@app/shared/admin/schemas';
import { users } from '../../db/schema/users';
import { toSessionUser } from '../users';

/** LIKE patterns take the search text literally: % and _ typed by the admin match themselves. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Users, newest first, searchable by email or username',
        querystring: ZAdminUsersQuery,
        response: { 200: ZAdminUserPage },
      },
    },
    async (request) => {
      const { page, limit, q } = request.query;
      const where = q ? or(ilike(users.email, `%${likeEscape(q)}%`), ilike(users.username, `%${likeEscape(q)}%`)) : undefined;
      const rows = await app.ctx.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const [total] = await app.ctx.db.select({ n: count() }).from(users).where(where);
      const items = rows.map((row) => {
        const { avatarUrl: _avatar, ...user } = toSessionUser(row);
        return user;
      });
      return { items, page, limit, total: total?.n ?? 0 };
    },
  );
};
