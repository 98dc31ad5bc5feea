import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { botCollaborators, bots } from '../../src/db/schema/bots';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { call, createBot, multipart } from './helpers';

const png = (w = 800, h = 600) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();

describe('POST /api/bots/{id}/avatar', () => {
  let t: TestApp;
  let dataDir: string;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'avatar-test-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    alice = await t.signup();
    bob = await t.signup();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (session: Session | null, botId: string, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/bots/${botId}/avatar`,
      payload: body.payload,
      headers: { ...body.headers, ...(session ? t.bearer(session) : {}) },
    });
  const avatarOf = async (id: string) => (await t.database.db.select({ url: bots.avatarUrl }).from(bots).where(eq(bots.id, id)))[0]?.url;

  it('stores a 512x512 WebP served with a year of caching, and deletes the previous file', async () => {
    const bot = await createBot(t, alice);
    const first = await upload(alice, bot.id, multipart('avatar', 'me.png', await png(), 'image/png'));
    expect(first.statusCode).toBe(200);
    const { url } = first.json() as { url: string };
    expect(url).toMatch(new RegExp(`^/uploads/bots/${bot.id}/[0-9a-f-]+\\.webp$`));
    expect(await avatarOf(bot.id)).toBe(url);
    expect(fs.existsSync(path.join(dataDir, url))).toBe(true);

    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });

    const jpeg = await sharp({ create: { width: 300, height: 900, channels: 3, background: 'red' } })
      .jpeg()
      .toBuffer();
    const second = await upload(alice, bot.id, multipart('avatar', 'photo.jpg', jpeg, 'image/jpeg'));
    expect(second.statusCode).toBe(200);
    expect(await avatarOf(bot.id)).toBe((second.json() as { url: string }).url);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect(fs.existsSync(path.join(dataDir, url))).toBe(false);
  });

  it("replaces a clone's copy, but never deletes a file that another bot shows", async () => {
    const source = await createBot(t, alice);
    const { url: aliceUrl } = (await upload(alice, source.id, multipart('avatar', 'a.png', await png(), 'image/png'))).json() as {
      url: string;
    };
    // Bob points his bot at Alice's file, then uploads his own: Alice's file stays.
    const bobs = await createBot(t, bob);
    expect((await call(t, bob, 'PATCH', `/api/bots/${bobs.id}`, { avatarUrl: aliceUrl })).statusCode).toBe(200);
    expect((await upload(bob, bobs.id, multipart('avatar', 'b.png', await png(), 'image/png'))).statusCode).toBe(200);
    expect((await t.app.inject({ url: aliceUrl })).statusCode).toBe(200);

    // A clone has its own copy, which its first upload replaces and deletes.
    const clone = await call(t, alice, 'POST', `/api/bots/${source.id}/clone`, {});
    expect(clone.statusCode).toBe(201);
    const copy = (clone.json() as { id: string; avatarUrl: string }).avatarUrl;
    expect(copy).not.toBe(aliceUrl);
    expect((await t.app.inject({ url: copy })).statusCode).toBe(200);
    const cloneId = (clone.json() as { id: string }).id;
    expect((await upload(alice, cloneId, multipart('avatar', 'c.png', await png(), 'image/png'))).statusCode).toBe(200);
    expect((await t.app.inject({ url: copy })).statusCode).toBe(404);
    expect((await t.app.inject({ url: aliceUrl })).statusCode).toBe(200);
  });

  it('keeps a file another bot shows when its owner changes the avatar by PATCH or deletes the bot', async () => {
    const mine = await createBot(t, alice);
    const { url } = (await upload(alice, mine.id, multipart('avatar', 'a.png', await png(), 'image/png'))).json() as { url: string };
    const bobs = await createBot(t, bob);
    expect((await call(t, bob, 'PATCH', `/api/bots/${bobs.id}`, { avatarUrl: url })).statusCode).toBe(200);

    expect((await call(t, alice, 'PATCH', `/api/bots/${mine.id}`, { avatarUrl: null })).statusCode).toBe(200);
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    expect((await call(t, alice, 'PATCH', `/api/bots/${mine.id}`, { avatarUrl: url })).statusCode).toBe(200);
    expect((await call(t, alice, 'DELETE', `/api/bots/${mine.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ url })).statusCode).toBe(200);

    // Once the last bot showing it lets it go, the file goes too.
    expect((await call(t, bob, 'DELETE', `/api/bots/${bobs.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('accepts GIF and WebP, whatever the declared type', async () => {
    const bot = await createBot(t, alice);
    const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'blue' } })
      .gif()
      .toBuffer();
    expect((await upload(alice, bot.id, multipart('avatar', 'a.bin', gif))).statusCode).toBe(200);
    const webp = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'green' } })
      .webp()
      .toBuffer();
    expect((await upload(alice, bot.id, multipart('avatar', 'a.txt', webp, 'text/plain'))).statusCode).toBe(200);
  });

  it('refuses a file that only claims to be an image, and one that is broken', async () => {
    const bot = await createBot(t, alice);
    const text = await upload(alice, bot.id, multipart('avatar', 'avatar.png', Buffer.from('not an image at all'), 'image/png'));
    expect(text.statusCode).toBe(400);
    expect(errorOf(text)).toMatchObject({ message: 'Please select an image file', field: 'avatar' });
    const broken = Buffer.concat([(await png()).subarray(0, 60)]);
    expect(errorOf(await upload(alice, bot.id, multipart('avatar', 'b.png', broken, 'image/png'))).message).toBe(
      'Please select an image file',
    );
    expect(await avatarOf(bot.id)).toBeNull();
  });

  it('refuses more than 2 MB with 413', async () => {
    const bot = await createBot(t, alice);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(2.5 * 1024 * 1024)]);
    const res = await upload(alice, bot.id, multipart('avatar', 'big.png', big, 'image/png'));
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'File size must be less than 2MB', field: 'avatar' });
    expect(await avatarOf(bot.id)).toBeNull();
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'bots', bot.id))).toBe(false);
  });

  it('needs the file in the field "avatar"', async () => {
    const bot = await createBot(t, alice);
    const res = await upload(alice, bot.id, multipart('picture', 'a.png', await png(), 'image/png'));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ message: 'Attach the image in the field "avatar"', field: 'avatar' });
    const json = await t.app.inject({ method: 'POST', url: `/api/bots/${bot.id}/avatar`, payload: {}, headers: t.bearer(alice) });
    expect(json.statusCode).toBe(400);
    expect(errorOf(json).field).toBe('avatar');
    // A form with a text field and no file at all.
    const boundary = '----nofile';
    const noFile = await upload(alice, bot.id, {
      payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"\r\n\r\nhello\r\n--${boundary}--\r\n`),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(noFile.statusCode).toBe(400);
    expect(errorOf(noFile)).toMatchObject({ message: 'Attach the image in the field "avatar"', field: 'avatar' });
    expect(await avatarOf(bot.id)).toBeNull();
  });

  it('is in the API document as a multipart form with the file `avatar`', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, { post?: { tags?: string[]; requestBody?: { content: Record<string, { schema: unknown }> } } }>;
    };
    const op = doc.paths['/api/bots/{id}/avatar']?.post;
    expect(op?.tags).toEqual(['bots']);
    expect(op?.requestBody?.content['multipart/form-data']?.schema).toMatchObject({
      required: ['avatar'],
      properties: { avatar: { type: 'string', format: 'binary' } },
    });
  });

  it("refuses another user's bot: 404 when private, 403 when public; editors may upload", async () => {
    const priv = await createBot(t, alice);
    const hidden = await upload(bob, priv.id, multipart('avatar', 'a.png', await png(), 'image/png'));
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden).message).toBe('Bot not found');
    expect(await avatarOf(priv.id)).toBeNull();
    const pub = await createBot(t, alice, { visibility: 'public', avatarUrl: '/avatars/mira.svg' });
    expect((await upload(bob, pub.id, multipart('avatar', 'a.png', await png(), 'image/png'))).statusCode).toBe(403);
    expect(await avatarOf(pub.id)).toBe('/avatars/mira.svg');
    expect((await upload(null, priv.id, multipart('avatar', 'a.png', await png(), 'image/png'))).statusCode).toBe(401);

    const bobUser = (await t.app.inject({ url: '/api/auth/session', headers: t.bearer(bob) })).json() as { user: { id: string } };
    // A viewer sees the bot and may not change it.
    await t.database.db.insert(botCollaborators).values({ botId: priv.id, userId: bobUser.user.id, role: 'viewer' });
    expect((await upload(bob, priv.id, multipart('avatar', 'a.png', await png(), 'image/png'))).statusCode).toBe(403);
    await t.database.db.update(botCollaborators).set({ role: 'editor' }).where(eq(botCollaborators.botId, priv.id));
    expect((await upload(bob, priv.id, multipart('avatar', 'a.png', await png(), 'image/png'))).statusCode).toBe(200);
    expect(await avatarOf(priv.id)).toMatch(new RegExp(`^/uploads/bots/${priv.id}/`));
    // Nothing was written for the refused uploads.
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'bots', pub.id))).toBe(false);
  });
});
