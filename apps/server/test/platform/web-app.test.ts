import { createHash } from 'node:crypto';
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

const THEME = "document.documentElement.classList.toggle('dark', true);";
const BOOT = "addEventListener('DOMContentLoaded', () => import('/assets/app.js'));";
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('serving the prerendered home page', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>CharaChat</title><div id="root"></div>');
    // What apps/web/scripts/prerender.js writes: the same page with the home page drawn in #root,
    // its scripts inline.
    const home = `<!doctype html><title>CharaChat</title><script>${THEME}</script><script>${BOOT}</script><div id="root"><div data-prerendered><h1>Home</h1></div></div>`;
    fs.writeFileSync(path.join(dist, 'home.html'), home);
    fs.writeFileSync(path.join(dist, 'home.html.br'), brotliCompressSync(home));
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/explore', '/?q=detective&page=2', '/explore?category=fantasy'])('serves home.html, never cached, for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-prerendered');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('lets exactly its inline scripts run: their hashes in the CSP, nothing else added', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' ${sha256(THEME)} ${sha256(BOOT)}`);
    const other = String((await t.app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy']);
    expect(other).toContain("script-src 'self';");
  });

  it('is not served under its own name, where the CSP would block its scripts', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/home.html' }), 404, 'NOT_FOUND');
  });

  it('sends its compressed copy with the same cache rule', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('data-prerendered');
  });

  it.each(['/login', '/explorer', '/chat/some-bot', '/settings/profile'])(
    'serves the empty index.html for every other page, %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('data-prerendered');
    },
  );
});

describe("serving a chat page's prerendered shell", () => {
  let t: TestApp;
  let dist: string;
  const EARLY = 'window.__chatEarly = { path: location.pathname };';
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>CharaChat</title><div id="root"></div>');
    // What apps/web/scripts/prerender.js writes: the layout and the chat's skeleton in #root, the
    // theme, the chat's early calls and the boot in one inline script.
    const chat = `<!doctype html><title>CharaChat</title><script>${THEME}\n${EARLY}\n${BOOT}</script><div id="root" data-prerendered="shell"><div data-testid="chat-skeleton"></div></div>`;
    fs.writeFileSync(path.join(dist, 'chat.html'), chat);
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/chat/some-bot', '/chat/some-bot?new=1', '/chats/some-chat', '/chats/some-chat/'])(
    'serves chat.html, never cached, for %s, with its inline script allowed by its hash',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-prerendered="shell"');
      expect(res.headers['cache-control']).toBe('no-cache');
      const scriptSrc = String(res.headers['content-security-policy'])
        .split(';')
        .find((d) => d.trim().startsWith('script-src'));
      expect(scriptSrc?.trim()).toBe(`script-src 'self' ${sha256(`${THEME}\n${EARLY}\n${BOOT}`)}`);
    },
  );

  it.each(['/chat', '/chats', '/chat/some-bot/more', '/login', '/'])('serves the empty index.html for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.body).toContain('<div id="root"></div>');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it('is not served under its own name, where the CSP would block its scripts', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/chat.html' }), 404, 'NOT_FOUND');
  });
});
