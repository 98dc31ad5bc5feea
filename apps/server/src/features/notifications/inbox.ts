import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  NOTIFICATION_FILTERS,
  NOTIFICATION_MESSAGES,
  type InAppNotification,
  type NotificationFilter,
  type NotificationList,
} from '@app/shared/notifications/schemas';
import { queryRows, type Executor } from '../../db/client';
import { notifications, userSettings } from '../../db/schema/settings';
import { badRequest } from '../../lib/http-errors';
import { languageOf } from '../account';
import type { Language } from './notify';

type Row = typeof notifications.$inferSelect;
type ShownRow = Pick<Row, 'id' | 'type' | 'title' | 'body' | 'words' | 'link' | 'readAt' | 'createdAt'>;

/** A row as the bell shows it, in the reader's language when the row has its words in it. */
export const toInAppNotification = (r: ShownRow, language: Language): InAppNotification => ({
  id: r.id,
  type: r.type,
  ...(r.words?.[language] ?? { title: r.title, body: r.body }),
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

type ListQuery = { page: number; limit: number; unreadOnly: boolean; type?: NotificationFilter; cursor?: string };

/**
 * A cursor names the last row of a page by its exact place in the order (created_at as the
 * database writes it, to the microsecond, then id): the next page starts after it, whatever was
 * added or deleted meanwhile.
 */
const encodeCursor = (createdAt: string, id: string) => Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && TIMESTAMP.test(String(value[0])) && UUID.test(String(value[1]))) {
      return [String(value[0]), String(value[1])];
    }
  } catch {
    // Falls through to the refusal.
  }
  throw badRequest(NOTIFICATION_MESSAGES.cursorInvalid, 'cursor');
}

/**
 * A page of the user's bell, newest first, with the unread count: numbered (`page`) or after a
 * cursor (the infinite scroll), of one type filter or all. `nextCursor` continues either way.
 */
export async function listNotifications(db: Executor, userId: string, q: ListQuery): Promise<NotificationList> {
  const where = and(
    eq(notifications.userId, userId),
    q.unreadOnly ? isNull(notifications.readAt) : undefined,
    q.type ? inArray(notifications.type, [...NOTIFICATION_FILTERS[q.type]]) : undefined,
  );
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const pageWhere = and(
    where,
    after ? sql`(${notifications.createdAt}, ${notifications.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined,
  );
  const page = sql`(select ${notifications}.*, ${notifications.createdAt}::text as at from ${notifications} where ${pageWhere}
    order by ${notifications.createdAt} desc, ${notifications.id} desc
    limit ${q.limit + 1} offset ${after ? 0 : (q.page - 1) * q.limit})`;
  // One round trip: the page (as one JSON value), its total, the unread count and the reader's
  // language (the bell is read on every page; it was four statements, each a wait).
  const [answer] = await queryRows<{ rows: PageJson[]; total: number; unread: number; appearance: Record<string, unknown> | null }>(
    db,
    sql`select
      (select coalesce(json_agg(json_build_object(
        'id', p.id, 'type', p.type, 'title', p.title, 'body', p.body, 'words', p.words, 'link', p.link,
        'readAt', p.read_at, 'createdAt', p.created_at, 'at', p.at) order by p.created_at desc, p.id desc), '[]'::json)
        from ${page} p) as rows,
      (select count(*)::int from ${notifications} where ${where}) as total,
      (select count(*)::int from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.readAt} is null) as unread,
      (select ${userSettings.appearance} from ${userSettings} where ${userSettings.userId} = ${userId}) as appearance`,
  );
  const rows = answer?.rows ?? [];
  const language = languageOf(answer?.appearance);
  const shown = rows.slice(0, q.limit);
  const last = shown.at(-1);
  return {
    items: shown.map((r) =>
      toInAppNotification({ ...r, readAt: r.readAt === null ? null : new Date(r.readAt), createdAt: new Date(r.createdAt) }, language),
    ),
    page: after ? 1 : q.page,
    limit: q.limit,
    total: answer?.total ?? 0,
    unreadCount: answer?.unread ?? 0,
    nextCursor: rows.length > q.limit && last ? encodeCursor(last.at, last.id) : null,
  };
}

/** A row of a page as its JSON holds it (times as text). */
type PageJson = Pick<Row, 'id' | 'type' | 'title' | 'body' | 'words' | 'link'> & { readAt: string | null; createdAt: string; at: string };

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

/** Clears the user's bell (every notification, read or not); answers how many went. */
export async function clearNotifications(db: Executor, userId: string): Promise<number> {
  const rows = await db.delete(notifications).where(eq(notifications.userId, userId)).returning({ id: notifications.id });
  return rows.length;
}
