import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectImageType, processAvatar } from '../../src/lib/images';
import { LocalDiskStorage } from '../../src/lib/storage';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';

const solid = (background: string, width = 64, height = 64) => sharp({ create: { width, height, channels: 3, background } });

/** The RGB of one pixel of an encoded image. */
async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

const isRed = ([r, g, b]: number[]) => r! > 200 && g! < 60 && b! < 60;
const isBlue = ([r, g, b]: number[]) => r! < 60 && g! < 60 && b! > 200;

describe('LocalDiskStorage', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
    storage = new LocalDiskStorage(root);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes under its root, answers /uploads/<key>, reads and deletes its own files', async () => {
    const url = await storage.put('bots/abc/file.webp', Buffer.from('hello'), 'image/webp');
    expect(url).toBe('/uploads/bots/abc/file.webp');
    expect(fs.readFileSync(path.join(root, 'bots/abc/file.webp'), 'utf8')).toBe('hello');
    // Written to a temporary file and renamed: nothing is left beside it.
    expect(fs.readdirSync(path.join(root, 'bots/abc'))).toEqual(['file.webp']);
    expect((await storage.read(url))?.toString()).toBe('hello');
    await storage.delete(url);
    expect(await storage.read(url)).toBeNull();
    expect(fs.existsSync(path.join(root, 'bots/abc/file.webp'))).toBe(false);
    // Deleting twice is not an error.
    await storage.delete(url);
  });

  it.each(['../escape.txt', '/etc/passwd', 'a/../../b.txt', 'a/./b.txt', 'a//b.txt', 'a\\..\\b.txt', '', '.hidden'])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
      expect(fs.existsSync(path.join(root, '..', 'escape.txt'))).toBe(false);
    },
  );

  it('leaves alone URLs that are not its own', async () => {
    const outside = path.join(root, '..', `outside-${path.basename(root)}.txt`);
    fs.writeFileSync(outside, 'keep me');
    try {
      for (const url of ['/avatars/mira.svg', 'https://example.com/x.png', `/uploads/../${path.basename(outside)}`]) {
        expect(await storage.read(url)).toBeNull();
        await storage.delete(url);
      }
      expect(fs.readFileSync(outside, 'utf8')).toBe('keep me');
    } finally {
      fs.rmSync(outside, { force: true });
    }
  });
});

describe('detectImageType', () => {
  it('knows PNG, JPEG, WebP and GIF by their first bytes, whatever else they claim', async () => {
    expect(detectImageType(await solid('red').png().toBuffer())).toBe('png');
    expect(detectImageType(await solid('red').jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageType(await solid('red').webp().toBuffer())).toBe('webp');
    expect(detectImageType(await solid('red').gif().toBuffer())).toBe('gif');
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from('not an image'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
    // RIFF, but a WAV file, not a WebP.
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
  });
});

describe('processAvatar', () => {
  it('answers a 512x512 WebP without metadata', async () => {
    const input = await solid('red', 900, 300)
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret', Artist: 'someone' } } })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const { data, contentType } = await processAvatar(input);
    expect(contentType).toBe('image/webp');
    const meta = await sharp(data).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(data.includes('secret')).toBe(false);
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    // Top half red, bottom half blue; orientation 6 says "rotate 90° clockwise to show it".
    const raw = Buffer.alloc(100 * 100 * 3);
    for (let y = 0; y < 100; y++) for (let x = 0; x < 100; x++) raw.set(y < 50 ? [255, 0, 0] : [0, 0, 255], (y * 100 + x) * 3);
    const input = await sharp(raw, { raw: { width: 100, height: 100, channels: 3 } })
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { data } = await processAvatar(input);
    // Upright, the red half is on the right and the blue one on the left.
    expect(isBlue(await pixel(data, 40, 256))).toBe(true);
    expect(isRed(await pixel(data, 470, 256))).toBe(true);
  });

  it('keeps the first frame of an animated GIF', async () => {
    const frames = [await solid('red').png().toBuffer(), await solid('blue').png().toBuffer()];
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const { data } = await processAvatar(gif);
    const meta = await sharp(data).metadata();
    expect(meta.pages ?? 1).toBe(1);
    expect(meta.height).toBe(512);
    expect(isRed(await pixel(data, 256, 256))).toBe(true);
  });

  it('refuses what is not an image, a broken image, and one too large', async () => {
    await expect(processAvatar(Buffer.from('just text'))).rejects.toMatchObject({
      statusCode: 400,
      message: 'Please select an image file',
      field: 'avatar',
    });
    const broken = (await solid('red').png().toBuffer()).subarray(0, 40);
    await expect(processAvatar(broken)).rejects.toMatchObject({ statusCode: 400, message: 'Please select an image file' });
    await expect(processAvatar(Buffer.alloc(2 * 1024 * 1024 + 1))).rejects.toMatchObject({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File size must be less than 2MB',
      field: 'avatar',
    });
  });

  it('refuses a decompression bomb before decoding it', async () => {
    // A tiny PNG whose header claims 10000x10000 pixels (100 megapixels, past the 40 allowed).
    const png = Buffer.from(await solid('red', 8, 8).png().toBuffer());
    png.writeUInt32BE(10_000, 16);
    png.writeUInt32BE(10_000, 20);
    png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
    expect(await sharp(png).metadata()).toMatchObject({ width: 10_000, height: 10_000 });
    const started = Date.now();
    await expect(processAvatar(png)).rejects.toMatchObject({ statusCode: 400, message: 'Please select an image file' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('/uploads/', () => {
  let t: TestApp;
  let dataDir: string;
  let dist: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-test-'));
    // With a built web app, so the single-page fallback is in play.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'not public');
    t = await createTestApp({ env: { DATA_DIR: dataDir, WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves stored files for a year, immutable and not sniffed', async () => {
    const image = await solid('red').webp().toBuffer();
    const url = await t.app.storage.put('bots/some-bot/picture.webp', image, 'image/webp');
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(image)).toBe(true);
  });

  it.each(['/uploads/bots/some-bot/missing.webp', '/uploads/bots/some-bot', '/uploads/bots/missing', '/uploads/', '/uploads'])(
    'answers %s with a JSON 404, never the web page',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('NOT_FOUND');
    },
  );

  it.each(['/uploads/../secret.txt', '/uploads/%2e%2e/secret.txt', '/uploads/..%2fsecret.txt', '/uploads/bots/..%2f..%2fsecret.txt'])(
    'serves nothing outside its folder: %s',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).not.toBe(200);
      expect(res.body).not.toContain('not public');
    },
  );
});
