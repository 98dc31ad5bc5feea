import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_MESSAGES } from '@app/shared/bots/messages';
import { LORE_MESSAGES } from '@app/shared/lorebooks/rules';
import { MAX_NESTING, nestedDeeperThan, yamlNestedTooDeep } from '../../src/lib/nesting';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';

/** Issue 37 §2: parsing that a crafted file can make long, or deep, is bounded (decision 036). */
describe('deeply nested cards and books', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
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

  it('refuses a card whose extensions nest 10,000 arrays with a 400 before anything is written', async () => {
    const user = await t.signup();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bots/import',
      headers: t.bearer(user),
      payload: { data: card(nested(10_000)), format: 'json' },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
    expect(errorOf(res)).toMatchObject({ message: BOT_MESSAGES.importTooDeep, field: 'file' });
    const mine = await t.app.inject({ method: 'GET', url: '/api/bots/mine', headers: t.bearer(user) });
    expect(JSON.stringify(mine.json())).not.toContain('Deep');
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
    expect(errorOf(imported).message).toBe(LORE_MESSAGES.tooDeep);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/lorebooks',
      headers: { ...t.bearer(user), 'content-type': 'application/json' },
      payload: `{"name":"Deep","entries":[{"id":1,"keys":["k"],"extensions":{"deep":${nested(10_000)}}}]}`,
    });
    expect(saved.statusCode, saved.body.slice(0, 200)).toBe(400);
    expect(errorOf(saved)).toMatchObject({ message: LORE_MESSAGES.tooDeep, field: 'entries' });
    const list = await t.app.inject({ method: 'GET', url: '/api/lorebooks', headers: t.bearer(user) });
    expect((list.json() as { items: unknown[] }).items).toEqual([]);
  });
});
