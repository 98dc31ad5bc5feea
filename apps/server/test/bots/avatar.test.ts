import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { botCollaborators, bots } from '../../src/db/schema/bots';
import { LocalDiskStorage } from '../../src/lib/storage';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { createBot, multipart } from './helpers';

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
    expect(errorOf(res)).toMatchObject({ message: 'File size must be less than 2MB', field: 'avatar' });
  });

  it('needs the file in the field "avatar"', async () => {
    const bot = await createBot(t, alice);
    const res = await upload(alice, bot.id, multipart('picture', 'a.png', await png(), 'image/png'));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).field).toBe('avatar');
    const json = await t.app.inject({ method: 'POST', url: `/api/bots/${bot.id}/avatar`, payload: {}, headers: t.bearer(alice) });
    expect(json.statusCode).toBe(400);
  });

  it("refuses another user's bot: 404 when private, 403 when public; editors may upload", async () => {
    const priv = await createBot(t, alice);
    expect((await upload(bob, priv.id, multipart('avatar', 'a.png', await png(), 'image/png'))).statusCode).toBe(404);
    const pub = await createBot(t, alice, { visibility: 'public', avatarUrl: '/avatars/mira.svg' });
    expect((await upload(bob, pub.id, multipart('avatar', 'a.png', await png(), 'image/png'))).statusCode).toBe(403);
    expect(await avatarOf(pub.id)).toBe('/avatars/mira.svg');
    expect((await upload(null, priv.id, multipart('avatar', 'a.png', await png(), 'image/png'))).statusCode).toBe(401);

    const bobUser = (await t.app.inject({ url: '/api/auth/session', headers: t.bearer(bob) })).json() as { user: { id: string } };
    await t.database.db.insert(botCollaborators).values({ botId: priv.id, userId: bobUser.user.id, role: 'editor' });
    expect((await upload(bob, priv.id, multipart('avatar', 'a.png', await png(), 'image/png'))).statusCode).toBe(200);
  });
});

describe('LocalDiskStorage', () => {
  it('refuses keys that leave its folder and ignores URLs that are not its own', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
    const storage = new LocalDiskStorage(root);
    await expect(storage.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    await expect(storage.put('/etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    await expect(storage.put('a/../../b', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    const url = await storage.put('a/b.txt', Buffer.from('hello'), 'text/plain');
    expect(url).toBe('/uploads/a/b.txt');
    expect((await storage.read(url))?.toString()).toBe('hello');
    await storage.delete('/avatars/mira.svg');
    expect(await storage.read('https://example.com/x.png')).toBeNull();
    await storage.delete(url);
    expect(await storage.read(url)).toBeNull();
    fs.rmSync(root, { recursive: true, force: true });
  });
});
