import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { AVATAR_MAX_BYTES } from '@app/shared/bots/constants';
import { buildApp } from '../../src/app';
import { bots } from '../../src/db/schema/bots';
import { jobs } from '../../src/db/schema/jobs';
import { queueAvatarsHome, REMOTE_AVATARS_JOB } from '../../src/features/bots/remote-avatars';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, createBot } from './helpers';

/**
 * Bots saved before avatars were uploads only (issue 37 §7, decision 038) may name a picture on
 * another host. No answer hands it out, and a job brings each one here once: fetched through the
 * webhooks' outbound guard, made a WebP, stored; or cleared, its owner told.
 */

const OUTSIDE = 'tracker.example';

/** A picture server on loopback: what it was asked for, and a route per case. */
async function pictureServer() {
  const asked: string[] = [];
  const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0ea5e9' } })
    .png()
    .toBuffer();
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    const route = (req.url ?? '').replace(/\?.*$/, '');
    if (route.startsWith('/ok')) res.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    else if (route === '/moved') res.writeHead(302, { location: '/ok-moved.png' }).end();
    else if (route === '/text.png') res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not a picture</html>');
    else if (route === '/big.png') {
      // A PNG's first bytes, then more than the 2 MB an avatar may have.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.concat([picture.subarray(0, 8), Buffer.alloc(AVATAR_MAX_BYTES + 1024)]));
    } else if (route === '/slow.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(picture.subarray(0, 8));
      held.push(res); // never ends
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    asked,
    close: () => {
      held.forEach((res) => res.destroy());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function setAvatar(t: TestApp, botId: string, url: string | null) {
  await t.database.db.update(bots).set({ avatarUrl: url }).where(eq(bots.id, botId));
}
const avatarOf = async (t: TestApp, id: string) =>
  (await t.database.db.select({ url: bots.avatarUrl }).from(bots).where(eq(bots.id, id)))[0]?.url ?? null;

describe('bots with an outside avatar saved before avatars were uploads only', () => {
  let t: TestApp;
  let dataDir: string;
  let pictures: Awaited<ReturnType<typeof pictureServer>>;
  let owner: Session;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-avatars-'));
    pictures = await pictureServer();
    t = await createTestApp({
      env: { DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE: 'true', OFFLINE_WORD_DELAY_MS: '0' },
      configure: (c) => {
        c.avatarFetchTimeoutMs = 1_000;
      },
    });
    owner = await t.signup();
    await call(t, owner, 'POST', '/api/user/language', { language: 'ru' });
  });
  afterAll(async () => {
    await t.close();
    await pictures.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('never shows one in any answer: every GET route of the API, as its owner and anonymously, and a streamed reply', async () => {
    const bot = await createBot(t, owner, { name: 'Old Timer', avatarUrl: '/avatars/luna.svg', visibility: 'public' });
    expect((await call(t, owner, 'POST', `/api/bots/${bot.id}/publish`)).statusCode).toBe(200);
    const second = await createBot(t, owner, { name: 'Old Timer Two', avatarUrl: '/avatars/luna.svg' });
    const chat = (await call(t, owner, 'POST', '/api/chats', { botId: bot.id })).json() as { id: string };
    await call(t, owner, 'POST', `/api/bots/${bot.id}/favorite`);
    const group = await call(t, owner, 'POST', '/api/chats', { botIds: [bot.id, second.id] });
    // As old data: written past the API's rules, as they were saved before decision 038.
    await setAvatar(t, bot.id, `https://${OUTSIDE}/pixel.png`);
    await setAvatar(t, second.id, `//${OUTSIDE}/pixel.png`);

    const username = (await call(t, owner, 'GET', '/api/auth/me')).json().username as string;
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    expect(group.statusCode).toBe(201);
    const groupId = (group.json() as { id: string }).id;
    const fill = (route: string) =>
      route
        .replace('{username}', username)
        .replace(/\{(id|botId|chatId)\}/g, (_m, name: string) =>
          route.startsWith('/api/chats') || name === 'chatId' ? (route.includes('group') ? groupId : chat.id) : bot.id,
        );
    const urls = Object.entries(doc.paths)
      .filter(([route, methods]) => 'get' in methods && !/\{(?!id\}|botId\}|chatId\}|username\})/.test(route))
      .map(([route]) => fill(route))
      .concat(['/api/bots/public?search=Old', '/api/search?q=Old+Timer', `/api/chats/${groupId}`, `/api/chats/${groupId}/messages`]);
    let answered = 0;
    for (const url of urls) {
      for (const who of [owner, null]) {
        const res = await call(t, who, 'GET', url);
        if (res.statusCode === 200) answered += 1;
        expect(res.body, `GET ${url}`).not.toContain(OUTSIDE);
      }
    }
    expect(answered).toBeGreaterThan(50);
    const view = (await call(t, owner, 'GET', `/api/bots/${bot.id}`)).json() as { avatarUrl: string | null };
    expect(view.avatarUrl).toBeNull();

    // The reply's stream and the JSON answer of a message (written past the route schemas).
    for (const accept of ['text/event-stream', 'application/json']) {
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/chats/${groupId}/messages`,
        headers: { ...t.bearer(owner), accept },
        payload: { content: 'Hello there' },
      });
      expect([200, 201]).toContain(sent.statusCode);
      expect(sent.body).not.toContain(OUTSIDE);
    }
    // A clone does not copy it either.
    const clone = await call(t, owner, 'POST', `/api/bots/${bot.id}/clone`, {});
    expect(clone.statusCode).toBe(201);
    expect(await avatarOf(t, (clone.json() as { id: string }).id)).toBeNull();
    await setAvatar(t, bot.id, null);
    await setAvatar(t, second.id, null);
  });

  /** Bots with these avatars, the job run, and what each bot has afterwards. */
  async function runJob(avatars: string[]) {
    const made = [];
    for (const url of avatars) {
      const bot = await createBot(t, owner);
      await setAvatar(t, bot.id, url);
      made.push(bot.id);
    }
    await queueAvatarsHome(t.app);
    await t.app.ctx.jobs.runDue();
    await t.app.ctx.events.settled(2_000);
    return Promise.all(made.map((id) => avatarOf(t, id)));
  }

  it('stores the picture as a 512 px WebP of ours and rewrites the URL (a redirect followed, through the guard)', async () => {
    const [direct, moved, relative] = await runJob([
      `${pictures.base}/ok.png`,
      `${pictures.base}/moved`,
      `//${pictures.base.slice('http://'.length)}/ok-relative.png`,
    ]);
    expect(direct).toMatch(/^\/uploads\/bots\/[0-9a-f-]+\/[0-9a-f-]+\.webp$/);
    expect(moved).toMatch(/^\/uploads\/bots\//);
    const served = await t.app.inject({ url: direct! });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(pictures.asked).toEqual(expect.arrayContaining(['/ok.png', '/moved', '/ok-moved.png']));
    // Protocol-relative is https: the loopback server speaks http only, so this one fails and is cleared.
    expect(relative).toBeNull();
  });

  it('clears a body that is not a picture, one over 2 MB, and one that does not come in time, and tells the owner in their language', async () => {
    const started = Date.now();
    const results = await runJob([`${pictures.base}/text.png`, `${pictures.base}/big.png`, `${pictures.base}/slow.png`, 'ftp://x/a.png']);
    expect(results).toEqual([null, null, null, null]);
    expect(Date.now() - started).toBeLessThan(30_000);
    const bell = (await call(t, owner, 'GET', '/api/user/notifications?limit=50')).json() as { items: { title: string; link: string }[] };
    const told = bell.items.filter((n) => n.title.includes('больше нет аватара'));
    expect(told.length).toBeGreaterThanOrEqual(4);
    expect(told[0]!.link).toMatch(/^\/bots\/edit\//);
  });

  it('refuses a private address when private targets are not allowed: nothing is asked of it, and the avatar is cleared', async () => {
    const strict = await buildApp({ config: { ...t.config, webhookAllowPrivate: false }, database: t.database, logger: false });
    await strict.ready();
    try {
      const bot = await createBot(t, owner);
      await setAvatar(t, bot.id, `${pictures.base}/ok-private.png`);
      await queueAvatarsHome(strict);
      await strict.ctx.jobs.runDue();
      expect(await avatarOf(t, bot.id)).toBeNull();
      expect(pictures.asked).not.toContain('/ok-private.png');
    } finally {
      await strict.close();
    }
  });

  it('runs once for two instances that start at once', async () => {
    const bot = await createBot(t, owner);
    await setAvatar(t, bot.id, `${pictures.base}/ok-once.png`);
    const start = async () => {
      const app = await buildApp({ config: t.config, database: t.database, logger: false });
      await app.ready(); // queues the job when some bot has an outside avatar
      return app;
    };
    const [a, b] = await Promise.all([start(), start()]);
    try {
      await Promise.all([a.ctx.jobs.runDue(), b.ctx.jobs.runDue()]);
      expect(pictures.asked.filter((u) => u === '/ok-once.png')).toHaveLength(1);
      expect(await avatarOf(t, bot.id)).toMatch(/^\/uploads\/bots\//);
      const queued = await t.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, REMOTE_AVATARS_JOB), eq(jobs.status, 'done')));
      expect(queued.length).toBeGreaterThanOrEqual(1);
      // Nothing is left to do: a third start queues nothing.
      const before = (await t.database.db.select().from(jobs).where(eq(jobs.kind, REMOTE_AVATARS_JOB))).length;
      const c = await start();
      await c.close();
      expect((await t.database.db.select().from(jobs).where(eq(jobs.kind, REMOTE_AVATARS_JOB))).length).toBe(before);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
