import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>CharaChat</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
    // What the build writes beside its text files (apps/web/vite.config.ts, precompress).
    for (const file of ['index.html', 'assets/app-abc123.js']) {
      const body = fs.readFileSync(path.join(dist, file));
      fs.writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(body));
      fs.writeFileSync(path.join(dist, `${file}.gz`), gzipSync(body));
    }
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/settings/profile', '/chat/some-bot?x=1', '/login'])('serves index.html, never cached, for the page %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)("sends the build's %s file to a browser that accepts it, with the same cache rules", async (encoding, decode) => {
    for (const [url, cache, text] of [
      ['/assets/app-abc123.js', 'public, max-age=31536000, immutable', 'console.log("app")'],
      ['/', 'no-cache', '<div id="root">'],
      ['/settings/profile', 'no-cache', '<div id="root">'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': `${encoding}, identity` } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe(encoding);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe(cache);
      expect(decode(res.rawPayload).toString(), url).toContain(text);
    }
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log("app")');
  });

  it.each([
    ['GET', '/api/not-a-route'],
    ['GET', '/assets/missing.js'],
    ['POST', '/settings/profile'],
  ] as const)('answers %s %s with a JSON 404, not the page', async (method, url) => {
    expectError(await t.app.inject({ method, url }), 404, 'NOT_FOUND');
  });
});
