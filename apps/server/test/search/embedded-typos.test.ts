import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../helpers/server-process';
import { freePort } from '../helpers/tcp-proxy';

/**
 * The typo pass on the embedded database, as `npm start` runs it, whatever database the rest of
 * the suite uses. With btree_gin's bundle loaded next to pg_trgm, PGlite answered a `%` query with
 * no rows and then never returned from the next query: the search of a word that matched nothing
 * froze the whole process. In a child process, so that a frozen server fails this test by the
 * fetch timeout instead of freezing the suite.
 */
describe('search on the embedded database (PGlite)', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'charachat-embedded-search-'));
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({ PORT: String(await freePort()), SEED_DEMO: 'true', DATA_DIR: tmp }, 90_000);
  }, 120_000);

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const search = async (q: string) => {
    const res = await fetch(`${server.url}/api/search?q=${encodeURIComponent(q)}`, { signal: AbortSignal.timeout(10_000) });
    expect(res.status).toBe(200);
    return (await res.json()) as { bots: { title: string }[]; users: unknown[]; chats: unknown[]; pages: unknown[] };
  };

  it('a word that matches nothing answers empty groups, and the server goes on answering', async () => {
    for (const q of ['nothingmatches7fhemuxyz', 'nothingmatchescb29tcxyz', 'qqqqzzzz']) {
      expect(await search(q)).toEqual({ bots: [], users: [], chats: [], pages: [] });
    }
    const ready = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(10_000) });
    expect(ready.status).toBe(200);
  }, 60_000);

  it("mends a typo against the demo bots' words", async () => {
    // "mystry" is no word of any bot; the lexicon mends it to "mystery" (the detective's description).
    const found = await search('mystry');
    expect(found.bots.map((b) => b.title)).toContain('Inspector Reginald Pembrooke');
  }, 30_000);
});
