/**
 * Whether an error means that the database can't be reached right now (a connection refused,
 * dropped or timed out, a server shutting down or starting, a client left unusable by one of
 * those), rather than that a query was wrong. Such a request may succeed when retried: the API
 * answers it 503, not 500. Drizzle wraps the driver's error (`cause`), so the chain is followed.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.startsWith(m))) return true;
  }
  return false;
}

/** The socket's errors (node:net). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs of a server that can't serve now: class 08 (connection exception, above),
 * admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What node-postgres and its pool throw when a connection ends or can't be made in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];
