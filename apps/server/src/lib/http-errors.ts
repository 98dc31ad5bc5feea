import { ERROR_CODES, GENERIC_MESSAGES, type ErrorCode } from '@app/shared/http/errors';

/**
 * An error with a status, a code and a message meant for the user. Thrown anywhere in a
 * route, it becomes `{error: {code, message, field?}}` with that status.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | string,
    message: string,
    readonly field?: string,
    /** Extra headers for the answer, such as Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, ERROR_CODES.VALIDATION_ERROR, message, field);
export const unauthorized = (message: string = GENERIC_MESSAGES.unauthorized, code: string = ERROR_CODES.UNAUTHORIZED) =>
  new AppError(401, code, message);
export const forbidden = (message: string = GENERIC_MESSAGES.forbidden) => new AppError(403, ERROR_CODES.FORBIDDEN, message);
export const notFound = (message: string = GENERIC_MESSAGES.notFound) => new AppError(404, ERROR_CODES.NOT_FOUND, message);
export const conflict = (code: string, message: string, field?: string) => new AppError(409, code, message, field);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, ERROR_CODES.RATE_LIMITED, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
