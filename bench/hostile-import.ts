/**
 * Issue 37 §2: no upload stalls the server. While a hostile SillyTavern zip (12 entries of 900 MB
 * of zeros, each declared as 1 KB, and one huge but valid JSON card of ~50 MB, which the import
 * parses to tell what it is) and an honest import of 5,000 character cards run, another user
 * calls GET /api/chats and /healthz (the hello-world baseline) 20 ms after each answer; prints
 * p50/p95/p99 of both, timed from when each call was due (so a busy event loop counts). Goal:
 * the other user's p99 under 100 ms.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 npm run bench:hostile-import
 *   BENCH_CHARACTERS=500 BENCH_BOMBS=3 BENCH_HUGE_MB=0 npm run bench:hostile-import
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDeflateRaw, deflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { openBenchApp, openBenchDatabase } from './bench-database';
import { percentile, signUp, zipForm } from './import-helpers';

const CHARACTERS = Number(process.env.BENCH_CHARACTERS ?? 5_000);
const BOMBS = Number(process.env.BENCH_BOMBS ?? 12);
const BOMB_MB = 900;
const HUGE_MB = Number(process.env.BENCH_HUGE_MB ?? 50);

/** A valid V2 card of about `megabytes` MB: its extensions hold a long list of small entries (the costly kind of JSON to parse). */
function hugeCard(megabytes: number): Buffer {
  const entry = (i: number) => `{"key":"entry ${i}","text":"${'lore '.repeat(8)}","n":${i}}`;
  const entries: string[] = [];
  for (let bytes = 0, i = 0; bytes < megabytes * 1e6; i++) {
    const e = entry(i);
    entries.push(e);
    bytes += e.length + 1;
  }
  const data = { name: 'Huge', description: 'A card of many extensions.', first_mes: 'Hello, {{user}}!' };
  return Buffer.from(
    `{"spec":"chara_card_v2","spec_version":"2.0","data":${JSON.stringify(data).slice(0, -1)},"extensions":{"lore":[${entries.join(',')}]}}}`,
  );
}

function honestZip(): Buffer {
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < CHARACTERS; i++) {
    const name = `Character ${i}`;
    const data = { name, description: `${name} is a traveller, number ${i}. `.repeat(10), first_mes: `Hello, {{user}}!`, extensions: {} };
    files[`default-user/characters/${name}.json`] = Buffer.from(JSON.stringify({ spec: 'chara_card_v2', spec_version: '2.0', data }));
  }
  return Buffer.from(zipSync(files, { level: 0 }));
}

async function zeros(megabytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const block = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++) if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/**
 * A zip of `count` entries that each declare 1 KB and hold `deflated` (headers written by hand, so
 * that they can lie), and honest entries (`extra`, their data raw deflate, declared at their size).
 */
function lyingZip(deflated: Buffer, count: number, extra: { path: string; deflated: Buffer; size: number }[] = []): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const entries = [
    ...Array.from({ length: count }, (_, i) => ({ path: `default-user/characters/Bomb ${i}.json`, deflated, size: 1024 })),
    ...extra,
  ];
  for (const { path: file, deflated, size } of entries) {
    const name = Buffer.from(file);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(deflated.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, name, deflated);
    central.push(entry, name);
    offset += 30 + name.length + deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charachat-bench-hostile-'));
  const db = await openBenchDatabase();
  const app = await openBenchApp(db.handle, {
    DATA_DIR: dataDir,
    ...(process.env.REDIS_URL
      ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `bench-hostile-${randomBytes(4).toString('hex')}:` }
      : {}),
  });
  try {
    const [honest, mallory, other] = [
      await signUp(app, 'honest@example.com'),
      await signUp(app, 'mallory@example.com'),
      await signUp(app, 'other@example.com'),
    ];
    const upload = async (who: Record<string, string>, zip: Buffer) => {
      const { payload, contentType } = zipForm(zip);
      const res = await app.inject({
        method: 'POST',
        url: '/api/imports/sillytavern',
        headers: { ...who, 'content-type': contentType },
        payload,
      });
      if (res.statusCode !== 202) throw new Error(`upload refused: ${res.statusCode} ${res.body}`);
      return (res.json() as { id: string }).id;
    };
    // The huge card sits outside SillyTavern's folders, as a file sent by itself: the import parses it to tell what it is
    // (in characters/ it would be refused unread: a card may be 8 MB at most).
    const huge = HUGE_MB > 0 ? hugeCard(HUGE_MB) : null;
    const bomb = lyingZip(
      await zeros(BOMB_MB),
      BOMBS,
      huge ? [{ path: 'Huge card.json', deflated: deflateRawSync(huge), size: huge.length }] : [],
    );
    const honestId = await upload(honest, honestZip());
    const bombId = await upload(mallory, bomb);
    console.log(
      `database: ${db.kind}${process.env.REDIS_URL ? ' + Redis' : ''}; hostile zip ${(bomb.length / 1e6).toFixed(1)} MB (${BOMBS} entries of ${BOMB_MB} MB declared as 1 KB${huge ? `, a valid JSON card of ${(huge.length / 1e6).toFixed(1)} MB` : ''}); honest import of ${CHARACTERS} cards; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );

    const chats: number[] = [];
    const health: number[] = [];
    let running = true;
    const others = (async () => {
      for (let i = 0; running; i++) {
        const due = performance.now() + 20;
        await new Promise((resolve) => setTimeout(resolve, 20));
        const r = await app.inject(i % 2 ? { url: '/healthz' } : { url: '/api/chats', headers: other });
        if (r.statusCode !== 200) throw new Error(`other user's call failed: ${r.statusCode}`);
        (i % 2 ? health : chats).push(performance.now() - due);
      }
    })();
    const started = performance.now();
    const queue = app.ctx.jobs.runDue();
    const state = async (who: Record<string, string>, id: string) =>
      (await app.inject({ url: `/api/imports/${id}`, headers: who })).json() as {
        status: string;
        report: { characters: number; skippedCount: number };
      };
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const [a, b] = [await state(honest, honestId), await state(mallory, bombId)];
      if (['done', 'failed'].includes(a.status) && ['done', 'failed'].includes(b.status)) break;
    }
    const took = performance.now() - started;
    running = false;
    await others;
    await queue;
    const line = (label: string, values: number[]) => {
      values.sort((a, b) => a - b);
      console.log(
        `${label}: ${values.length} calls, p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms, max ${percentile(values, 100).toFixed(1)} ms`,
      );
    };
    console.log(
      `both imports: ${(took / 1000).toFixed(1)} s; load average after ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    line("other user's GET /api/chats", chats);
    line('GET /healthz (baseline)', health);
    const [a, b] = [await state(honest, honestId), await state(mallory, bombId)];
    console.log(`honest: ${a.status}, ${a.report.characters} characters; hostile: ${b.status}, ${b.report.skippedCount} files skipped`);
  } finally {
    await app.close();
    await db.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
