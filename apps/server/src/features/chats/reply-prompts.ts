import { and, eq, sql } from 'drizzle-orm';
import type { ReplyPrompt } from '@app/shared/lorebooks/schemas';
import type { Executor } from '../../db/client';
import { replyPrompts } from '../../db/schema/chats';
import type { PromptMessage } from '../../llm/types';

/** How many of a chat's latest replies keep their prompt (a prompt repeats most of the history). */
export const REPLY_PROMPTS_KEPT = 20;

/**
 * Keeps what the model is sent for a reply (the Prompt panel), and lets go of the chat's older
 * ones beyond the latest REPLY_PROMPTS_KEPT. A regenerated reply keeps its own.
 */
export async function keepPrompt(
  db: Executor,
  opts: {
    messageId: number;
    chatId: string;
    messages: PromptMessage[];
    lore: { bookId: string; entry: { id: number; name: string; keys: string[] } }[];
  },
): Promise<void> {
  const prompt: ReplyPrompt = {
    messages: opts.messages.map((m) => ({ role: m.role, content: m.content })),
    lore: opts.lore.map((a) => ({
      lorebookId: a.bookId,
      entryId: a.entry.id,
      // An entry without a title is named by its first key, as SillyTavern's list shows it.
      name: a.entry.name || a.entry.keys[0] || `#${a.entry.id}`,
    })),
  };
  await db.insert(replyPrompts).values({ messageId: opts.messageId, chatId: opts.chatId, prompt }).onConflictDoNothing();
  await db.execute(sql`
    delete from reply_prompts where chat_id = ${opts.chatId} and message_id < (
      select message_id from reply_prompts where chat_id = ${opts.chatId}
      order by message_id desc offset ${REPLY_PROMPTS_KEPT - 1} limit 1)`);
}

/** The prompt kept for a reply of this chat, or null (not a reply, or no longer kept). */
export async function promptOf(db: Executor, chatId: string, messageId: number): Promise<ReplyPrompt | null> {
  const [row] = await db
    .select({ prompt: replyPrompts.prompt })
    .from(replyPrompts)
    .where(and(eq(replyPrompts.chatId, chatId), eq(replyPrompts.messageId, messageId)));
  return row?.prompt ?? null;
}
