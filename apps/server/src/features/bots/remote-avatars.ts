import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AVATAR_MAX_BYTES } from '@app/shared/bots/constants';
import { bots } from '../../db/schema/bots';
import { processAvatar } from '../../lib/images';
import { getPinned, resolveCheckedAddress } from '../../lib/outbound-post';

/**
 * Bots saved before avatars were uploads only (decision 038) may still name a picture on another
 * host. No answer hands it out (plugins/own-images.ts); this job brings each one here once, in the
 * background: fetched through the outbound-address guard of webhooks, made a 512 px WebP as an
 * upload is, and stored, or, on any failure, cleared (the owner is told in the bell).
 */
export const REMOTE_AVATARS_JOB = 'bots.remote-avatars';
const BATCH = 20;
const MAX_REDIRECTS = 3;

/** A bot's avatar that is not one of our paths (lib/own-images.ts's isOwnImagePath, in SQL). */
const outsideAvatar = and(
  isNotNull(bots.avatarUrl),
  sql`not (${bots.avatarUrl} ~ '^/[A-Za-z0-9_./-]+$' and ${bots.avatarUrl} not like '//%')`,
);

export interface FetchLimits {
  /** The whole fetch, redirects included. */
  timeoutMs: number;
  /** Loopback and private addresses too (WEBHOOK_ALLOW_PRIVATE, local development and tests). */
  allowPrivate: boolean;
}

/**
 * The picture at an outside avatar URL, or why not: http(s) only (a protocol-relative URL as
 * https), no credentials, every host (redirects too, at most three) checked against the blocked
 * ranges and connected to at the checked address, at most 2 MB, within `timeoutMs` in all.
 */
export async function downloadPicture(raw: string, limits: FetchLimits): Promise<Buffer | string> {
  const deadline = Date.now() + limits.timeoutMs;
  let next = raw.startsWith('//') ? `https:${raw}` : raw;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let url: URL;
    try {
      url = new URL(next);
    } catch {
      return 'not a URL';
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'not an http(s) URL';
    if (url.username || url.password) return 'a URL with credentials';
    const target = await resolveCheckedAddress(url.hostname, limits.allowPrivate);
    if (target === 'blocked') return 'a private or reserved address';
    if (target === 'unresolvable') return 'the host does not resolve';
    const left = deadline - Date.now();
    if (left <= 0) return 'timed out';
    const answer = await getPinned(
      url,
      target,
      { 'user-agent': 'CharaChat-Avatars/1.0', accept: 'image/*' },
      { timeoutMs: left, maxResponseBytes: AVATAR_MAX_BYTES },
    );
    if (answer.status !== null && answer.status >= 300 && answer.status < 400 && answer.location) {
      next = new URL(answer.location, url).href;
      continue;
    }
    return answer.body ?? answer.error ?? 'no picture';
  }
  return 'too many redirects';
}

/**
 * One pass over the bots with an outside avatar, in id order: each one's picture stored and its
 * URL replaced, or its avatar cleared. A bot whose avatar changed meanwhile keeps its new one (the
 * write names the old URL). Answers how many were brought here and how many cleared.
 */
export async function bringAvatarsHome(
  app: FastifyInstance,
  limits: FetchLimits,
  keepAlive: () => Promise<void> = async () => {},
): Promise<{ stored: number; cleared: number }> {
  const { db, events } = app.ctx;
  let after: string | null = null;
  const counts = { stored: 0, cleared: 0 };
  for (;;) {
    const rows = await db
      .select({ id: bots.id, avatarUrl: bots.avatarUrl, ownerId: bots.createdBy, name: bots.name })
      .from(bots)
      .where(after ? and(outsideAvatar, gt(bots.id, after)) : outsideAvatar)
      .orderBy(asc(bots.id))
      .limit(BATCH);
    if (rows.length === 0) return counts;
    for (const row of rows) {
      after = row.id;
      const old = row.avatarUrl!;
      const picture = await downloadPicture(old, limits);
      let url: string | null = null;
      let why = typeof picture === 'string' ? picture : '';
      if (typeof picture !== 'string') {
        try {
          const image = await processAvatar(picture);
          url = await app.storage.put(`bots/${row.id}/${randomUUID()}.webp`, image.data, image.contentType);
        } catch {
          why = 'not an image';
        }
      }
      const [written] = await db
        .update(bots)
        .set({ avatarUrl: url })
        .where(and(eq(bots.id, row.id), eq(bots.avatarUrl, old)))
        .returning({ id: bots.id });
      if (!written) {
        if (url) await app.storage.delete(url).catch(() => undefined);
      } else if (url) counts.stored += 1;
      else {
        counts.cleared += 1;
        app.log.info({ botId: row.id, reason: why }, 'an outside bot avatar could not be brought here: cleared');
        await events.publish('bot.avatar_removed', { botId: row.id, ownerId: row.ownerId, name: row.name });
      }
      await keepAlive();
    }
  }
}

/** Whether any bot still names an outside avatar. */
async function anyOutsideAvatar(app: FastifyInstance): Promise<boolean> {
  const [row] = await app.ctx.db.select({ id: bots.id }).from(bots).where(outsideAvatar).limit(1);
  return Boolean(row);
}

/**
 * Queues the pass when some bot still has an outside avatar: one job however many instances start
 * at once (its dedupe key), run by one of them (the queue's claim).
 */
export async function queueAvatarsHome(app: FastifyInstance): Promise<void> {
  if (await anyOutsideAvatar(app)) await app.ctx.jobs.enqueue(app.ctx.db, REMOTE_AVATARS_JOB, {}, { dedupeKey: 'all', maxAttempts: 5 });
}

/** The job's handler, and the check at start that queues it. */
export function registerRemoteAvatars(app: FastifyInstance): void {
  const { config, jobs } = app.ctx;
  jobs.handle(REMOTE_AVATARS_JOB, async (_payload, job) => {
    const result = await bringAvatarsHome(app, { timeoutMs: config.avatarFetchTimeoutMs, allowPrivate: config.webhookAllowPrivate }, () =>
      jobs.extendLock(job.id),
    );
    app.log.info(result, 'outside bot avatars brought here');
  });
  // (A hook must answer nothing: Fastify takes what an onReady hook resolves to for an error.)
  app.addHook('onReady', async () => {
    await queueAvatarsHome(app);
  });
}
