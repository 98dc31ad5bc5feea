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
