import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZChallengeList,
  ZChallengeParams,
  ZCreateRoomBody,
  ZJoinByCodeBody,
  ZJoinRoomBody,
  ZRoom,
  ZRoomList,
  ZRoomQuery,
  ZRoomStandings,
  ZRoomViewQuery,
  ZScoreBody,
} from '@app/shared/challenges/schemas';
import { requireAuth } from '../../plugins/auth';
import { registerRoomClock } from './lifecycle';
import { listenForScores } from './listeners';
import { activeRoom, listChallenges, listRooms } from './listing';
import { createRoom, joinByCode, joinRoom, leaveRoom, reportScore, visibleRoom } from './rooms';

const tags = ['challenges'];

/**
 * Challenges and their rooms (issue 19, decision 027), under /api/gamification/challenges. Scores
 * of ranked challenges come from the server's own rows as events tell that they changed
 * (listeners.ts); rooms start and end by a clock of queued jobs (lifecycle.ts); every change of a
 * room reaches its players' live streams as `challenge.room_updated`.
 */
export const challengeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const { db } = ctx;
  listenForScores(ctx);
  registerRoomClock(ctx);

  app.get(
    '/',
    {
      config: { access: 'user', failureMessage: 'Failed to get challenges' },
      schema: {
        tags,
        summary: 'The challenges: timed contests, each with its metric, duration, rewards and the public rooms waiting for players',
        response: { 200: ZChallengeList },
      },
    },
    async () => listChallenges(db),
  );

  app.get(
    '/rooms',
    {
      config: { access: 'user', failureMessage: 'Failed to get challenge rooms' },
      schema: {
        tags,
        summary: "Rooms: the public ones waiting for players (scope=open), or the caller's own, newest first (scope=mine)",
        querystring: ZRoomQuery,
        response: { 200: ZRoomList },
      },
    },
    async (request) => listRooms(db, requireAuth(request).user.id, request.query),
  );

  app.post(
    '/rooms',
    {
      config: { access: 'user', failureMessage: 'Failed to create challenge' },
      schema: {
        tags,
        summary:
          'Create a room of a challenge, the caller its first player: it waits 3 minutes for players or starts once full (one room at a time: 409 ALREADY_IN_ROOM)',
        body: ZCreateRoomBody,
        response: { 201: ZRoom },
      },
    },
    async (request, reply) => {
      const room = await createRoom(ctx, requireAuth(request).user.id, request.body);
      return reply.code(201).send(room);
    },
  );

  app.get(
    '/rooms/active',
    {
      config: { access: 'user', failureMessage: 'Failed to get challenge room' },
      schema: { tags, summary: 'The room the caller plays in now (waiting or running); 404 when none', response: { 200: ZRoom } },
    },
    async (request) => activeRoom(db, requireAuth(request).user.id),
  );

  app.post(
    '/rooms/join',
    {
      config: { access: 'user', failureMessage: 'Failed to join challenge' },
      schema: {
        tags,
        summary: 'Join the private room of an invite code (unknown code: 404)',
        body: ZJoinByCodeBody,
        response: { 200: ZRoom },
      },
    },
    async (request) => joinByCode(ctx, requireAuth(request).user.id, request.body.inviteCode),
  );

  app.get(
    '/rooms/:id',
    {
      config: { access: 'user', failureMessage: 'Failed to get challenge room' },
      schema: {
        tags,
        summary: 'A room with its players and standings: public rooms to anyone, private ones to their players or with their invite code',
        params: ZChallengeParams,
        querystring: ZRoomViewQuery,
        response: { 200: ZRoom },
      },
    },
    async (request) => visibleRoom(ctx, request.params.id, requireAuth(request).user.id, request.query.inviteCode),
  );

  app.post(
    '/rooms/:id/join',
    {
      config: { access: 'user', failureMessage: 'Failed to join challenge' },
      schema: {
        tags,
        summary:
          'Join a waiting room (a private one with its inviteCode); the player who fills it starts it (409 ROOM_FULL, ROOM_NOT_OPEN, ALREADY_IN_ROOM)',
        params: ZChallengeParams,
        body: ZJoinRoomBody,
        response: { 200: ZRoom },
      },
    },
    async (request) => joinRoom(ctx, requireAuth(request).user.id, request.params.id, request.body?.inviteCode),
  );

  app.post(
    '/rooms/:id/leave',
    {
      config: { access: 'user', failureMessage: 'Failed to leave challenge' },
      schema: {
        tags,
        summary: 'Leave a room: from a waiting one simply, from a running one forfeiting place and reward',
        params: ZChallengeParams,
        response: { 200: ZRoom },
      },
    },
    async (request) => leaveRoom(ctx, requireAuth(request).user.id, request.params.id),
  );

  app.post(
    '/rooms/:id/score',
    {
      config: { access: 'user', failureMessage: 'Failed to submit score' },
      schema: {
        tags,
        summary:
          "The room's standings. A ranked challenge ignores the body's score (the server counts the caller's from its own rows); a casual game keeps the best score its page reports, with no reward",
        params: ZChallengeParams,
        body: ZScoreBody,
        response: { 200: ZRoomStandings },
      },
    },
    async (request) => reportScore(ctx, requireAuth(request).user.id, request.params.id, request.body?.score),
  );
};
