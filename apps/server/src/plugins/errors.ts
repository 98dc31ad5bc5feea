import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, GENERIC_MESSAGES } from '@app/shared/http/errors';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError } from '../lib/http-errors';
import { deferredAuthError } from './auth';

interface ErrorBody {
  error: { code: string; message: string; field?: string };
}

function send(reply: FastifyReply, status: number, error: ErrorBody['error'], headers?: Record<string, string>) {
  if (headers) reply.headers(headers);
  // Answered before the body was all read (a 413, a refusal mid-upload): the rest is never read,
  // so the connection closes after this answer instead of leaving the client sending into a
  // socket nobody reads, waiting for an answer it can't see (issue 37 §2).
  if (!reply.request.raw.complete) reply.header('connection', 'close');
  return reply.status(status).type('application/json; charset=utf-8').send({ error });
}

/** Turns a zod issue path such as ['settings', 'temperature'] into 'settings.temperature'. */
function fieldOf(path: readonly PropertyKey[] | undefined): string | undefined {
  if (!path || path.length === 0) return undefined;
  return path.map(String).join('.');
}

/**
 * One error shape for the whole API: `{error: {code, message, field?}}`. Bad input is a 4xx
 * that names the field; anything unexpected is a 500 whose body shows nothing internal.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // A route that looks the session up alongside its own work (deferAuth) may fail before the
    // lookup is done; a caller without a session still sees only the 401.
    err = ((await deferredAuthError(request)) as FastifyError | null) ?? err;
    if (err instanceof AppError) {
      return send(reply, err.statusCode, { code: err.code, message: err.message, ...(err.field ? { field: err.field } : {}) }, err.headers);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = fieldOf(first?.instancePath.split('/').filter(Boolean));
      const missingBody = err.validationContext === 'body' && (request.body === undefined || request.body === null);
      const message = missingBody ? 'The request body is empty' : (first?.message ?? GENERIC_MESSAGES.validation);
      return send(reply, 400, { code: ERROR_CODES.VALIDATION_ERROR, message, ...(field ? { field } : {}) });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return send(reply, 413, { code: ERROR_CODES.PAYLOAD_TOO_LARGE, message: GENERIC_MESSAGES.payloadTooLarge });
    if (status === 415)
      return send(reply, 415, { code: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, message: GENERIC_MESSAGES.unsupportedMediaType });
    if (status === 429) return send(reply, 429, { code: ERROR_CODES.RATE_LIMITED, message: GENERIC_MESSAGES.rateLimited });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, an empty JSON body, a bad content length...
      const message =
        err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'The request body is not valid JSON'
          : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is empty'
            : GENERIC_MESSAGES.validation;
      const code = status === 400 ? ERROR_CODES.VALIDATION_ERROR : status === 404 ? ERROR_CODES.NOT_FOUND : ERROR_CODES.VALIDATION_ERROR;
      return send(reply, status, { code, message });
    }
    if (isDatabaseUnavailable(err)) {
      // Not this request's fault, and likely gone in a moment: the client may try again.
      request.log.warn({ err }, 'request failed: the database is unreachable');
      return send(reply, 503, { code: ERROR_CODES.SERVICE_UNAVAILABLE, message: GENERIC_MESSAGES.unavailable }, { 'retry-after': '5' });
    }
    request.log.error({ err }, 'request failed');
    const message = request.routeOptions.config.failureMessage ?? GENERIC_MESSAGES.internal;
    return send(reply, 500, { code: ERROR_CODES.INTERNAL_ERROR, message });
  });
});

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): a path
 * that can't be decoded, or a path parameter longer than any id. In the house shape too.
 */
export function frameworkErrorHandler(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendNotFound(reply);
  return send(reply, 400, { code: ERROR_CODES.VALIDATION_ERROR, message: GENERIC_MESSAGES.malformedPath });
}

/** The JSON 404 of any path that no route serves. */
export function sendNotFound(reply: FastifyReply) {
  return send(reply, 404, { code: ERROR_CODES.NOT_FOUND, message: GENERIC_MESSAGES.notFound });
}
