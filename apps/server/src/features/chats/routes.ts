import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_MESSAGES,
  ZChat,
  ZChatPatchBody,
  ZChatListQuery,
  ZChatMessage,
  ZChatPage,
  ZChatParams,
  ZEditMessageBody,
  ZMessagePage,
  ZMessageParams,
  ZMessagesQuery,
  ZSendMessageBody,
  ZStartChatBody,
} from '@app/shared/chats/schemas';
import { chatMessages, chats, replyPrompts } from '../../db/schema/chats';
import { AppError, badRequest, notFound } from '../../lib/http-errors';
import { ERROR_CODES } from '@app/shared/http/errors';
import { PERSONA_MESSAGES } from '@app/shared/personas/rules';
import type { RequestAuth } from '../../context';
import { authOf, requireAuth } from '../../plugins/auth';
import { requireBot, type BotRow } from '../bots';
import { defaultSpeaker, setChatPersona } from '../personas';
import { bumpBotStats, logBot, originOf } from './activity';
import type { ChatModel } from '../../llm/types';
import { chooseSpeaker, createGroupChat, insertGreetings, lastSpeakerOf, membersOf, speakerNamesOf } from './group';
import {
  chargeAndInsertExchange,
  insertVariant,
  LiveReplies,
  replyCost,
  reserveReply,
  streamReply,
  type ReplyContext,
  type Reservation,
} from './reply';
import { ORPHAN_MARGIN_MS, settleOrphanedReplies } from './interrupted';
import {
  getChatView,
  historyUpTo,
  listChats,
  listMessages,
  requireChat,
  requireChatView,
  requireMessage,
  toMessages,
  type ChatRow,
  type MessageRow,
} from './repository';
import { chatForRegenerate, chatForReply, HISTORY_MAX } from './reply-statements';
import { runDailyStats } from './daily-stats';
import { openEventStream, wantsStream } from './sse';
import { promptOf } from './reply-prompts';
import { ZReplyPrompt } from '@app/shared/lorebooks/schemas';

const tags = ['chats'];
const ZNoContent = z.null().describe('No content');

/** Conversations with bots: start, list, read page by page, send with a streamed reply, regenerate, edit, delete. */
export const chatRoutes: FastifyPluginAsyncZod<{ model: ChatModel }> = async (app, { model }) => {
  const { db } = app.ctx;
  // Each finished day once (job_runs), whichever instance gets there first; hourly, so a day is in soon after midnight.
  app.ctx.jobs.every('bot-daily-stats', 60 * 60_000, () => runDailyStats(db));

  // Shutdown (decision 012): the replies streaming are interrupted, saved and refunded, and their
  // streams end, before the server waits for its connections to close.
  const live = new LiveReplies();
  app.addHook('preClose', async () => {
    if (live.size > 0) app.log.info({ replies: live.size }, 'interrupting the replies in progress');
    await live.interruptAll(3_000);
  });
  // Replies left streaming by a process that died are settled: at start, and by every instance
  // from time to time. At start on the embedded database (this process's alone) every streaming
  // reply is an orphan. The periodic sweep runs while this process streams its own replies, so it
  // takes only replies older than any live one can be, whatever the database: taking a live reply
  // refunded it while it went on streaming to its end, a reply paid for by nobody.
  const liveAgeMs = app.ctx.config.replyTimeoutMs + ORPHAN_MARGIN_MS;
  const settleOrphans = async (olderThanMs: number) => {
    const settled = await settleOrphanedReplies(db, app.ctx.metrics, olderThanMs);
    if (settled > 0) app.log.warn({ settled }, 'replies interrupted by a stopped process were settled and refunded');
    return settled;
  };
  // (A hook must answer nothing: Fastify takes what an onReady hook resolves to for an error.)
  app.addHook('onReady', async () => {
    await settleOrphans(app.ctx.database.kind === 'pglite' ? 0 : liveAgeMs);
  });
  app.ctx.jobs.every('interrupted-replies', 30_000, () => settleOrphans(liveAgeMs));

  /** The fields of the signed-in user that a reply and the bot checks use. */
  const callerOf = ({ user }: RequestAuth) => ({ id: user.id, role: user.role, displayName: user.displayName });

  app.post(
    '/',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "Start a chat with a bot ({botId}; it opens with the bot's first message, alternate greetings as its alternatives), or a group chat with 2 to 8 ({botIds, turnOrder}; each one's first message)",
        body: ZStartChatBody,
        response: { 201: ZChat },
      },
    },
    async (request, reply) => {
      const caller = callerOf(requireAuth(request));
      const body = request.body;
      const ids = 'botIds' in body ? body.botIds : [body.botId];
      const [members, speaker] = await Promise.all([
        Promise.all(ids.map(async (id) => (await requireBot(db, id, caller, 'read')).bot)),
        defaultSpeaker(db, caller.id),
      ]);
      // The greeting speaks to the user's default persona, as the chat starts with it.
      const userName = speaker?.name ?? caller.displayName;
      const chatId =
        'botIds' in body
          ? await createGroupChat(db, { userId: caller.id, members, turnOrder: body.turnOrder, userName })
          : await db.transaction(async (tx) => {
              const bot = members[0]!;
              const [chat] = await tx
                .insert(chats)
                .values({ userId: caller.id, botId: bot.id, title: bot.name, messageCount: 1 })
                .returning({ id: chats.id });
              await insertGreetings(tx, chat!.id, bot, userName, null);
              return chat!.id;
            });
      // Each character of a group starts a chat with the user, as it would alone.
      for (const bot of members) {
        await logBot(db, { botId: bot.id, userId: caller.id, action: 'chat_started', origin: originOf(request) });
        await app.ctx.events.publish('chat.started', { chatId, botId: bot.id, botOwnerId: bot.createdBy, userId: caller.id });
        await bumpBotStats(db, bot.id, { chats: 1 });
      }
      return reply.status(201).send(await getChatView(db, chatId));
    },
  );

  app.get(
    '/',
    {
      config: { access: 'user' },
      schema: { tags, summary: "The caller's chats, most recent first", querystring: ZChatListQuery, response: { 200: ZChatPage } },
    },
    async (request) => listChats(db, requireAuth(request).user.id, request.query),
  );

  app.get(
    '/:id',
    { config: { access: 'user' }, schema: { tags, summary: 'One chat of the caller', params: ZChatParams, response: { 200: ZChat } } },
    async (request) => requireChatView(db, request.params.id, requireAuth(request).user.id),
  );

  app.patch(
    '/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "Choose the persona the user speaks as in this chat (personaId: null goes back to their default one), or a group chat's turn order",
        params: ZChatParams,
        body: ZChatPatchBody,
        response: { 200: ZChat },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const chat = await requireChat(db, request.params.id, userId);
      const { personaId, turnOrder } = request.body;
      if (turnOrder !== undefined && chat.turnOrder === null) throw badRequest(CHAT_MESSAGES.notAGroup, 'turnOrder');
      if (personaId !== undefined && !(await setChatPersona(db, chat.id, userId, personaId)))
        throw new AppError(404, ERROR_CODES.NOT_FOUND, PERSONA_MESSAGES.notFound, 'personaId');
      if (turnOrder !== undefined) await db.update(chats).set({ turnOrder }).where(eq(chats.id, chat.id));
      return getChatView(db, chat.id);
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Delete a chat and its messages', params: ZChatParams, response: { 204: ZNoContent } },
    },
    async (request, reply) => {
      const chat = await requireChat(db, request.params.id, requireAuth(request).user.id);
      await db.delete(chats).where(eq(chats.id, chat.id));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/:id/messages',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Messages, newest page first (keyset: ?before=<id>)',
        params: ZChatParams,
        querystring: ZMessagesQuery,
        response: { 200: ZMessagePage },
      },
    },
    async (request) => {
      const page = await listMessages(db, request.params.id, requireAuth(request).user.id, request.query);
      if (!page) throw notFound(CHAT_MESSAGES.chatNotFound);
      return page;
    },
  );

  /** Runs a reply as a stream (text/event-stream) or, for clients that don't ask for one, as JSON at the end. */
  async function respond(
    request: Parameters<typeof requireAuth>[0],
    reply: FastifyReply,
    ctx: ReplyContext,
    opts: {
      history: { role: 'user' | 'assistant'; content: string }[];
      row: MessageRow;
      userMessage?: MessageRow;
      charge: Reservation;
    },
  ) {
    const controller = new AbortController();
    if (!wantsStream(request)) {
      request.raw.on('close', () => request.raw.destroyed && controller.abort());
      const final = await live.track(controller, () => streamReply(ctx, { ...opts, signal: controller.signal }));
      const [message] = await toMessages(db, [final]);
      return reply
        .status(201)
        .send({ message, ...(opts.userMessage ? { userMessage: (await toMessages(db, [opts.userMessage]))[0] } : {}) });
    }
    const stream = openEventStream(request, reply, controller);
    const said = opts.userMessage ? (await toMessages(db, [opts.userMessage]))[0] : undefined;
    const final = await live.track(controller, () =>
      streamReply(ctx, {
        ...opts,
        signal: controller.signal,
        // Written once the model has been called, so that the writes don't delay it.
        onStart: (row) => {
          if (said) stream.send('user', said);
          // In a group chat, whose reply it is, before its first word.
          stream.send('start', { id: String(row.id), botId: row.botId });
        },
        onToken: (text) => stream.send('token', { text }),
      }),
    );
    const [message] = await toMessages(db, [final]);
    if (final.status === 'failed') {
      const code = final.error === CHAT_MESSAGES.replyInterrupted ? 'REPLY_INTERRUPTED' : 'MODEL_ERROR';
      stream.send('error', { error: { code, message: final.error ?? CHAT_MESSAGES.replyFailed }, message });
    } else stream.send('done', { message });
    stream.end();
    return reply;
  }

  /**
   * The bot, if the caller may still chat with it: a bot made private since closes its chats to
   * everyone but its collaborators (checked without a query when it is plainly open to them).
   */
  async function readable(bot: BotRow, caller: ReturnType<typeof callerOf>) {
    const open = (bot.visibility !== 'private' && bot.isActive) || bot.createdBy === caller.id || caller.role === 'admin';
    return open ? bot : (await requireBot(db, bot.id, caller, 'read')).bot;
  }

  /**
   * In a group chat, the reply's character: the user's choice ("Reply as"), else the turn order's;
   * with every member's name for the prompt. A chat with one character answers as it is.
   */
  async function withSpeaker(
    ctx: ReplyContext,
    chat: ChatRow,
    opts: { chosen?: string | null; said: string; formerMember?: boolean },
  ): Promise<ReplyContext> {
    if (chat.turnOrder === null) {
      if (opts.chosen && opts.chosen !== chat.botId) throw badRequest(CHAT_MESSAGES.notAGroup, 'botId');
      return ctx;
    }
    const [members, former] = await Promise.all([membersOf(db, chat.id), speakerNamesOf(db, chat.id)]);
    let speaker: BotRow | null | undefined;
    if (opts.chosen) {
      // A former member (regenerating its reply) is read with the caller's rights checked, by the bots area.
      speaker =
        members.find((m) => m.id === opts.chosen) ??
        (opts.formerMember ? (await requireBot(db, opts.chosen, ctx.user, 'read')).bot : undefined);
      if (!speaker) throw new AppError(404, ERROR_CODES.NOT_FOUND, CHAT_MESSAGES.notInGroup, 'botId');
    } else {
      // Only characters the user may still chat with take turns: one made private since sits out.
      const usable = (
        await Promise.all(
          members.map((m) =>
            readable(m, ctx.user).then(
              () => m,
              () => null,
            ),
          ),
        )
      ).filter((m): m is BotRow => m !== null);
      speaker = chooseSpeaker({ members: usable, order: chat.turnOrder, said: opts.said, lastSpeakerId: await lastSpeakerOf(db, chat.id) });
      if (!speaker) throw badRequest(CHAT_MESSAGES.chooseSpeaker, 'botId');
    }
    const bot = await readable(speaker, ctx.user);
    // The members in list order (the prompt names the others in it), then those who have left.
    const names = new Map(members.map((m) => [m.id, m.name]));
    for (const [id, name] of former) if (!names.has(id)) names.set(id, name);
    names.set(bot.id, bot.name);
    return { ...ctx, bot, group: { names } };
  }

  /**
   * The chat and its bot in one query (a reply's hot path), with the latest visible messages
   * when `withHistory` (oldest first). The bot must still be visible to the caller: a bot made
   * private since closes its chats to everyone but its collaborators.
   */
  async function replyContext(request: Parameters<typeof requireAuth>[0], chatId: string, opts: { withHistory?: boolean } = {}) {
    // The chat is read while the session is looked up (deferAuth), and shown only to its owner.
    const [auth, [row]] = await Promise.all([
      authOf(request),
      (opts.withHistory ? chatForReply(db) : chatForRegenerate(db)).execute({ chatId }),
    ]);
    const caller = callerOf(auth);
    if (!row || row.chat.userId !== caller.id) throw notFound(CHAT_MESSAGES.chatNotFound);
    // A group's first character is not necessarily the one who replies: withSpeaker checks that one.
    const bot = row.chat.turnOrder === null ? await readable(row.bot, caller) : row.bot;
    return {
      chat: row.chat,
      history: ('history' in row ? row.history : undefined) ?? [],
      ctx: {
        db,
        model,
        timeoutMs: app.ctx.config.replyTimeoutMs,
        log: request.log,
        chatId,
        bot,
        user: caller,
        speaker: row.speaker,
        origin: originOf(request),
      } satisfies ReplyContext,
    };
  }

  app.post(
    '/:id/messages',
    {
      config: { access: 'user', deferAuth: true },
      schema: {
        tags,
        summary:
          'Send a message: the reply streams as server-sent events (token, then done or error); without Accept: text/event-stream, JSON at the end',
        params: ZChatParams,
        body: ZSendMessageBody,
      },
    },
    async (request, reply) => {
      const base = await replyContext(request, request.params.id, { withHistory: true });
      const { chat, history } = base;
      const ctx = await withSpeaker(base.ctx, chat, { chosen: request.body.botId, said: request.body.content });
      // The cost is reserved and the user's words are saved (with the reply's row) before the model is called:
      // nothing the user typed is lost, and without enough tokens the answer is 402 and nothing is saved.
      const written = await chargeAndInsertExchange(
        db,
        app.ctx.metrics,
        chat.id,
        { userId: ctx.user.id, botId: ctx.bot.id },
        replyCost(ctx.bot),
        request.body.content,
      );
      // A group's reply says whose it is (one more statement, for group chats only).
      if (ctx.group) {
        await db.update(chatMessages).set({ botId: ctx.bot.id }).where(eq(chatMessages.id, written.reply.id));
        written.reply.botId = ctx.bot.id;
      }
      try {
        return await respond(request, reply, ctx, {
          history: [...history, { role: 'user', content: written.said.content, botId: null }],
          row: written.reply,
          userMessage: written.said,
          charge: written.charge,
        });
      } finally {
        // Once the reply has ended (streamed, failed or stopped), and not awaited: the subscribers'
        // work (progression's awards) never competes with the reply for the database.
        void app.ctx.events.publish('message.sent', {
          chatId: chat.id,
          messageId: String(written.said.id),
          botId: ctx.bot.id,
          userId: ctx.user.id,
        });
      }
    },
  );

  app.post(
    '/:id/messages/:messageId/regenerate',
    {
      config: { access: 'user', deferAuth: true },
      schema: { tags, summary: 'A new alternative of a reply; the earlier ones stay and can be selected again', params: ZMessageParams },
    },
    async (request, reply) => {
      const base = await replyContext(request, request.params.id);
      const { chat } = base;
      const target = await requireMessage(db, chat.id, request.params.messageId);
      if (target.role !== 'assistant') throw badRequest(CHAT_MESSAGES.onlyReplies, 'messageId');
      // In a group, the same character says it again (even one that has left since).
      // A reply whose character was deleted has no one to say it again.
      if (chat.turnOrder !== null && target.botId === null) throw badRequest(CHAT_MESSAGES.speakerGone, 'messageId');
      const ctx = await withSpeaker(base.ctx, chat, { chosen: target.botId ?? chat.botId, said: '', formerMember: true });
      const charge = await reserveReply(db, app.ctx.metrics, { userId: ctx.user.id, botId: ctx.bot.id }, replyCost(ctx.bot), chat.id);
      // The reply answers what came before it.
      const [row, history] = await charge.refundIfFails(() =>
        Promise.all([insertVariant(db, chat.id, target, charge.key), historyUpTo(db, chat.id, target.id - 1, HISTORY_MAX)]),
      );
      return respond(request, reply, ctx, { history, row, charge });
    },
  );

  app.patch(
    '/:id/messages/:messageId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Edit one of your messages ({content}), or show another alternative of a reply ({selected: true})',
        params: ZMessageParams,
        body: ZEditMessageBody,
        response: { 200: ZChatMessage },
      },
    },
    async (request) => {
      const chat = await requireChat(db, request.params.id, requireAuth(request).user.id);
      const message = await requireMessage(db, chat.id, request.params.messageId);
      if ('content' in request.body) {
        if (message.role !== 'user') throw badRequest(CHAT_MESSAGES.onlyOwnMessages, 'messageId');
        const [updated] = await db
          .update(chatMessages)
          .set({ content: request.body.content, editedAt: new Date() })
          .where(eq(chatMessages.id, message.id))
          .returning();
        return (await toMessages(db, [updated!]))[0]!;
      }
      const groupId = message.groupId ?? message.id;
      await db.transaction(async (tx) => {
        await tx
          .update(chatMessages)
          .set({ selected: false })
          .where(and(eq(chatMessages.groupId, groupId), eq(chatMessages.chatId, chat.id)));
        await tx.update(chatMessages).set({ selected: true }).where(eq(chatMessages.id, message.id));
      });
      return (await toMessages(db, [{ ...message, selected: true }]))[0]!;
    },
  );

  app.post(
    '/:id/messages/:messageId/unseen',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "The web app's word that a reply finished while the chat's tab was hidden: the user is notified of it (new message), once per reply",
        params: ZMessageParams,
        response: { 204: ZNoContent },
      },
    },
    async (request, reply) => {
      const chat = await requireChat(db, request.params.id, requireAuth(request).user.id);
      const message = await requireMessage(db, chat.id, request.params.messageId);
      if (message.role !== 'assistant' || message.status !== 'complete') throw badRequest(CHAT_MESSAGES.onlyFinishedReplies, 'messageId');
      // Awaited: the notice (and its bell row) exists when this answers. A repeat is harmless (one per reply).
      await app.ctx.events.publish('chat.reply_unseen', {
        chatId: chat.id,
        messageId: String(message.id),
        // In a group, the character who said it.
        botId: message.botId ?? chat.botId,
        userId: chat.userId,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/:id/messages/:messageId/prompt',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "What the model was sent for a reply: its messages and the lorebook entries that went in (kept for the chat's latest 20 replies)",
        params: ZMessageParams,
        response: { 200: ZReplyPrompt },
      },
    },
    async (request) => {
      const chat = await requireChat(db, request.params.id, requireAuth(request).user.id);
      const message = await requireMessage(db, chat.id, request.params.messageId);
      const prompt = message.role === 'assistant' ? await promptOf(db, chat.id, message.id) : null;
      if (!prompt) throw notFound(message.role === 'assistant' ? CHAT_MESSAGES.promptNotKept : CHAT_MESSAGES.messageNotFound);
      return prompt;
    },
  );

  app.delete(
    '/:id/messages/:messageId',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Delete a message (a reply with its alternatives)', params: ZMessageParams, response: { 204: ZNoContent } },
    },
    async (request, reply) => {
      const chat = await requireChat(db, request.params.id, requireAuth(request).user.id);
      const message = await requireMessage(db, chat.id, request.params.messageId);
      await db.transaction(async (tx) => {
        await tx
          .delete(chatMessages)
          .where(
            message.groupId
              ? and(eq(chatMessages.chatId, chat.id), eq(chatMessages.groupId, message.groupId))
              : eq(chatMessages.id, message.id),
          );
        // The prompts of the replies after it held its words: a deleted message is gone from them too.
        await tx
          .delete(replyPrompts)
          .where(and(eq(replyPrompts.chatId, chat.id), gt(replyPrompts.messageId, message.groupId ?? message.id)));
        await tx
          .update(chats)
          .set({ messageCount: sql`greatest(0, ${chats.messageCount} - ${message.selected ? 1 : 0})` })
          .where(eq(chats.id, chat.id));
      });
      return reply.status(204).send(null);
    },
  );
};
