import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema/jobs';
import { backoffMs, JobQueue } from '../../src/jobs/queue';
import { seal, sealKeyOf, unseal } from '../../src/lib/sealed';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const silent = { warn() {}, error() {}, info() {}, debug() {} } as never;

/** A queue of its own over the test's database, with kinds unique to the test so the app's handlers never meet them. */
function queue() {
  return new JobQueue(t.database.db, silent);
}

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

describe('the persisted job queue', () => {
  it('stop() waits for a job in hand, then gives back one still running for another instance, its attempt not counted', async () => {
    const q = queue();
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      q.handle('test.stuck', () => {
        resolve();
        return new Promise<void>((done) => (release = done));
      });
    });
    const id = await q.enqueue(t.database.db, 'test.stuck', {});
    void q.runDue();
    await started;
    expect((await rowOf(id!)).status).toBe('running');

    const began = Date.now();
    await q.stop(200);
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(await rowOf(id!)).toMatchObject({ status: 'queued', attempts: 0, lockedUntil: null });

    // The handler ending late writes nothing: the job is no longer this instance's.
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await rowOf(id!)).status).toBe('queued');

    // Another instance runs it at once (not when the lock would have run out).
    const other = queue();
    const ran: string[] = [];
    other.handle('test.stuck', async () => {
      ran.push('ran');
    });
    expect(await other.runDue()).toBe(1);
    expect(ran).toEqual(['ran']);
    expect(await rowOf(id!)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('stop() lets a job that ends within the grace finish and claims nothing more', async () => {
    const q = queue();
    const seen: number[] = [];
    let started: () => void = () => {};
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    q.handle('test.quick', async (payload) => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 200));
      seen.push(payload.n as number);
    });
    const first = await q.enqueue(t.database.db, 'test.quick', { n: 1 });
    const running = q.runDue();
    await firstStarted;
    // Due while the first runs: a running queue would take it in its next batch.
    const second = await q.enqueue(t.database.db, 'test.quick', { n: 2 });
    await q.stop(2_000);
    expect(await running).toBe(1);
    expect(seen).toEqual([1]);
    expect((await rowOf(first!)).status).toBe('done');
    expect((await rowOf(second!)).status).toBe('queued');
  });

  it('runs a due job once and marks it done', async () => {
    const q = queue();
    const seen: unknown[] = [];
    q.handle('test.once', async (payload) => {
      seen.push(payload);
    });
    const id = await q.enqueue(t.database.db, 'test.once', { n: 1 });
    expect(await q.runDue()).toBe(1);
    expect(await q.runDue()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await rowOf(id!)).status).toBe('done');
  });

  it('leaves a job for later until its time comes', async () => {
    const q = queue();
    let runs = 0;
    q.handle('test.later', async () => {
      runs += 1;
    });
    const id = await q.enqueue(t.database.db, 'test.later', {}, { runAt: new Date(Date.now() + 60_000) });
    expect(await q.runDue()).toBe(0);
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, id!));
    expect(await q.runDue()).toBe(1);
    expect(runs).toBe(1);
  });

  it('retries a failing job with backoff and gives up after its attempts', async () => {
    const q = queue();
    q.handle('test.fail', async () => {
      throw new Error('receiver down');
    });
    const id = (await q.enqueue(t.database.db, 'test.fail', {}, { maxAttempts: 2 }))!;
    await q.runDue();
    let row = await rowOf(id);
    expect(row.status).toBe('queued');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBe('receiver down');
    expect(row.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, id));
    await q.runDue();
    row = await rowOf(id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(2);
  });

  it('adds a job with a waiting duplicate key once, and again after the first has run', async () => {
    const q = queue();
    q.handle('test.dedupe', async () => {});
    const first = await q.enqueue(t.database.db, 'test.dedupe', {}, { dedupeKey: 'k' });
    const second = await q.enqueue(t.database.db, 'test.dedupe', {}, { dedupeKey: 'k' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    await q.runDue();
    expect(await q.enqueue(t.database.db, 'test.dedupe', {}, { dedupeKey: 'k' })).not.toBeNull();
  });

  it('gives each job to one runner when two queues poll at once', async () => {
    const a = queue();
    const b = queue();
    const runs = new Map<string, number>();
    const handler = async (payload: Record<string, unknown>) => {
      await new Promise((r) => setTimeout(r, 5));
      runs.set(String(payload.i), (runs.get(String(payload.i)) ?? 0) + 1);
    };
    a.handle('test.race', handler);
    b.handle('test.race', handler);
    for (let i = 0; i < 30; i++) await a.enqueue(t.database.db, 'test.race', { i });
    const [ra, rb] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ra + rb).toBe(30);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(runs.size).toBe(30);
  });

  it('takes back a job whose runner died with it once the lock has passed', async () => {
    const q = queue();
    let runs = 0;
    q.handle('test.lost', async () => {
      runs += 1;
    });
    const id = (await q.enqueue(t.database.db, 'test.lost', {}))!;
    await t.database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    expect(await q.runDue()).toBe(1);
    expect(runs).toBe(1);
    expect((await rowOf(id)).attempts).toBe(2);
  });

  it('backs off exponentially within the jitter', () => {
    expect(backoffMs(1, () => 0.5)).toBe(30_000);
    expect(backoffMs(2, () => 0.5)).toBe(60_000);
    expect(backoffMs(3, () => 0)).toBe(96_000);
    expect(backoffMs(30, () => 0.5)).toBe(6 * 60 * 60_000);
  });
});

describe('sealed secrets', () => {
  const key = sealKeyOf(Buffer.alloc(32, 7).toString('base64url'));

  it('opens what it sealed, and nothing altered or sealed under another key', () => {
    const sealed = seal(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(unseal(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
    const other = sealKeyOf(Buffer.alloc(32, 8).toString('base64url'));
    expect(() => unseal(other, sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => unseal(key, parts.join('.'))).toThrow();
  });
});
