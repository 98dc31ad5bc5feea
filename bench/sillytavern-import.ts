/**
 * Moving in from SillyTavern (issue 20, performance: "importing a folder of 5,000 characters and
 * their chats ≤ 60 s, with the server answering other users meanwhile"). Makes a SillyTavern data
 * folder as a zip: 5,000 PNG cards (a 400×600 portrait with the card in its `chara` chunk, as
 * SillyTavern writes them), each with a chat of 20 messages (every reply with two swipes), a
 * world and a settings.json with a persona. Uploads it through the API, runs the job, and while it
 * runs another user calls GET /api/user/profile and GET /api/chats 20 ms after each answer; prints
 * the import's time and rate, and p50/p95/max of the other user's calls during it, timed from when
 * each was due (so that time the event loop was busy elsewhere counts).
 *
 *   npm run bench:import                                  PGlite (embedded)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:import
 *   BENCH_CHARACTERS=500 npm run bench:import
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { writePngTextChunks } from '../apps/server/src/lib/png-text';
import { openBenchApp, openBenchDatabase } from './bench-database';
import { percentile, signUp, zipForm } from './import-helpers';

const CHARACTERS = Number(process.env.BENCH_CHARACTERS ?? 5_000);
const MESSAGES = 20;

async function folder(): Promise<Buffer> {
  const portrait = await sharp({ create: { width: 400, height: 600, channels: 3, background: { r: 90, g: 60, b: 140 } } })
    .png()
    .toBuffer();
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < CHARACTERS; i++) {
    const name = `Character ${i}`;
    const card = {
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: {
        name,
        description: `${name} is a traveller from the northern coast, number ${i}. `.repeat(10),
        personality: 'curious, kind',
        scenario: 'A tavern by the sea.',
        first_mes: `*${name} waves.* Hello, {{user}}!`,
        mes_example: '<START>\n{{user}}: Hi\n{{char}}: Hello there.',
        creator_notes: '',
        system_prompt: '',
        post_history_instructions: '',
        alternate_greetings: [],
        tags: ['bench'],
        creator: 'bench',
        character_version: '1',
        extensions: {},
      },
    };
    if (process.env.BENCH_CARDS === 'json') files[`default-user/characters/${name}.json`] = Buffer.from(JSON.stringify(card));
    else
      files[`default-user/characters/${name}.png`] = writePngTextChunks(portrait, {
        chara: Buffer.from(JSON.stringify(card)).toString('base64'),
      });
    const lines = [JSON.stringify({ user_name: 'Alex', character_name: name, create_date: '2024-7-12@01h31m37s', chat_metadata: {} })];
    for (let m = 0; m < MESSAGES; m++) {
      const date = `July 12, 2024 ${1 + (m % 11)}:${String(m).padStart(2, '0')}pm`;
      lines.push(
        m % 2
          ? JSON.stringify({
              name: 'Alex',
              is_user: true,
              is_system: false,
              send_date: date,
              mes: `Message ${m} to ${name}, about the harbor.`,
            })
          : JSON.stringify({
              name,
              is_user: false,
              is_system: false,
              send_date: date,
              mes: `Reply ${m}: the tide is turning.`,
              swipes: [`Reply ${m}: the tide is turning.`, `Reply ${m}, again.`],
              swipe_id: 0,
            }),
      );
    }
    files[`default-user/chats/${name}/${name} - 2024-7-12@01h31m37s.jsonl`] = Buffer.from(lines.join('\n'));
  }
  files['default-user/settings.json'] = Buffer.from(
    JSON.stringify({
      power_user: {
        personas: { 'a.png': 'Alex' },
        persona_descriptions: { 'a.png': { description: 'A mapmaker.' } },
        default_persona: 'a.png',
      },
    }),
  );
  return Buffer.from(zipSync(files, { level: 0 }));
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charachat-bench-import-'));
  const db = await openBenchDatabase();
  const app = await openBenchApp(db.handle, { DATA_DIR: dataDir });
  try {
    const mover = await signUp(app, 'mover@example.com');
    const other = await signUp(app, 'other@example.com');

    let started = performance.now();
    const zip = await folder();
    console.log(
      `database: ${db.kind}; folder: ${CHARACTERS} characters, ${CHARACTERS} chats of ${MESSAGES} messages; zip ${(zip.length / 1e6).toFixed(1)} MB, made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const { payload, contentType } = zipForm(zip);
    started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/imports/sillytavern',
      headers: { ...mover, 'content-type': contentType },
      payload,
    });
    if (res.statusCode !== 202) throw new Error(`upload refused: ${res.statusCode} ${res.body}`);
    const uploaded = performance.now() - started;
    const { id } = res.json() as { id: string };

    // The other user's calls while the job runs.
    const latencies: number[] = [];
    let running = true;
    const others = (async () => {
      for (let i = 0; running; i++) {
        // Timed from when the call was due (20 ms after the last answer), so that a busy event loop counts too.
        const due = performance.now() + 20;
        await new Promise((resolve) => setTimeout(resolve, 20));
        const r = await app.inject({ url: i % 2 ? '/api/user/profile' : '/api/chats', headers: other });
        if (r.statusCode !== 200) throw new Error(`other user's call failed: ${r.statusCode}`);
        latencies.push(performance.now() - due);
      }
    })();
    started = performance.now();
    // The job queue runs the import, then the job that makes the kept PNG portraits WebP.
    const queue = app.ctx.jobs.runDue();
    let took = 0;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const state = (await app.inject({ url: `/api/imports/${id}`, headers: mover })).json() as { status: string };
      if (state.status === 'done' || state.status === 'failed') break;
    }
    took = performance.now() - started;
    running = false;
    await others;
    // Told now: the portraits' conversion that follows takes minutes.
    latencies.sort((a, b) => a - b);
    console.log(`import job: ${(took / 1000).toFixed(1)} s, ${Math.round(CHARACTERS / (took / 1000))} characters/s`);
    console.log(
      `other user's calls during it: ${latencies.length}, p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${percentile(latencies, 100).toFixed(1)} ms`,
    );
    await queue;
    const avatars = performance.now() - started - took;

    const job = (await app.inject({ url: `/api/imports/${id}`, headers: mover })).json() as {
      status: string;
      report: Record<string, unknown> & { skipped: unknown[] };
    };
    console.log(`upload (202): ${(uploaded / 1000).toFixed(2)} s`);
    console.log(`import job: ${job.status}`);
    console.log(`then the portraits made WebP in the background: ${(avatars / 1000).toFixed(1)} s`);
    console.log(`report: ${JSON.stringify({ ...job.report, skipped: job.report.skipped.length })}`);
  } finally {
    await app.close();
    await db.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
