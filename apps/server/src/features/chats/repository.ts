import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type AnyColumn } from 'drizzle-orm';
import { CHAT_MESSAGES, type Chat, type ChatMessage } from '@app/shared/chats/schemas';
import { preparedPerDatabase, queryRows, type Executor } from '../../db/client';
import { bots } from '../../db/schema/bots';
import { botRatings, chatBots, chatMessages, chats } from '../../db/schema/chats';
import { notFound } from '../../lib/http-errors';
import { containsPattern } from '../bots';

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

/** The caller's chat, or 404: another user's chat is not revealed. */
export async function requireChat(db: Executor, chatId: string, userId: string): Promise<ChatRow> {
  const [chat] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    .limit(1);
  if (!chat) throw notFound(CHAT_MESSAGES.chatNotFound);
  return chat;
}

export async function requireMessage(db: Executor, chatId: string, messageId: string): Promise<MessageRow> {
  const [message] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.id, Number(messageId))))
    .limit(1);
  if (!message) throw notFound(CHAT_MESSAGES.messageNotFound);
  return message;
}

const chatColumns = {
  chat: chats,
  bot: { id: bots.id, name: bots.name, avatarUrl: bots.avatarUrl },
  last: sql<{ role: 'user' | 'assistant'; content: string; created_at: string } | null>`(
    select json_build_object('role', m.role, 'content', left(m.content, 200), 'created_at', m.created_at)
    from ${chatMessages} m where m.chat_id = ${chats.id} and m.selected order by m.id desc limit 1)`,
  // A group's characters in list order (null for a chat with one).
  members: sql<{ id: string; name: string; avatar_url: string | null }[] | null>`(
    select json_agg(json_build_object('id', b.id, 'name', b.name, 'avatar_url', b.avatar_url) order by cb.position)
    from ${chatBots} cb join ${bots} b on b.id = cb.bot_id where cb.chat_id = ${chats.id} and ${chats.turnOrder} is not null)`,
  myRating: sql<number | null>`(
    select r.rating from ${botRatings} r where r.bot_id = ${chats.botId} and r.user_id = ${chats.userId})`.mapWith((v) =>
    v === null ? null : Number(v),
  ),
};

function toChat(row: {
  chat: ChatRow;
  bot: { id: string; name: string; avatarUrl: string | null };
  last: { role: 'user' | 'assistant'; content: string; created_at: string } | null;
  members: { id: string; name: string; avatar_url: string | null }[] | null;
  myRating: number | null;
}): Chat {
  return {
    id: row.chat.id,
    botId: row.chat.botId,
    title: row.chat.title,
    bot: row.bot,
    messageCount: row.chat.messageCount,
    lastMessage: row.last
      ? { role: row.last.role, content: row.last.content, createdAt: new Date(row.last.created_at).toISOString() }
      : null,
    myRating: row.myRating,
    personaId: row.chat.personaId,
    parentId: row.chat.parentId,
    branchedFrom: row.chat.branchedFrom === null ? null : String(row.chat.branchedFrom),
    group:
      row.chat.turnOrder === null
        ? null
        : { turnOrder: row.chat.turnOrder, bots: (row.members ?? []).map((b) => ({ id: b.id, name: b.name, avatarUrl: b.avatar_url })) },
    createdAt: row.chat.createdAt.toISOString(),
    updatedAt: row.chat.updatedAt.toISOString(),
  };
}

export async function getChatView(db: Executor, chatId: string): Promise<Chat> {
  const [row] = await db.select(chatColumns).from(chats).innerJoin(bots, eq(bots.id, chats.botId)).where(eq(chats.id, chatId));
  return toChat(row!);
}

// Opening a chat asks for it every time: prepared, so its SQL is neither built nor planned again.
const chatViewOf = preparedPerDatabase((db: Executor) =>
  db
    .select(chatColumns)
    .from(chats)
    .innerJoin(bots, eq(bots.id, chats.botId))
    .where(and(eq(chats.id, sql.placeholder('chatId')), eq(chats.userId, sql.placeholder('userId'))))
    .prepare('chat_view'),
);

/** The caller's chat as the API shows it, in one round trip (opening a chat), or 404. */
export async function requireChatView(db: Executor, chatId: string, userId: string): Promise<Chat> {
  const [row] = await chatViewOf(db).execute({ chatId, userId });
  if (!row) throw notFound(CHAT_MESSAGES.chatNotFound);
  return toChat(row);
}

/** The caller's chats, the most recently active first, with the bot and the last message. */
export async function listChats(db: Executor, userId: string, opts: { page: number; limit: number; q?: string; botId?: string }) {
  const filters = [eq(chats.userId, userId)];
  // A bot's chats are the one-to-one chats with it ("continue the chat with this bot"), not the groups it leads.
  if (opts.botId) filters.push(eq(chats.botId, opts.botId), isNull(chats.turnOrder));
  if (opts.q) filters.push(or(ilike(chats.title, containsPattern(opts.q)), ilike(bots.name, containsPattern(opts.q)))!);
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select(chatColumns)
      .from(chats)
      .innerJoin(bots, eq(bots.id, chats.botId))
      .where(where)
      .orderBy(desc(chats.updatedAt), desc(chats.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(chats)
      .innerJoin(bots, eq(bots.id, chats.botId))
      .where(where),
  ]);
  return { items: rows.map(toChat), total: total?.n ?? 0, page: opts.page, limit: opts.limit };
}

/** Messages as the API shows them, each with the ids of its alternatives. */
export async function toMessages(db: Executor, rows: MessageRow[]): Promise<ChatMessage[]> {
  const groups = [...new Set(rows.map((r) => r.groupId).filter((g): g is number => g !== null))];
  // A group chat's speakers, read once for the page (a one-to-one chat has none).
  const speakerIds = [...new Set(rows.map((r) => r.botId).filter((b): b is string => b !== null))];
  const speakers = new Map(
    speakerIds.length
      ? (await db.select({ id: bots.id, name: bots.name, avatarUrl: bots.avatarUrl }).from(bots).where(inArray(bots.id, speakerIds))).map(
          (b) => [b.id, { name: b.name, avatarUrl: b.avatarUrl }],
        )
      : [],
  );
  const variants = groups.length
    ? await db
        .select({ id: chatMessages.id, groupId: chatMessages.groupId })
        .from(chatMessages)
        .where(inArray(chatMessages.groupId, groups))
        .orderBy(asc(chatMessages.variant), asc(chatMessages.id))
    : [];
  const byGroup = new Map<number, string[]>();
  for (const v of variants) byGroup.set(v.groupId!, [...(byGroup.get(v.groupId!) ?? []), String(v.id)]);
  return rows.map((r) =>
    messageView(
      r,
      r.groupId !== null ? (byGroup.get(r.groupId) ?? [String(r.id)]) : [String(r.id)],
      r.botId ? (speakers.get(r.botId) ?? null) : null,
    ),
  );
}

/** A message as the API shows it: from a row, or from a page's JSON (times as text, ids as numbers). */
function messageView(
  m: Pick<MessageRow, 'chatId' | 'role' | 'content' | 'status' | 'error' | 'botId' | 'copied'> & {
    id: number;
    createdAt: Date | string;
    editedAt: Date | string | null;
  },
  variants: string[],
  speaker: ChatMessage['speaker'],
): ChatMessage {
  return {
    id: String(m.id),
    chatId: m.chatId,
    role: m.role,
    content: m.content,
    status: m.status,
    error: m.error,
    variants,
    variantIndex: Math.max(0, variants.indexOf(String(m.id))),
    botId: m.botId,
    speaker: m.botId ? speaker : null,
    createdAt: new Date(m.createdAt).toISOString(),
    editedAt: m.editedAt === null ? null : new Date(m.editedAt).toISOString(),
    copied: m.copied,
  };
}

/** A message of a page as its one statement answers it (JSON: times as text, ids as numbers). */
interface MessageJson {
  id: number;
  chatId: string;
  role: ChatMessage['role'];
  content: string;
  status: ChatMessage['status'];
  error: string | null;
  botId: string | null;
  createdAt: string;
  editedAt: string | null;
  copied: boolean;
  variants: number[] | null;
  speaker: ChatMessage['speaker'];
}

/**
 * One page of the visible conversation of the caller's chat, newest page first, oldest first
 * within the page; null when the chat is not theirs. Keyset paging on the message id under a
 * partial index: as fast at message 10,000 as at message 10. One statement answers whose chat it
 * is and the page as one JSON value (each message with its alternatives and its speaker): the
 * embedded database hands a result's column values to JavaScript one by one, and a page of 50
 * messages read as rows, with the chat first and the alternatives after, took three round trips.
 */
export async function listMessages(db: Executor, chatId: string, userId: string, opts: { before?: string; limit: number }) {
  const before = opts.before ? sql`and m.id < ${Number(opts.before)}` : sql``;
  const [row] = await queryRows<{ mine: boolean | null; items: MessageJson[] }>(
    db,
    sql`select
      (select true from ${chats} where ${chats.id} = ${chatId} and ${chats.userId} = ${userId}) as mine,
      coalesce(json_agg(json_build_object(
        'id', m.id, 'chatId', m.chat_id, 'role', m.role, 'content', m.content, 'status', m.status, 'error', m.error,
        'botId', m.bot_id, 'createdAt', m.created_at, 'editedAt', m.edited_at, 'copied', m.copied,
        'variants', case when m.group_id is null then null else
          (select json_agg(v.id order by v.variant, v.id) from ${chatMessages} v where v.group_id = m.group_id) end,
        'speaker', case when m.bot_id is null then null else
          (select json_build_object('name', b.name, 'avatarUrl', b.avatar_url) from ${bots} b where b.id = m.bot_id) end
      ) order by m.id), '[]'::json) as items
    from (
      select * from ${chatMessages} m
      where m.chat_id = ${chatId} and m.selected ${before}
        and exists (select 1 from ${chats} where ${chats.id} = ${chatId} and ${chats.userId} = ${userId})
      order by m.id desc
      limit ${opts.limit + 1}
    ) m`,
  );
  if (!row?.mine) return null;
  // Oldest first: the one past the page, when there is one, comes first.
  const hasMore = row.items.length > opts.limit;
  const items = row.items.slice(hasMore ? 1 : 0).map((m) => messageView(m, m.variants?.map(String) ?? [String(m.id)], m.speaker ?? null));
  return { items, hasMore };
}

/** The visible history before (and including) a message, oldest first, for the prompt. */
export async function historyUpTo(db: Executor, chatId: string, lastId: number, max: number) {
  const rows = await db
    .select({ role: chatMessages.role, content: chatMessages.content, botId: chatMessages.botId })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.chatId, chatId),
        eq(chatMessages.selected, true),
        sql`${chatMessages.id} <= ${lastId}`,
        sql`${chatMessages.content} <> ''`,
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(max);
  return rows.reverse();
}

/**
 * The latest visible messages of a chat, oldest first, as a column of a query on `chats`: the
 * reply's hot path reads them with the chat and its bot in one round trip.
 */
export function recentHistorySql(chatId: AnyColumn, max: number) {
  return sql<{ role: 'user' | 'assistant'; content: string; botId: string | null }[]>`(
    select coalesce(json_agg(json_build_object('role', h.role, 'content', h.content, 'botId', h.bot_id) order by h.id), '[]'::json)
    from (
      select ${chatMessages.id} as id, ${chatMessages.role} as role, ${chatMessages.content} as content, ${chatMessages.botId} as bot_id
      from ${chatMessages}
      where ${chatMessages.chatId} = ${chatId} and ${chatMessages.selected} and ${chatMessages.content} <> ''
      order by ${chatMessages.id} desc
      limit ${max}
    ) h
  )`;
}
