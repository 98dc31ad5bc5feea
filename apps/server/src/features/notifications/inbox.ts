import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { InAppNotification, NotificationList } from '@app/shared/notifications/schemas';
import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema/settings';

type Row = typeof notifications.$inferSelect;

export const toInAppNotification = (r: Row): InAppNotification => ({
  id: r.id,
  type: r.type,
  title: r.title,
  body: r.body,
  link: r.link,
  read: r.readAt !== null,
  createdAt: r.createdAt.toISOString(),
});

export async function unreadCountOf(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** A page of the user's bell, newest first, with the unread count. */
export async function listNotifications(
  db: Executor,
  userId: string,
  q: { page: number; limit: number; unreadOnly: boolean },
): Promise<NotificationList> {
  const where = and(eq(notifications.userId, userId), q.unreadOnly ? isNull(notifications.readAt) : undefined);
  const [rows, [total], unreadCount] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(notifications).where(where),
    unreadCountOf(db, userId),
  ]);
  return { items: rows.map(toInAppNotification), page: q.page, limit: q.limit, total: total?.n ?? 0, unreadCount };
}

/** Marks one of the user's notifications read (kept read if it was); null when it is not theirs. */
export async function markRead(db: Executor, userId: string, id: string): Promise<Row | null> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning();
  if (row) return row;
  const [existing] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return existing ?? null;
}

export async function markAllRead(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
