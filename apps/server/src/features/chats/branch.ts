import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHAT_MESSAGES, ZBranchBody, ZChat, ZChatParams } from '@app/shared/chats/schemas';
import { queryRows, type Executor } from '../../db/client';
import { chatBots, chatLorebooks, chatMessages, chats } from '../../db/schema/chats';
import { AppError } from '../../lib/http-errors';
import { ERROR_CODES } from '@app/shared/http/errors';
import { requireAuth } from '../../plugins/auth';
import { requireBot } from '../bots';
import { getChatView, requireChat, type ChatRow } from './repository';

/**
 * The history of `source` up to a message, copied into `target` in one statement: every message
 * whose place (its group's first id: a reply and its alternatives share one) is at or before the
 * message's, alternatives kept. Each copy gets a new id, drawn in the conversation's order (by
 * place, then alternative: an alternative made later, after other messages, still comes right
 * after its first), so the copies list in that order; the groups point at the copies. In the message's own group the
 * message itself is the one shown (branching from an alternative shows that alternative). A reply
 * still streaming is copied as stopped: only the source's stream writes to it. A copy is marked
 * `copied`: it was not sent, and no counter of messages sent counts it. Charge keys, tokens used
 * and response times stay with the source's rows: a copy was never charged nor answered by a
 * model. Answers how many messages are shown.
 */
async function copyHistory(db: Executor, source: string, target: string, messageId: number): Promise<number> {
  const [row] = await queryRows<{ copied: number }>(
    db,
    sql`
    with mark as (
      select id, coalesce(group_id, id) as place from ${chatMessages} where chat_id = ${source} and id = ${messageId}
    ), picked as (
      select s.*, nextval(pg_get_serial_sequence('chat_messages', 'id')) as new_id
      from (
        select m.* from ${chatMessages} m, mark
        where m.chat_id = ${source} and coalesce(m.group_id, m.id) <= mark.place
        order by coalesce(m.group_id, m.id), m.variant, m.id
      ) s
    ), copied as (
      insert into ${chatMessages}
        (id, chat_id, role, content, status, group_id, variant, selected, error, copied, bot_id, created_at, edited_at)
      select p.new_id, ${target}, p.role, p.content,
        case when p.status = 'streaming' then 'stopped' else p.status end,
        case when p.group_id is null then null else (select g.new_id from picked g where g.id = p.group_id) end,
        p.variant,
        case when coalesce(p.group_id, p.id) = mark.place then p.id = mark.id else p.selected end,
        p.error, true, p.bot_id, p.created_at, p.edited_at
      from picked p, mark
      order by p.new_id
      returning selected
    )
    select count(*) filter (where selected)::int as copied from copied`,
  );
  return row?.copied ?? 0;
}

/** A new chat of the same user and bot, linked to `chat`, with its persona and lorebooks and the history up to `messageId`. */
export async function branchChat(db: Executor, chat: ChatRow, messageId: number): Promise<string> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(sql`${chatMessages.chatId} = ${chat.id} and ${chatMessages.id} = ${messageId}`);
    if (!message) throw new AppError(404, ERROR_CODES.NOT_FOUND, CHAT_MESSAGES.messageNotFound, 'messageId');
    const [branch] = await tx
      .insert(chats)
      .values({
        userId: chat.userId,
        botId: chat.botId,
        title: chat.title,
        personaId: chat.personaId,
        parentId: chat.id,
        branchedFrom: messageId,
        turnOrder: chat.turnOrder,
      })
      .returning({ id: chats.id });
    const shown = await copyHistory(tx, chat.id, branch!.id, messageId);
    await tx.update(chats).set({ messageCount: shown }).where(eq(chats.id, branch!.id));
    // A group's characters, in their order.
    await tx.execute(
      sql`insert into ${chatBots} (chat_id, bot_id, position, added_at)
          select ${branch!.id}, bot_id, position, added_at from ${chatBots} where chat_id = ${chat.id}`,
    );
    await tx.execute(
      sql`insert into ${chatLorebooks} (chat_id, lorebook_id, created_at)
          select ${branch!.id}, lorebook_id, created_at from ${chatLorebooks} where chat_id = ${chat.id}`,
    );
    return branch!.id;
  });
}

/** POST /api/chats/{id}/branch (issue 20 §4). */
export const branchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/branch',
    {
      config: { access: 'user' },
      schema: {
        tags: ['chats'],
        summary:
          'A new chat with the history up to a message (alternatives kept; that one shown), linked to this one as its parent, with its persona and lorebooks',
        params: ZChatParams,
        body: ZBranchBody,
        response: { 201: ZChat },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const chat = await requireChat(app.ctx.db, request.params.id, user.id);
      // The bot must still be one the caller may chat with, as for a new chat.
      await requireBot(app.ctx.db, chat.botId, { id: user.id, role: user.role }, 'read');
      const id = await branchChat(app.ctx.db, chat, Number(request.body.messageId));
      return reply.code(201).send(await getChatView(app.ctx.db, id));
    },
  );
};
