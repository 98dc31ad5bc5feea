import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAuditPage, ZAuditQuery } from '@app/shared/admin/schemas';
import { adminAuditLog } from '../../db/schema/admin';
import { bots } from '../../db/schema/bots';
import { seasons } from '../../db/schema/season-pass';
import { users } from '../../db/schema/users';
import { badRequest } from '../../lib/http-errors';

/**
 * A page's position: the last row's time, in microseconds as the database keeps it (a Date would
 * round it to milliseconds and skip the rows of that millisecond), and its id, so that rows of one
 * instant are neither skipped nor repeated.
 */
const encodeCursor = (micros: string, id: string) => Buffer.from(`${micros}|${id}`).toString('base64url');
function decodeCursor(cursor: string): { micros: string; id: string } {
  const [micros, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!micros || !/^\d{1,18}$/.test(micros) || !id || !/^[0-9a-f-]{36}$/i.test(id)) throw badRequest('Invalid cursor', 'cursor');
  return { micros, id };
}
const microsOf = sql<string>`(extract(epoch from ${adminAuditLog.createdAt}) * 1000000)::bigint::text`;

/**
 * What the target is called now, for the people reading the log: a user's @username, a season's
 * or a moderated bot's name; null for other targets (their id and details say it) and for one
 * that no longer exists.
 */
// Ids are compared as uuids (a text column turned into one only when it is one), so that each
// label is a primary key lookup rather than a scan of the table.
const asUuid = (text: SQL) =>
  sql`case when ${text} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then (${text})::uuid end`;
const targetLabelOf = sql<string | null>`case ${adminAuditLog.targetType}
  when 'user' then (select '@' || u.username from ${users} u where u.id = ${asUuid(sql`${adminAuditLog.targetId}`)})
  when 'season' then (select s.name from ${seasons} s where s.id = ${asUuid(sql`${adminAuditLog.targetId}`)})
  when 'moderation_request' then (select b.name from ${bots} b where b.id = ${asUuid(sql`${adminAuditLog.details} ->> 'botId'`)})
  end`;

/** GET /api/admin/audit-log: every admin action, newest first, filtered, a cursor page at a time. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-log',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The admin actions, newest first; filters by action, admin and target; cursor pages',
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage },
      },
    },
    async (request) => {
      const { action, adminId, targetType, targetId, cursor, limit } = request.query;
      const where: SQL[] = [];
      if (action) where.push(eq(adminAuditLog.action, action));
      if (adminId) where.push(eq(adminAuditLog.adminId, adminId));
      if (targetType) where.push(eq(adminAuditLog.targetType, targetType));
      if (targetId) where.push(eq(adminAuditLog.targetId, targetId));
      if (cursor) {
        const after = decodeCursor(cursor);
        const at = sql`(timestamptz 'epoch' + ${`${after.micros} microseconds`}::interval)`;
        where.push(or(lt(adminAuditLog.createdAt, at), and(eq(adminAuditLog.createdAt, at), lt(adminAuditLog.id, after.id)))!);
      }
      const rows = await app.ctx.db
        .select({
          entry: adminAuditLog,
          micros: microsOf,
          targetLabel: targetLabelOf,
          admin: { id: users.id, username: users.username, displayName: users.displayName },
        })
        .from(adminAuditLog)
        .leftJoin(users, eq(users.id, adminAuditLog.adminId))
        .where(and(...where))
        .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(({ entry, admin, targetLabel }) => ({
          id: entry.id,
          action: entry.action,
          targetType: entry.targetType,
          targetId: entry.targetId,
          targetLabel,
          details: entry.details,
          createdAt: entry.createdAt.toISOString(),
          admin: admin?.id ? admin : null,
        })),
        nextCursor: rows.length > limit && last ? encodeCursor(last.micros, last.entry.id) : null,
      };
    },
  );
};
