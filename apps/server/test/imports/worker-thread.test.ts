import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMPORT_SKIP_REASONS } from '@app/shared/imports/rules';
import { readPngTextChunks } from '../../src/lib/png-text';
import { createTestApp, type TestApp } from '../helpers/app';
import { filesUnder, runImport, ST_FIXTURES, zipOf } from './helpers';

/**
 * Issue 37 §2: the files of an import are read (decoded, parsed, checked) in a worker thread, so
 * that one large file never holds the event loop; a file that takes longer than the time limit
 * is skipped with its reason, and a new worker reads the rest (decision 036).
 */
describe("an import's files are read off the event loop (issue 37 §2)", () => {
  let t: TestApp;
  beforeAll(async () => {
    // A limit far under what the slow file below takes anywhere, far over what a small card takes.
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0', IMPORT_FILE_TIME_LIMIT_MS: '250' } });
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  /** Every text the import parses as JSON: the JSON files, each line of a chat, each PNG card's chunk. */
  function textsOf(files: { path: string; data: Buffer }[]): Set<string> {
    const texts = new Set<string>();
    for (const f of files) {
      if (/\.json$/i.test(f.path)) texts.add(f.data.toString('utf8').replace(/^\uFEFF/, ''));
      else if (/\.jsonl$/i.test(f.path)) {
        for (const line of f.data.toString('utf8').split(/\r?\n/)) if (line.trim()) texts.add(line);
      } else if (/characters\/.+\.png$/i.test(f.path)) {
        const chunks = readPngTextChunks(f.data);
        const card = chunks.get('ccv3') ?? chunks.get('chara');
        if (card) texts.add(Buffer.from(card, 'base64').toString('utf8'));
      }
    }
    return texts;
  }

  it('parses no file of the folder on the main thread, and brings in the same characters, chats, lorebooks and personas', async () => {
    const user = await t.signup({ displayName: 'Offloaded' });
    const files = filesUnder(path.join(ST_FIXTURES, 'default-user'));
    const texts = textsOf(files);
    expect(texts.size).toBeGreaterThan(20);
    const parse = vi.spyOn(JSON, 'parse');
    const job = await runImport(t, user, [{ path: 'data.zip', data: zipOf(files) }]);
    const parsedHere = parse.mock.calls.filter(([text]) => typeof text === 'string' && texts.has(text));
    parse.mockRestore();
    expect(job).toMatchObject({
      status: 'done',
      progress: { done: 12, total: 12 },
      report: { characters: 3, chats: 5, groups: 1, messages: 39, lorebooks: 2, personas: 2, alreadyImported: 0, skippedCount: 0 },
    });
    // The main thread's JSON.parse never saw a file's text: the worker thread read them all.
    expect(parsedHere.map(([text]) => String(text).slice(0, 60))).toEqual([]);
  });

  it('skips a file that takes longer than the time limit, with its reason, and a new worker reads the next ones', async () => {
    const user = await t.signup({ displayName: 'Patient' });
    // A valid-looking world of four million tiny entries (32 MB): parsing it alone takes far over 250 ms.
    const slow = Buffer.from(`{"entries":[${'{"k":0},'.repeat(4_000_000)}{}]}`);
    const card = fs.readFileSync(path.join(ST_FIXTURES, 'default-user/characters/Old Tobin.png'));
    const world = fs.readFileSync(path.join(ST_FIXTURES, 'default-user/worlds/Harbor Lore.json'));
    const job = await runImport(t, user, [
      {
        path: 'data.zip',
        data: zipOf([
          { path: 'default-user/worlds/Slow.json', data: slow },
          { path: 'default-user/worlds/Harbor Lore.json', data: world },
          { path: 'default-user/characters/Old Tobin.png', data: card },
        ]),
      },
    ]);
    expect(job.status).toBe('done');
    expect(job.report.skipped).toEqual([{ file: 'default-user/worlds/Slow.json', code: 'tooSlow', reason: IMPORT_SKIP_REASONS.tooSlow }]);
    // The files after it were read by the worker that replaced the one ended.
    expect(job.report).toMatchObject({ lorebooks: 1, characters: 1, skippedCount: 1 });
    expect(job.progress).toEqual({ done: 3, total: 3 });
  });
});
