import { Redis } from 'ioredis';

interface Logger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * The app's Redis client. ioredis emits 'error' on every failed connection attempt, and a client
 * without a listener prints "[ioredis] Unhandled error event" for each of them: the listener here
 * logs the first error of an outage through the app's log, and its end, once. The client
 * reconnects by itself. While it is disconnected a command fails at once (no offline queue)
 * rather than waiting for Redis to return: the rate limits fall back (lib/limiter.ts,
 * plugins/rate-limit.ts) and /readyz says so. Answers once connected, or after `readyWithinMs`.
 */
export async function connectRedis(url: string, log: Logger, readyWithinMs = 5_000): Promise<Redis> {
  // Auto-pipelining sends the commands of one event-loop turn in one write: under load every
  // request's rate-limit count was a socket write of its own, a sixth of the busy CPU (decision 024).
  const redis = watchRedis(new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: false, enableAutoPipelining: true }), log);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    new Promise((resolve) => redis.once('ready', resolve)),
    new Promise((resolve) => {
      timer = setTimeout(resolve, readyWithinMs);
    }),
  ]);
  clearTimeout(timer);
  return redis;
}

/** Logs a client's connection errors (once per outage) and its recovery; answers the client. */
export function watchRedis(redis: Redis, log: Logger): Redis {
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err }, 'Redis is unreachable; reconnecting');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({}, 'Redis is reachable again');
  });
  return redis;
}

/** Closes a client: QUIT when connected (bounded: a Redis that went away never answers it), else at once. */
export async function closeRedis(redis: Redis, timeoutMs = 1_000): Promise<void> {
  if (redis.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      redis.quit().catch(() => undefined),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }
  redis.disconnect();
}
