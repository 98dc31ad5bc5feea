import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHAT_MESSAGES, GROUP_LIMITS, ZChat, ZChatParams, ZGroupBotBody, ZGroupBotParams } from '@app/shared/chats/schemas';
import { badRequest } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { requireBot } from '../bots';
import { addMember, removeMember } from './group';
import { getChatView, requireChat } from './repository';

/** A group chat's characters join and leave (issue 20 §3) under /api/chats/{id}/bots. */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const tags = ['chats'];

  const requireGroup = async (chatId: string, userId: string) => {
    const chat = await requireChat(db, chatId, userId);
    if (chat.turnOrder === null) throw badRequest(CHAT_MESSAGES.notAGroup);
    return chat;
  };

  app.post(
    '/:id/bots',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A character joins a group chat (at the end of its list; 8 at most); its earlier messages stay as they are',
        params: ZChatParams,
        body: ZGroupBotBody,
        response: { 200: ZChat },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const chat = await requireGroup(request.params.id, user.id);
      const { bot } = await requireBot(db, request.body.botId, { id: user.id, role: user.role }, 'read');
      await addMember(db, chat.id, bot, GROUP_LIMITS.max);
      return getChatView(db, chat.id);
    },
  );

  app.delete(
    '/:id/bots/:botId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A character leaves a group chat (one stays at least); its replies stay in the chat',
        params: ZGroupBotParams,
        response: { 200: ZChat },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const chat = await requireGroup(request.params.id, user.id);
      await removeMember(db, chat.id, request.params.botId);
      return getChatView(db, chat.id);
    },
  );
};
