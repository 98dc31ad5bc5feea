import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ERROR_CODES, ADMIN_MESSAGES } from '@app/shared/admin/messages';
import {
  ZAdminUser,
  ZAdminUserPage,
  ZAdminUserParams,
  ZAdminUserPatch,
  ZAdminUsersQuery,
  ZBanBody,
  type AdminUser,
} from '@app/shared/admin/schemas';
import type { Transaction } from '../../db/client';
import { users, type UserRow } from '../../db/schema/users';
import { AppError, conflict, notFound } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { recordAdminAction } from '../admin-audit';
import { revokeAllSessions } from '../auth';
import { toSessionUser } from '../users';

/** LIKE patterns take the search text literally: % and _ typed by the admin match themselves. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function toAdminUser(row: UserRow): AdminUser {
  const { avatarUrl: _avatar, ...user } = toSessionUser(row);
  return { ...user, bannedAt: row.bannedAt?.toISOString() ?? null, banReason: row.banReason };
}

const tags = ['admin'];

/** The users of the console: search, role and tier, ban and unban (decision 023). */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, events } = app.ctx;

  app.get(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Users, newest first, searchable by email, username or display name; banned=true|false filters',
        querystring: ZAdminUsersQuery,
        response: { 200: ZAdminUserPage },
      },
    },
    async (request) => {
      const { page, limit, q, banned } = request.query;
      const filters: SQL[] = [];
      if (q) {
        const like = `%${likeEscape(q)}%`;
        filters.push(or(ilike(users.email, like), ilike(users.username, like), ilike(users.displayName, like))!);
      }
      if (banned) filters.push(banned === 'true' ? isNotNull(users.bannedAt) : isNull(users.bannedAt));
      const where = and(...filters);
      const rows = await db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const [total] = await db.select({ n: count() }).from(users).where(where);
      return { items: rows.map(toAdminUser), page, limit, total: total?.n ?? 0 };
    },
  );

  /** The target under a row lock, so that two admins' changes of one account follow each other. */
  const lockUser = async (tx: Transaction, id: string) => {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!row) throw notFound(ADMIN_MESSAGES.userNotFound);
    return row;
  };

  app.patch(
    '/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Changes a user's role or tier (an admin can't change their own role)",
        params: ZAdminUserParams,
        body: ZAdminUserPatch,
        response: { 200: ZAdminUser },
      },
    },
    async (request) => {
      const admin = requireAuth(request).user;
      const { role, tier } = request.body;
      return events.inTransaction(db, async (tx, record) => {
        const before = await lockUser(tx, request.params.id);
        if (role !== undefined && role !== before.role && before.id === admin.id)
          throw new AppError(403, ADMIN_ERROR_CODES.CANNOT_CHANGE_SELF, ADMIN_MESSAGES.cannotChangeOwnRole, 'role');
        const [after] = await tx
          .update(users)
          .set({ ...(role ? { role } : {}), ...(tier ? { tier } : {}), updatedAt: new Date() })
          .where(eq(users.id, before.id))
          .returning();
        const target = { adminId: admin.id, targetType: 'user', targetId: before.id };
        if (role && role !== before.role)
          await recordAdminAction(tx, { ...target, action: 'user.role_changed', details: { from: before.role, to: role } });
        if (tier && tier !== before.tier)
          await recordAdminAction(tx, { ...target, action: 'user.tier_changed', details: { from: before.tier, to: tier } });
        // Every instance's session cache holds the user's role and tier: each drops its copy (decision 024).
        if ((role && role !== before.role) || (tier && tier !== before.tier)) record('user.changed', { userId: before.id });
        return toAdminUser(after!);
      });
    },
  );

  app.post(
    '/users/:id/ban',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Bans a user with a reason: every session ends at once, sign-in and refresh answer 403 (admins can't be banned)",
        params: ZAdminUserParams,
        body: ZBanBody,
        response: { 200: ZAdminUser },
      },
    },
    async (request) => {
      const admin = requireAuth(request).user;
      const { reason } = request.body;
      return events.inTransaction(db, async (tx, record) => {
        const target = await lockUser(tx, request.params.id);
        if (target.id === admin.id) throw new AppError(403, ADMIN_ERROR_CODES.CANNOT_BAN, ADMIN_MESSAGES.cannotBanSelf);
        if (target.role === 'admin') throw new AppError(403, ADMIN_ERROR_CODES.CANNOT_BAN, ADMIN_MESSAGES.cannotBanAdmin);
        if (target.bannedAt) throw conflict(ADMIN_ERROR_CODES.ALREADY_BANNED, ADMIN_MESSAGES.alreadyBanned);
        const [after] = await tx
          .update(users)
          .set({ bannedAt: new Date(), banReason: reason, updatedAt: new Date() })
          .where(eq(users.id, target.id))
          .returning();
        const sessions = await revokeAllSessions(tx, target.id, 'banned');
        await recordAdminAction(tx, {
          adminId: admin.id,
          action: 'user.banned',
          targetType: 'user',
          targetId: target.id,
          details: { reason, sessionsEnded: sessions },
        });
        // Every instance drops what it cached of the user's sessions (issue 18 §5).
        record('session.revoked', { userId: target.id, sessionId: null });
        return toAdminUser(after!);
      });
    },
  );

  app.post(
    '/users/:id/unban',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Lifts a ban, with a reason: the user may sign in again',
        params: ZAdminUserParams,
        body: ZBanBody,
        response: { 200: ZAdminUser },
      },
    },
    async (request) => {
      const admin = requireAuth(request).user;
      const { reason } = request.body;
      return db.transaction(async (tx) => {
        const target = await lockUser(tx, request.params.id);
        if (!target.bannedAt) throw conflict(ADMIN_ERROR_CODES.NOT_BANNED, ADMIN_MESSAGES.notBanned);
        const [after] = await tx
          .update(users)
          .set({ bannedAt: null, banReason: null, updatedAt: new Date() })
          .where(eq(users.id, target.id))
          .returning();
        await recordAdminAction(tx, {
          adminId: admin.id,
          action: 'user.unbanned',
          targetType: 'user',
          targetId: target.id,
          details: { reason, bannedFor: target.banReason },
        });
        return toAdminUser(after!);
      });
    },
  );
};
