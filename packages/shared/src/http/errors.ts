import { z } from 'zod';

/**
 * Every failed answer of the API has this shape, whatever the route:
 * `{ "error": { "code": "VALIDATION_ERROR", "message": "Name is required", "field": "name" } }`.
 */
export const ZApiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof ZApiError>;

/** Codes the server answers with. The web maps them to user-facing texts. */
export const ERROR_CODES = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  INVALID_TOKEN: 'INVALID_TOKEN',
  OAUTH_ERROR: 'OAUTH_ERROR',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  INSUFFICIENT_TOKENS: 'INSUFFICIENT_TOKENS',
  INSUFFICIENT_GEMS: 'INSUFFICIENT_GEMS',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  LOGOUT_ERROR: 'LOGOUT_ERROR',
  UNKNOWN_ERROR: 'UNKNOWN_ERROR',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Generic messages, for answers that carry no more specific text. */
export const GENERIC_MESSAGES = {
  validation: 'The request is not valid',
  nulCharacter: 'Text may not contain the NUL character',
  nestedTooDeeply: 'The request is nested too deeply',
  malformedPath: 'The address is malformed',
  unauthorized: 'Authentication required',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  rateLimited: 'Too many requests, please try again later',
  payloadTooLarge: 'The request is too large',
  unsupportedMediaType: 'Unsupported content type',
  internal: 'An error occurred',
  unavailable: 'The service is not available right now',
} as const;
