import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chatBots, chatMessages, chats } from '../../db/schema/chats';

/**
 * How many different characters a user chatted with, for "Chat with N different characters":
 * the characters of their chats that hold a message matching `counted` (a message of the chat's
 * own: what an import or a branch copied in is not chatting here). A group chat counts each of its
 * characters (chat_bots), a one-to-one chat its bot.
 */
export function botsChatted(db: Executor, userId: string, counted: SQL | undefined) {
  return db
    .select({ n: sql<number>`count(distinct coalesce(${chatBots.botId}, ${chats.botId}))`.mapWith(Number) })
    .from(chats)
    .leftJoin(chatBots, eq(chatBots.chatId, chats.id))
    .where(
      and(
        eq(chats.userId, userId),
        sql`exists (select 1 from ${chatMessages} where ${chatMessages.chatId} = ${chats.id} and not ${chatMessages.copied} and ${counted ?? sql`true`})`,
      ),
    );
}
