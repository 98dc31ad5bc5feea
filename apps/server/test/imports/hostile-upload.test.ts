import fs from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { IMPORT_MESSAGES } from '@app/shared/imports/rules';
import { emptyReport } from '@app/shared/imports/schemas';
import { imports } from '../../src/db/schema/imports';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { deflatedZeros, folderUpload, handMadeZip, importState, ST_FIXTURES, startImport } from './helpers';

/**
 * Issue 37 §2: a zip whose entries lie about their size (zeros that inflate to hundreds of MB,
 * declared as 1 KB) must not hold the server: the app listens on a real port and /healthz is
 * asked all along while the import runs.
 */
describe('a hostile SillyTavern zip (issue 37 §2)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0' } });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  /** The longest /healthz took while `work` ran, asked every 50 ms. */
  async function longestHealthzDuring(work: Promise<unknown>): Promise<number> {
    let running = true;
    let longest = 0;
    const probe = (async () => {
      while (running) {
        const started = performance.now();
        const res = await fetch(`${url}/healthz`);
        await res.arrayBuffer();
        longest = Math.max(longest, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await work.finally(() => (running = false));
    await probe;
    return longest;
  }

  it('stops each entry at its declared size: the lying ones are skipped, the honest card is imported, and /healthz answers within a second all along', async () => {
    const user = await t.signup({ displayName: 'Mallory' });
    // Three entries of 300 MB of zeros, each declared as 1 KB: the synchronous unzip took seconds on them.
    const zeros = await deflatedZeros(300);
    expect(zeros.length).toBeLessThan(1024 * 1024);
    const portrait = fs.readFileSync(path.join(ST_FIXTURES, 'default-user/characters/Old Tobin.png'));
    const zip = handMadeZip([
      ...[1, 2, 3].map((n) => ({ path: `default-user/characters/Bomb ${n}.json`, deflated: zeros, declared: 1024 })),
      { path: 'default-user/characters/Old Tobin.png', deflated: deflateRawSync(portrait), declared: portrait.length },
    ]);
    const id = await startImport(t, user, [{ path: 'data.zip', data: zip }]);
    const longest = await longestHealthzDuring(t.app.ctx.jobs.runDue());
    const done = await importState(t, user, id);
    expect(done.status).toBe('done');
    expect(done.report.characters).toBe(1);
    expect(done.report.skipped.map((s) => [s.file, s.code]).sort()).toEqual(
      [1, 2, 3].map((n) => [`default-user/characters/Bomb ${n}.json`, 'unreadable']),
    );
    expect(longest).toBeLessThan(1_000);
  });

  it('an entry that inflates to more than it declares is cut there, even under every limit', async () => {
    const user = await t.signup({ displayName: 'Liar' });
    const card = Buffer.from(JSON.stringify({ spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'Liar', first_mes: 'Hi' } }));
    const zip = handMadeZip([
      // Declared one byte short of what it holds: not read at all.
      { path: 'default-user/characters/Short.json', deflated: deflateRawSync(card), declared: card.length - 1 },
      { path: 'default-user/characters/Right.json', deflated: deflateRawSync(card), declared: card.length },
    ]);
    const id = await startImport(t, user, [{ path: 'data.zip', data: zip }]);
    await t.app.ctx.jobs.runDue();
    const done = await importState(t, user, id);
    expect(done.report.characters).toBe(1);
    expect(done.report.skipped.map((s) => [s.file, s.code])).toEqual([['default-user/characters/Short.json', 'unreadable']]);
  });

  it('takes one import at a time per user: a second one, sent while the first waits, is refused with 409', async () => {
    const user = await t.signup({ displayName: 'Twice' });
    const portrait = fs.readFileSync(path.join(ST_FIXTURES, 'default-user/characters/Old Tobin.png'));
    const files = [{ path: 'characters/Old Tobin.png', data: portrait }];
    const first = await startImport(t, user, files);
    const body = folderUpload(files);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/imports/sillytavern',
      headers: { ...t.bearer(user), ...body.headers },
      payload: body.payload,
    });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({ code: 'CONFLICT', message: IMPORT_MESSAGES.tooManyActive });
    // Two sent at the same moment: one of them is taken, the other refused.
    await t.app.ctx.jobs.runDue();
    expect((await importState(t, user, first)).status).toBe('done');
    const both = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/imports/sillytavern',
          headers: { ...t.bearer(user), ...body.headers },
          payload: body.payload,
        }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([202, 409]);
    await t.app.ctx.jobs.runDue();
  });

  it('an upload left receiving by a process that died blocks the user only until it has been silent for minutes', async () => {
    const user = await t.signup({ displayName: 'Stranded' });
    const portrait = fs.readFileSync(path.join(ST_FIXTURES, 'default-user/characters/Old Tobin.png'));
    const body = folderUpload([{ path: 'characters/Old Tobin.png', data: portrait }]);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/imports/sillytavern',
        headers: { ...t.bearer(user), ...body.headers },
        payload: body.payload,
      });
    // The row a crashed upload leaves: written before its upload was read, never finished.
    await t.app.ctx.db
      .insert(imports)
      .values({ userId: user.user.id, source: 'sillytavern', status: 'receiving', report: emptyReport(), aliveAt: new Date() });
    const blocked = await post();
    expect(blocked.statusCode).toBe(409);
    expect(errorOf(blocked)).toMatchObject({ code: 'CONFLICT', message: IMPORT_MESSAGES.busy });
    // Never shown: not in the list.
    expect((await t.app.inject({ url: '/api/imports', headers: t.bearer(user) })).json()).toEqual({ items: [] });
    await t.app.ctx.db
      .update(imports)
      .set({ aliveAt: sql`now() - interval '10 minutes'` })
      .where(and(eq(imports.userId, user.user.id), eq(imports.status, 'receiving')));
    const taken = await post();
    expect(taken.statusCode, taken.body).toBe(202);
    const rows = await t.app.ctx.db.select({ status: imports.status }).from(imports).where(eq(imports.userId, user.user.id));
    expect(rows).toEqual([{ status: 'queued' }]);
    await t.app.ctx.jobs.runDue();
    // A refused upload leaves no row behind: the next one is taken.
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/imports/sillytavern',
      headers: { ...t.bearer(user), ...folderUpload([{ path: 'notes.txt', data: Buffer.from('hi') }]).headers },
      payload: folderUpload([{ path: 'notes.txt', data: Buffer.from('hi') }]).payload,
    });
    expect(bad.statusCode).toBe(400);
    expect((await post()).statusCode).toBe(202);
    await t.app.ctx.jobs.runDue();
  });
});
