import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import type { Session } from '@app/shared/auth/schemas';
import type { Import } from '@app/shared/imports/schemas';
import { queryRows } from '../../src/db/client';
import type { TestApp } from '../helpers/app';

/** SillyTavern's own files (fixtures/sillytavern/README.md says how they were made). */
export const ST_FIXTURES = path.join(import.meta.dirname, '../fixtures/sillytavern');

/** Every file under `dir`, by its path from `dir`'s parent (so a zip holds "default-user/..."). */
export function filesUnder(dir: string, base = path.dirname(dir)): { path: string; data: Buffer }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory()
      ? filesUnder(full, base)
      : [{ path: path.relative(base, full).split(path.sep).join('/'), data: fs.readFileSync(full) }];
  });
}

/** The fixture data folder as a zip, as a user would make of data/default-user. */
export function zipOf(files: { path: string; data: Buffer }[]): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(files.map((f) => [f.path, f.data]))));
}

/** A multipart body of several files in the field `file`, each named by its path. */
export function folderUpload(files: { path: string; data: Buffer }[]) {
  const boundary = `----import${Math.random().toString(16).slice(2)}`;
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.path}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    f.data,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Starts an import (202) and answers its id. */
export async function startImport(t: TestApp, session: Session, files: { path: string; data: Buffer }[]): Promise<string> {
  const body = folderUpload(files);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/imports/sillytavern',
    headers: { ...t.bearer(session), ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 202) throw new Error(`import refused: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

export async function importState(t: TestApp, session: Session, id: string): Promise<Import> {
  const res = await t.app.inject({ method: 'GET', url: `/api/imports/${id}`, headers: t.bearer(session) });
  if (res.statusCode !== 200) throw new Error(`import not readable: ${res.statusCode} ${res.body}`);
  return res.json() as Import;
}

/** Uploads, runs the job, answers the finished import. */
export async function runImport(t: TestApp, session: Session, files: { path: string; data: Buffer }[]): Promise<Import> {
  const id = await startImport(t, session, files);
  await t.app.ctx.jobs.runDue();
  return importState(t, session, id);
}

export interface StoredMessage {
  role: 'user' | 'assistant';
  content: string;
  variant: number;
  selected: boolean;
  bot_id: string | null;
  created_at: string;
  copied: boolean;
}

/** A chat's messages as stored, alternatives included, in the conversation's order. */
export async function storedMessages(t: TestApp, chatId: string): Promise<StoredMessage[]> {
  const rows = await queryRows<StoredMessage & { created_at: Date | string }>(
    t.app.ctx.db,
    sql`select role, content, variant, selected, bot_id, created_at, copied from chat_messages
        where chat_id = ${chatId} order by coalesce(group_id, id), variant`,
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}

/**
 * A zip written by hand, so that its headers can lie: each entry's data is raw deflate (method 8)
 * and `declared` is the uncompressed size both its headers claim (the CRC is not checked by readers here).
 */
export function handMadeZip(entries: { path: string; deflated: Buffer; declared: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.path, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6); // UTF-8 name
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(e.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.deflated.length, 20);
    central.writeUInt32LE(e.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + e.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `megabytes` MB of zeros as raw deflate (about a thousandth of that), made a megabyte at a time. */
export async function deflatedZeros(megabytes: number): Promise<Buffer> {
  const { createDeflateRaw } = await import('node:zlib');
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++) if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await done;
  return Buffer.concat(out);
}
