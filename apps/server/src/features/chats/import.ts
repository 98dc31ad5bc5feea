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
const CHUNK = 1_000;

/**
 * Writes a whole chat with its history, in the caller's transaction (an import never leaves half
 * a chat). Its messages are marked `copied`, as a branch's are: nobody sent them here, so no
 * counter of messages sent (XP, quests, achievements, challenges, the digest) counts them, and
 * no `chat.started` is published. Ids are drawn in the conversation's order, so the chat lists
 * as it was; a reply's alternatives share a group (the first one's id), as regenerated ones do.
 */
export async function insertImportedChat(tx: Executor, chat: ImportedChat): Promise<string> {
  const last = chat.messages.at(-1)?.sentAt ?? chat.createdAt;
  const [row] = await tx
    .insert(chats)
    .values({
      userId: chat.userId,
      botId: chat.botIds[0]!,
      title: chat.title,
      personaId: chat.personaId,
      turnOrder: chat.botIds.length > 1 ? (chat.turnOrder ?? 'natural') : null,
      messageCount: chat.messages.length,
      createdAt: chat.createdAt,
      updatedAt: last > chat.createdAt ? last : chat.createdAt,
    })
    .returning({ id: chats.id });
  const chatId = row!.id;
  if (chat.botIds.length > 1) {
    await tx.insert(chatBots).values(chat.botIds.map((botId, position) => ({ chatId, botId, position })));
  }
  const count = chat.messages.reduce((n, m) => n + m.variants.length, 0);
  if (count === 0) return chatId;
  const ids = (
    await queryRows<{ id: string }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('chat_messages', 'id'))::text as id from generate_series(1, ${count})`,
    )
  )
    .map((r) => Number(r.id))
    .sort((a, b) => a - b);
  let next = 0;
  const rows: (typeof chatMessages.$inferInsert)[] = [];
  for (const m of chat.messages) {
    const first = ids[next]!;
    m.variants.forEach((content, variant) => {
      rows.push({
        id: ids[next++]!,
        chatId,
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
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(chatMessages).values(rows.slice(i, i + CHUNK));
  return chatId;
}
