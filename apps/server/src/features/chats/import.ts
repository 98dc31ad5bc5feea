import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { chatBots, chatMessages, chats } from '../../db/schema/chats';

/** A message of a chat brought in from elsewhere: its alternatives and which one is shown. */
export interface ImportedMessage {
  role: 'user' | 'assistant';
  /** A group chat's speaker (null for the user's messages and in a chat with one character). */
  botId: string | null;
  variants: string[];
  selected: number;
  sentAt: Date;
}

export interface ImportedChat {
  userId: string;
  /** One character, or a group's in list order. */
  botIds: string[];
  title: string;
  personaId: string | null;
  /** A group's turn order (natural when left out). */
  turnOrder?: 'natural' | 'list' | 'manual' | null;
  createdAt: Date;
  messages: ImportedMessage[];
}

// Rows per INSERT: well under PostgreSQL's 65,535 parameters at 10 columns a row.
const CHUNK = 250;

/**
 * Writes whole chats with their histories, in the caller's transaction (an import never leaves half
 * a chat), a few statements for many chats. Their messages are marked `copied`, as a branch's are:
 * nobody sent them here, so no counter of messages sent (XP, quests, achievements, challenges, the
 * digest) counts them, and no `chat.started` is published. Ids are drawn in the conversation's
 * order, so a chat lists as it was; a reply's alternatives share a group (the first one's id), as
 * regenerated ones do. Answers the chats' ids in order.
 */
export async function insertImportedChats(tx: Executor, list: ImportedChat[]): Promise<string[]> {
  if (list.length === 0) return [];
  const ids = list.map(() => randomUUID());
  await tx.insert(chats).values(
    list.map((chat, i) => {
      const last = chat.messages.at(-1)?.sentAt ?? chat.createdAt;
      return {
        id: ids[i]!,
        userId: chat.userId,
        botId: chat.botIds[0]!,
        title: chat.title,
        personaId: chat.personaId,
        turnOrder: chat.botIds.length > 1 ? (chat.turnOrder ?? 'natural') : null,
        messageCount: chat.messages.length,
        createdAt: chat.createdAt,
        updatedAt: last > chat.createdAt ? last : chat.createdAt,
      };
    }),
  );
  const members = list.flatMap((chat, i) =>
    chat.botIds.length > 1 ? chat.botIds.map((botId, position) => ({ chatId: ids[i]!, botId, position })) : [],
  );
  if (members.length > 0) await tx.insert(chatBots).values(members);
  const count = list.reduce((n, chat) => n + chat.messages.reduce((k, m) => k + m.variants.length, 0), 0);
  if (count === 0) return ids;
  const messageIds = (
    await queryRows<{ id: string }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('chat_messages', 'id'))::text as id from generate_series(1, ${count})`,
    )
  )
    .map((r) => Number(r.id))
    .sort((a, b) => a - b);
  let next = 0;
  const rows: (typeof chatMessages.$inferInsert)[] = [];
  list.forEach((chat, i) => {
    for (const m of chat.messages) {
      const first = messageIds[next]!;
      m.variants.forEach((content, variant) => {
        rows.push({
          id: messageIds[next++]!,
          chatId: ids[i]!,
          role: m.role,
          content,
          groupId: m.variants.length > 1 ? first : null,
          variant,
          selected: variant === m.selected,
          copied: true,
          botId: m.botId,
          createdAt: m.sentAt,
        });
      });
    }
  });
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(chatMessages).values(rows.slice(i, i + CHUNK));
  return ids;
}
