import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '@app/shared/imports/rules';
import { openDatabase, queryRows, type DatabaseHandle } from '../../src/db/client';
import { createScratchDatabase } from '../helpers/database';
import { startServer, type ServerProcess } from '../helpers/server-process';
import { freePort } from '../helpers/tcp-proxy';
import { folderUpload, ST_FIXTURES, zipOf } from './helpers';

/**
 * One import at a time per user across instances (issue 37 §2, decision 036): two real servers
 * (child processes) on one PostgreSQL database and one data folder. Ten uploads of one user race
 * on both: one is taken, nine get 409. Needs DATABASE_URL: the embedded database belongs to one
 * process (hostile-upload.test.ts checks one instance on both databases).
 */
describe.skipIf(!process.env.DATABASE_URL)('one import per user across two instances', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> = null;
  let database: DatabaseHandle;
  let a: ServerProcess;
  let b: ServerProcess;
  let token: string;
  let userId: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charachat-import-instances-'));
  const portrait = fs.readFileSync(path.join(ST_FIXTURES, 'default-user/characters/Old Tobin.png'));
  const upload = folderUpload([{ path: 'data.zip', data: zipOf([{ path: 'default-user/characters/Old Tobin.png', data: portrait }]) }]);

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    database = await openDatabase({ url: scratch!.url, poolMax: 2 });
    const env = async () => ({
      PORT: String(await freePort()),
      DATABASE_URL: scratch!.url,
      // Both keep uploads in one folder: the job may run on either instance.
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      JOB_POLL_MS: '100',
      ...(process.env.REDIS_URL
        ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `imports${new URL(scratch!.url).pathname.slice(1)}:` }
        : {}),
    });
    a = await startServer(await env());
    b = await startServer(await env());
    const res = await fetch(`${a.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'mover@example.com', username: 'mover', password: 'Str0ng-Passphrase!' }),
    });
    const session = (await res.json()) as { accessToken: string; user: { id: string } };
    token = session.accessToken;
    userId = session.user.id;
  });

  afterAll(async () => {
    for (const server of [a, b]) if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all([a, b].filter(Boolean).map((s) => s.exited));
    await database?.close();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * An upload whose headers go now and whose body waits for release(): the route runs as the
   * headers come, so every upload of a race is inside the route before any of them is received.
   */
  function heldUpload(server: ServerProcess) {
    let release!: () => void;
    const answer = new Promise<{ status: number; body: { id?: string; error?: { code: string; message: string } } }>((resolve, reject) => {
      const req = http.request(`${server.url}/api/imports/sillytavern`, {
        method: 'POST',
        headers: { ...upload.headers, authorization: `Bearer ${token}`, 'content-length': String(upload.payload.length) },
      });
      let answered = false;
      req.on('response', (res) => {
        answered = true;
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      // A refusal may come, and the connection close, before the body is sent: only an error without an answer counts.
      req.on('error', (err) => setTimeout(() => !answered && reject(err), 100));
      req.flushHeaders();
      release = () => req.end(upload.payload);
    });
    return { answer, release };
  }

  const post = async (server: ServerProcess) => {
    const res = await fetch(`${server.url}/api/imports/sillytavern`, {
      method: 'POST',
      headers: { ...upload.headers, authorization: `Bearer ${token}` },
      body: upload.payload,
    });
    return { status: res.status, body: (await res.json()) as { id?: string; error?: { code: string; message: string } } };
  };

  async function untilDone(id: string) {
    for (const until = Date.now() + 60_000; Date.now() < until; await sleep(100)) {
      const res = await fetch(`${a.url}/api/imports/${id}`, { headers: { authorization: `Bearer ${token}` } });
      const state = (await res.json()) as { status: string };
      if (state.status === 'done' || state.status === 'failed') return state.status;
    }
    throw new Error(`import ${id} did not finish`);
  }

  it('takes exactly one of ten uploads racing on two instances, another once it is done, and is not blocked for good by a crashed upload', async () => {
    const race = Array.from({ length: 10 }, (_, i) => heldUpload(i % 2 ? b : a));
    // The headers of all ten reach the routes (the refusals answer at once) before any body is sent.
    await sleep(1_500);
    for (const upload of race) upload.release();
    const answers = await Promise.all(race.map((u) => u.answer));
    expect(answers.map((r) => r.status).sort()).toEqual([202, ...Array<number>(9).fill(409)]);
    for (const refused of answers.filter((r) => r.status === 409)) {
      expect(refused.body.error?.code).toBe('CONFLICT');
      expect([IMPORT_MESSAGES.busy, IMPORT_MESSAGES.tooManyActive]).toContain(refused.body.error?.message);
    }
    expect(await untilDone(answers.find((r) => r.status === 202)!.body.id!)).toBe('done');

    // Once it is done, the next one is taken (on the other instance).
    const next = await post(b);
    expect(next.status, JSON.stringify(next.body)).toBe(202);
    expect(await untilDone(next.body.id!)).toBe('done');

    // An upload whose instance dies while receiving it leaves its row: it blocks the user while it may still be alive...
    const crashed = heldUpload(b);
    const receiving = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from imports where user_id = ${userId} and status = 'receiving'`,
        )
      )[0]!.n;
    for (const until = Date.now() + 10_000; (await receiving()) === 0 && Date.now() < until;) await sleep(50);
    expect(await receiving()).toBe(1);
    b.child.kill('SIGKILL');
    await b.exited;
    crashed.answer.catch(() => undefined);
    const blocked = await post(a);
    expect(blocked.status).toBe(409);
    expect(blocked.body.error?.message).toBe(IMPORT_MESSAGES.busy);
    // ...and not once it has been silent for minutes (its clock turned back here, rather than waited for).
    await database.db.execute(sql`update imports set alive_at = alive_at - interval '10 minutes' where status = 'receiving'`);
    const after = await post(a);
    expect(after.status, JSON.stringify(after.body)).toBe(202);
    expect(await receiving()).toBe(0);
    expect(await untilDone(after.body.id!)).toBe('done');
  });
});
