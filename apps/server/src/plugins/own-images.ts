import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { AVATAR_KEY, withoutOutsideAvatars } from '../lib/own-images';

/**
 * Whether a route's answers may carry an avatar: their schema names one, or leaves some value open
 * (a record, unknown: an empty JSON Schema `{}`), or can't be read as JSON Schema, or there is no
 * schema at all. Only the others (most routes) skip the pass.
 */
function mayCarryAvatar(schema: { response?: unknown } | undefined): boolean {
  const response = schema?.response;
  if (!response || typeof response !== 'object') return true;
  return Object.values(response).some((answer) => {
    if (!(answer instanceof $ZodType)) return true;
    try {
      const json = JSON.stringify(z.toJSONSchema(answer, { io: 'output', target: 'draft-7' }));
      return json.includes(`"${AVATAR_KEY}"`) || json.includes(':{}');
    } catch {
      return true;
    }
  });
}

/**
 * No answer hands out a picture from another host (issue 37 §7, decision 038): every JSON answer
 * whose schema may hold an `avatarUrl` goes through withoutOutsideAvatars before it is written, so
 * a bot saved with a remote avatar before avatars were uploads only reads as a bot without one,
 * in every list, page, search, chat and leaderboard alike, until the background fetch
 * (bots/remote-avatars.ts) has brought the picture here. Worked out per route on its first answer.
 */
export const ownImagesPlugin = fp(async (app: FastifyInstance) => {
  const carries = new WeakMap<object, boolean>();
  const everything = {};
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    const key = (request.routeOptions.schema as object | undefined) ?? everything;
    let may = carries.get(key);
    if (may === undefined) {
      may = mayCarryAvatar(request.routeOptions.schema);
      carries.set(key, may);
    }
    done(null, may ? withoutOutsideAvatars(payload) : payload);
  });
});
