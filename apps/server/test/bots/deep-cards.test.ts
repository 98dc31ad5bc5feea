import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_MESSAGES } from '@app/shared/bots/messages';
import { LORE_MESSAGES } from '@app/shared/lorebooks/rules';
import { GENERIC_MESSAGES } from '@app/shared/http/errors';
import { jsonNestedDeeperThan, MAX_NESTING, nestedDeeperThan, yamlNestedTooDeep } from '../../src/lib/nesting';
import { writePngTextChunks } from '../../src/lib/png-text';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { createBot } from './helpers';

/** Issue 37 §2: parsing that a crafted file can make long, or deep, is bounded (decision 036). */
describe('deeply nested cards and books', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const seraphina = readFileSync(fileURLToPath(new URL('../fixtures/cards/seraphina-sillytavern.png', import.meta.url)));
  const pngCard = (json: string) => writePngTextChunks(seraphina, { chara: Buffer.from(json).toString('base64') });
  const tooDeep = { code: 'VALIDATION_ERROR', message: GENERIC_MESSAGES.nestedTooDeeply };
  const card = (extensions: string) =>
    `{"spec":"chara_card_v2","spec_version":"2.0","data":{"name":"Deep","first_mes":"Hi","extensions":{"deep":${extensions}}}}`;

  it('tells the depth exactly: 64 levels pass, 65 do not', () => {
    expect(nestedDeeperThan(JSON.parse(nested(MAX_NESTING)))).toBe(false);
    expect(nestedDeeperThan(JSON.parse(nested(MAX_NESTING + 1)))).toBe(true);
    expect(nestedDeeperThan({ a: { b: [1, 'x', null] } })).toBe(false);
    expect(yamlNestedTooDeep(nested(MAX_NESTING))).toBe(false);
    expect(yamlNestedTooDeep(nested(MAX_NESTING + 1))).toBe(true);
    // Brackets inside quotes are text, not nesting.
    expect(yamlNestedTooDeep(`name: "${'['.repeat(500)}"\ndescription: '${'{'.repeat(500)}'`)).toBe(false);
    expect(yamlNestedTooDeep(`${'- '.repeat(100_000)}x`)).toBe(true);
    expect(yamlNestedTooDeep(Array.from({ length: 2_000 }, (_, i) => `${' '.repeat(i)}a:`).join('\n'))).toBe(true);
  });

  it('refuses a million nested arrays on every route that takes a card or a book, with a 400 in time, /healthz answering', async () => {
    // A real listening server: a 2 MB body of a million nested arrays hung a JSON route beyond five
    // minutes (the NUL-byte check copied each level's path), which a test by inject alone missed.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await t.signup();
    const bot = await createBot(t, user);
    const million = nested(1_000_000);
    // The routes that keep the default 1 MB body limit get as deep a body as fits in it.
    const fits = nested(400_000);
    let slowestHealth = 0;
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const started = Date.now();
        await fetch(`${address}/healthz`);
        slowestHealth = Math.max(slowestHealth, Date.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const json = { ...t.bearer(user), 'content-type': 'application/json' };
    const upload = (name: string, data: string | Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([data]), name);
      return form;
    };
    const cardTooDeep = { code: 'IMPORT_ERROR', message: BOT_MESSAGES.importTooDeep };
    const bookTooDeep = { code: 'VALIDATION_ERROR', message: LORE_MESSAGES.tooDeep };
    const attempts: [string, string, RequestInit, { code: string; message: string }][] = [
      [
        'card as JSON text',
        '/api/bots/import',
        { method: 'POST', headers: json, body: JSON.stringify({ data: card(million), format: 'json' }) },
        cardTooDeep,
      ],
      ['card file', '/api/bots/import', { method: 'POST', headers: t.bearer(user), body: upload('deep.json', card(million)) }, cardTooDeep],
      [
        'PNG card',
        '/api/bots/import',
        { method: 'POST', headers: t.bearer(user), body: upload('deep.png', pngCard(card(million))) },
        cardTooDeep,
      ],
      ['new bot', '/api/bots', { method: 'POST', headers: json, body: `{"name":"Deep","extensions":{"deep":${fits}}}` }, tooDeep],
      ['bot update', `/api/bots/${bot.id}`, { method: 'PATCH', headers: json, body: `{"extensions":{"deep":${fits}}}` }, tooDeep],
      [
        'lorebook import',
        '/api/lorebooks/import',
        {
          method: 'POST',
          headers: json,
          body: `{"data":{"entries":{"0":{"uid":0,"key":["k"],"content":"c","extensions":{"deep":${million}}}}},"name":"Deep"}`,
        },
        tooDeep,
      ],
      [
        'lorebook file',
        '/api/lorebooks/import',
        {
          method: 'POST',
          headers: t.bearer(user),
          body: upload('deep.json', `{"entries":{"0":{"uid":0,"key":["k"],"extensions":{"deep":${million}}}}}`),
        },
        bookTooDeep,
      ],
      [
        'lorebook card',
        '/api/lorebooks/import',
        { method: 'POST', headers: t.bearer(user), body: upload('deep.png', pngCard(card(million))) },
        bookTooDeep,
      ],
      [
        'new lorebook',
        '/api/lorebooks',
        { method: 'POST', headers: json, body: `{"name":"Deep","entries":[{"id":1,"keys":["k"],"extensions":{"deep":${fits}}}]}` },
        tooDeep,
      ],
    ];
    try {
      for (const [what, url, init, expected] of attempts) {
        const started = Date.now();
        const res = await fetch(`${address}${url}`, { ...init, signal: AbortSignal.timeout(10_000) });
        const body = (await res.json()) as { error: { code: string; message: string } };
        expect({ what, status: res.status, ...body.error }).toMatchObject({ what, status: 400, ...expected });
        expect(Date.now() - started, what).toBeLessThan(5_000);
      }
    } finally {
      polling = false;
      await poller;
    }
    // Each answer takes milliseconds once idle; the bounds leave room for a loaded CI machine.
    expect(slowestHealth).toBeLessThan(2_000);
    // Nothing was written: no bot beyond the one made above, its extensions untouched, no lorebook.
    const mine = await t.app.inject({ method: 'GET', url: '/api/bots/mine', headers: t.bearer(user) });
    expect(JSON.stringify(mine.json())).not.toContain('Deep');
    const after = await t.app.inject({ method: 'GET', url: `/api/bots/${bot.id}`, headers: t.bearer(user) });
    expect(after.json()).toMatchObject({ extensions: bot.extensions });
    const books = await t.app.inject({ method: 'GET', url: '/api/lorebooks', headers: t.bearer(user) });
    expect((books.json() as { items: unknown[] }).items).toEqual([]);
  });

  it('reads depth on the raw text: brackets inside strings and escaped quotes are text', () => {
    expect(jsonNestedDeeperThan(nested(MAX_NESTING))).toBe(false);
    expect(jsonNestedDeeperThan(nested(MAX_NESTING + 1))).toBe(true);
    const text = JSON.stringify({ a: '['.repeat(1000), b: '\\', c: `"${'{'.repeat(1000)}` });
    expect(jsonNestedDeeperThan(text)).toBe(false);
    expect(JSON.parse(text)).toMatchObject({ b: '\\' });
    expect(jsonNestedDeeperThan(`{"a":"\\"",${'"x":['.repeat(MAX_NESTING)}1${']'.repeat(MAX_NESTING)}}`)).toBe(true);
  });

  it('refuses YAML nested 100,000 levels at once, without parsing it', async () => {
    const user = await t.signup();
    for (const yaml of [
      `name: Deep\nfirst_mes: Hi\nextensions: ${nested(100_000)}`,
      `name: Deep\nfirst_mes: Hi\nx:\n  ${'- '.repeat(100_000)}1`,
    ]) {
      const started = Date.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bots/import',
        headers: t.bearer(user),
        payload: { data: yaml, format: 'yaml' },
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(BOT_MESSAGES.importTooDeep);
      // The parse itself took 0.7 to 4 s on such a file: refused before it, in a scan that stops at the 65th level.
      expect(Date.now() - started).toBeLessThan(2_000);
    }
  });

  it('refuses a lorebook whose entry nests 10,000 levels, imported or saved, with a 400', async () => {
    const user = await t.signup();
    const world = `{"entries":{"0":{"uid":0,"key":["k"],"content":"c","extensions":{"deep":${nested(10_000)}}}}}`;
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/lorebooks/import',
      headers: { ...t.bearer(user), 'content-type': 'application/json' },
      payload: `{"data":${world},"name":"Deep"}`,
    });
    expect(imported.statusCode, imported.body.slice(0, 200)).toBe(400);
    expect(errorOf(imported)).toMatchObject(tooDeep);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/lorebooks',
      headers: { ...t.bearer(user), 'content-type': 'application/json' },
      payload: `{"name":"Deep","entries":[{"id":1,"keys":["k"],"extensions":{"deep":${nested(10_000)}}}]}`,
    });
    expect(saved.statusCode, saved.body.slice(0, 200)).toBe(400);
    expect(errorOf(saved)).toMatchObject(tooDeep);
    const list = await t.app.inject({ method: 'GET', url: '/api/lorebooks', headers: t.bearer(user) });
    expect((list.json() as { items: unknown[] }).items).toEqual([]);
  });
});
