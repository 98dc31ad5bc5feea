import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GENERIC_MESSAGES } from '@app/shared/http/errors';
import { badRequest } from '../lib/http-errors';

const NUL = '\u0000';

/**
 * A JSON object, a parsed query string or route params (Fastify makes those from a constructor whose
 * prototype has no prototype itself); not a Buffer, a stream or an uploaded file.
 */
function isPlainRecord(item: object): boolean {
  const proto: unknown = Object.getPrototypeOf(item);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/** Where an item sits: its key and its parent's place, so that a path is built only when needed. */
interface Place {
  key: string;
  up: Place | null;
}

function pathOf(place: Place | null): string[] {
  const path: string[] = [];
  for (let at = place; at; at = at.up) path.push(at.key);
  return path.reverse();
}

/**
 * The path (`content`, `settings.name`, `tags.2`) of the first string in `value` that holds NUL,
 * or null. Iterative, so that a body nested thousands deep is no risk to the stack, and linear:
 * an item keeps a link to its parent's place, not a copy of its whole path (copies made a body
 * nested 80,000 deep take 54 s).
 */
function nulPath(value: unknown): string[] | null {
  const stack: [unknown, Place | null][] = [[value, null]];
  while (stack.length > 0) {
    const [item, at] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes(NUL)) return pathOf(at);
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], { key: String(i), up: at }]);
    } else if (item && typeof item === 'object' && isPlainRecord(item)) {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes(NUL)) return pathOf({ key, up: at });
        stack.push([inner, { key, up: at }]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text can't hold the NUL character: a query with one fails inside the database. Any
 * input that carries it (path, query or JSON body) is refused here with a 400 naming the field,
 * before a route can turn it into a 500.
 */
export const nulBytesPlugin = fp(async (app: FastifyInstance) => {
  // Not async: it runs on every request, and a promise per request is measurable (decision 024).
  app.addHook('preValidation', (request, _reply, done) => {
    // The path and the query come from the URL, where a NUL can only be written %00: without one,
    // only the body is walked.
    const parts = request.url.includes('%00') ? [request.params, request.query, request.body] : [request.body];
    for (const part of parts) {
      const found = part === undefined ? null : nulPath(part);
      if (found) return done(badRequest(GENERIC_MESSAGES.nulCharacter, found.join('.') || undefined));
    }
    done();
  });
});
