import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Chat } from '@app/shared/chats/schemas';
import type { Persona } from '@app/shared/personas/schemas';
import { IMPORT_MESSAGES } from '@app/shared/imports/rules';
import { queryRows } from '../../src/db/client';
import { itemKey, makeMany, makeOnce } from '../../src/features/imports/items';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { filesUnder, folderUpload, importState, runImport, ST_FIXTURES, startImport, storedMessages, zipOf } from './helpers';

const folder = () => filesUnder(path.join(ST_FIXTURES, 'default-user'));
const broken = () => filesUnder(path.join(ST_FIXTURES, 'broken'), path.join(ST_FIXTURES, 'broken'));
const zipFile = (files = folder()) => [{ path: 'sillytavern-data.zip', data: zipOf(files) }];

describe('moving in from SillyTavern (issue 20 §5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0' } });
  });
  afterAll(() => t.close());

  const get = async <T>(session: Session, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: t.bearer(session) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const chatsOf = async (session: Session) => (await get<{ items: Chat[] }>(session, '/api/chats?limit=50')).items;
  const counts = async (userId: string) => {
    const [row] = await queryRows<{ bots: number; chats: number; messages: number; books: number; personas: number }>(
      t.app.ctx.db,
      sql`select (select count(*)::int from bots where created_by = ${userId}) as bots,
                 (select count(*)::int from chats where user_id = ${userId}) as chats,
                 (select count(*)::int from chat_messages where user_id = ${userId}) as messages,
                 (select count(*)::int from lorebooks where owner_id = ${userId}) as books,
                 (select count(*)::int from personas where owner_id = ${userId}) as personas`,
    );
    return row!;
  };

  it('brings a real SillyTavern folder over: characters, chats with swipes and dates, a group chat, lorebooks and personas', async () => {
    const user = await t.signup({ displayName: 'Mover' });
    const job = await runImport(t, user, zipFile());
    expect(job).toMatchObject({
      status: 'done',
      error: null,
      progress: { done: 12, total: 12 },
      report: {
        characters: 3,
        chats: 5,
        groups: 1,
        messages: 39,
        lorebooks: 2,
        personas: 2,
        alreadyImported: 0,
        skipped: [],
        skippedCount: 0,
      },
    });
    expect(job.finishedAt).not.toBeNull();

    // Characters, with their avatars; Mira's card book and Seraphina's became their lorebooks.
    const bots = (
      await get<{ items: { id: string; name: string; avatarUrl: string | null; visibility: string }[] }>(user, '/api/bots/my?limit=50')
    ).items;
    expect(bots.map((b) => b.name).sort()).toEqual(['Captain Mira', 'Old Tobin', 'Seraphina']);
    // Portraits are kept as PNG to import fast, then made 512 px WebP by the job that follows (run here).
    expect(bots.every((b) => /^\/uploads\/.+\.webp$/.test(b.avatarUrl ?? '') && b.visibility === 'private')).toBe(true);
    const mira = bots.find((b) => b.name === 'Captain Mira')!;
    const books = (await get<{ items: { id: string; name: string; entryCount: number }[] }>(user, '/api/lorebooks')).items;
    // The worlds, once each: a card linked to a world of the folder (extensions.world) gets that book, not a second copy of the one embedded in it.
    expect(books.map((b) => b.name).sort()).toEqual(['Eldoria', 'Harbor Lore']);
    const [miraBook] = await queryRows<{ name: string; entries: number }>(
      t.app.ctx.db,
      sql`select l.name, jsonb_array_length(l.entries)::int as entries from bots b join lorebooks l on l.id = b.lorebook_id where b.id = ${mira.id}`,
    );
    expect(miraBook).toEqual({ name: 'Harbor Lore', entries: 3 });

    // Personas: Alex Rivera (SillyTavern's default) is the default here, with its description and avatar.
    const personas = (await get<{ items: Persona[] }>(user, '/api/personas')).items;
    expect(personas.map((p) => [p.name, p.isDefault])).toEqual([
      ['Alex Rivera', true],
      ['User', false],
    ]);
    expect(personas[0]!.description).toMatch(/^A wandering cartographer/);
    expect(personas[0]!.avatarUrl).toMatch(/^\/uploads\/personas\//);

    // Chats: one per file, titled by it; the persona locked to Mira's first chat is kept.
    const chats = await chatsOf(user);
    expect(chats).toHaveLength(5);
    const seraphinaChat = chats.find((c) => c.title === 'Seraphina - 2023-5-12 @21h 32m 29s 224ms')!;
    const miraChat = chats.find((c) => c.title === 'Captain Mira - 2026-11-27 @18h 52m 25s 33ms')!;
    expect(miraChat.personaId).toBe(personas[0]!.id);
    const seraphina = await storedMessages(t, seraphinaChat.id);
    // 11 messages, the 9th a reply with 3 swipes, the second one chosen; every message marked as not sent here.
    expect(seraphina.filter((m) => m.selected)).toHaveLength(11);
    expect(seraphina.every((m) => m.copied)).toBe(true);
    const swiped = seraphina.filter((m) => m.variant > 0 || !m.selected);
    expect(swiped.map((m) => [m.variant, m.selected])).toEqual([
      [0, false],
      [1, true],
      [2, false],
    ]);
    const mine = await storedMessages(t, miraChat.id);
    expect(mine[0]).toMatchObject({ role: 'assistant', created_at: '2026-11-27T18:54:00.000Z' });
    expect(mine.some((m) => m.role === 'user' && m.content.includes('Saltmere'))).toBe(true);
    // Old Tobin's chat opens on his second greeting (swipe 1 of 3), with {{user}} filled in.
    const tobinChat = chats.find((c) => c.title.startsWith('Old Tobin'))!;
    const greeting = (await storedMessages(t, tobinChat.id)).slice(0, 3);
    expect(greeting.map((m) => m.selected)).toEqual([false, true, false]);
    expect(greeting.some((m) => m.content.includes('{{user}}'))).toBe(false);

    // The group chat: its three characters in SillyTavern's order, its list turn order, each reply by its speaker.
    const group = chats.find((c) => c.group)!;
    expect(group.title).toBe('Harbor Crew');
    expect(group.group!.turnOrder).toBe('list');
    expect(group.group!.bots.map((b) => b.name)).toEqual(['Seraphina', 'Old Tobin', 'Captain Mira']);
    const groupMessages = (await storedMessages(t, group.id)).filter((m) => m.selected);
    // SillyTavern's "Group chat created" notice is not a message.
    expect(groupMessages).toHaveLength(11);
    const speakers = new Set(groupMessages.filter((m) => m.role === 'assistant').map((m) => m.bot_id));
    expect(speakers).toEqual(new Set(group.group!.bots.map((b) => b.id)));
  });

  it('running it twice creates nothing twice; a thing deleted since is made again', async () => {
    const user = await t.signup({ displayName: 'Twice' });
    await runImport(t, user, zipFile());
    const before = await counts(user.user.id);
    const again = await runImport(t, user, zipFile());
    expect(again.report).toMatchObject({
      characters: 0,
      chats: 0,
      groups: 0,
      messages: 0,
      lorebooks: 0,
      personas: 0,
      alreadyImported: 12,
      skipped: [],
    });
    expect(await counts(user.user.id)).toEqual(before);
    // Its files sent one by one instead of zipped are the same files: nothing again.
    const loose = await runImport(t, user, folder());
    expect(loose.report).toMatchObject({ characters: 0, chats: 0, alreadyImported: 12 });
    // A chat deleted since comes back (and only it).
    const [chat] = await chatsOf(user);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/chats/${chat!.id}`, headers: t.bearer(user) })).statusCode).toBe(204);
    const third = await runImport(t, user, zipFile());
    expect(third.report).toMatchObject({ chats: 1, alreadyImported: 11 });
    expect(await counts(user.user.id)).toEqual(before);
  });

  it('makes a file once when 20 imports of it claim it at once', async () => {
    const user = await t.signup({ displayName: 'Racer' });
    const world = fs.readFileSync(path.join(ST_FIXTURES, 'default-user/worlds/Harbor Lore.json'));
    const key = itemKey('world', world);
    const { importLorebook } = await import('../../src/features/lorebooks');
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        makeOnce(t.app.ctx.db, { userId: user.user.id, importId: crypto.randomUUID() }, 'world', key, async (tx) => {
          return (await importLorebook(tx, user.user.id, JSON.parse(world.toString('utf8')), `race ${i}`)).id;
        }),
      ),
    );
    expect(made.filter((m) => m.created)).toHaveLength(1);
    expect(new Set(made.map((m) => m.id)).size).toBe(1);
    expect((await counts(user.user.id)).books).toBe(1);

    // The same in batches (a folder of thousands): 20 batches of the same three files at once, and one file twice in a batch.
    const files = ['a', 'b', 'c', 'a'].map((name) => ({ key: itemKey('world', `batch ${name}`), name }));
    const madeIds: string[] = [];
    const undoneIds: string[] = [];
    const batches = await Promise.all(
      Array.from({ length: 20 }, () =>
        makeMany(
          t.app.ctx.db,
          { userId: user.user.id, importId: crypto.randomUUID() },
          'world',
          files,
          async (tx, items) => {
            const ids: string[] = [];
            for (const item of items) ids.push((await importLorebook(tx, user.user.id, { entries: {} }, item.name)).id);
            madeIds.push(...ids);
            return ids;
          },
          undefined,
          async (ids) => void undoneIds.push(...ids),
        ),
      ),
    );
    // What was made and deleted again is told, so that its files can go too: every id made, but the three kept.
    const kept = new Set(batches.flat().map((m) => m.id));
    expect(undoneIds.sort()).toEqual(madeIds.filter((id) => !kept.has(id)).sort());
    expect(batches.flat().filter((m) => m.created)).toHaveLength(3);
    for (const batch of batches) expect(batch[3]!.id).toBe(batch[0]!.id);
    expect(new Set(batches.flat().map((m) => m.id)).size).toBe(3);
    expect((await counts(user.user.id)).books).toBe(4);
  });

  it('skips and reports a broken file, imports the rest, and never leaves half a chat', async () => {
    const user = await t.signup({ displayName: 'Broken' });
    const job = await runImport(t, user, [...folder(), ...broken()]);
    expect(job.status).toBe('done');
    expect(job.report).toMatchObject({ characters: 3, chats: 5, messages: 39, lorebooks: 2, personas: 2 });
    expect(job.report.skipped.map((s) => [s.file, s.code]).sort()).toEqual([
      ['card-truncated.png', 'notACard'],
      ['chat-truncated-mid-line.jsonl', 'brokenChat'],
      ['png-without-card.png', 'notACard'],
      ['world-truncated.json', 'notACard'],
    ]);
    expect(job.report.skipped[0]!.reason).toBeTruthy();
    expect(job.report.skippedCount).toBe(4);
    expect((await counts(user.user.id)).chats).toBe(5);
  });

  it('lists the first 1,000 files skipped and counts them all', async () => {
    const user = await t.signup({ displayName: 'Many' });
    const noCard = broken().find((f) => f.path.endsWith('png-without-card.png'))!;
    // Each a different file (a byte after the PNG's end), so none is taken for another.
    const files = Array.from({ length: 1_005 }, (_, i) => ({
      path: `characters/bad-${i}.png`,
      data: Buffer.concat([noCard.data, Buffer.from(String(i))]),
    }));
    const job = await runImport(t, user, [{ path: 'many.zip', data: zipOf(files) }]);
    expect(job.status).toBe('done');
    expect(job.report.skipped).toHaveLength(1_000);
    expect(job.report.skippedCount).toBe(1_005);
    expect(job.progress).toEqual({ done: 1_005, total: 1_005 });
  });

  it('takes a NUL character out of the texts, and skips a chat with more swipes than a message may have', async () => {
    const user = await t.signup({ displayName: 'Edgy' });
    await runImport(t, user, zipFile());
    const line = (o: object) => JSON.stringify(o);
    const header = line({ user_name: 'Al\u0000ex', character_name: 'Old Tobin', chat_metadata: {} });
    const nul = [
      header,
      line({ name: 'Old Tobin', is_user: false, mes: 'Wel\u0000come' }),
      line({ name: 'Alex', is_user: true, mes: 'a\u0000b' }),
    ].join('\n');
    const swipes = [
      header,
      line({ name: 'Old Tobin', is_user: false, mes: 'x', swipes: Array.from({ length: 101 }, () => 'x'), swipe_id: 0 }),
    ].join('\n');
    const job = await runImport(t, user, [
      { path: 'nul.jsonl', data: Buffer.from(nul) },
      { path: 'swipes.jsonl', data: Buffer.from(swipes) },
    ]);
    expect(job.report).toMatchObject({ chats: 1, messages: 2 });
    expect(job.report.skipped.map((s) => [s.file, s.code])).toEqual([['swipes.jsonl', 'tooLong']]);
    const chat = (await chatsOf(user)).find((c) => c.title === 'nul')!;
    expect((await storedMessages(t, chat.id)).map((m) => m.content)).toEqual(['Welcome', 'ab']);
  });

  it("exports a chat as SillyTavern's JSONL, and importing that file gives the same chat back", async () => {
    const user = await t.signup({ displayName: 'Roundtrip' });
    await runImport(t, user, zipFile());
    for (const pick of [
      (c: Chat) => c.title.startsWith('Seraphina'),
      (c: Chat) => c.title === 'Captain Mira - 2026-11-27 @18h 52m 25s 33ms',
      (c: Chat) => c.group !== null,
    ]) {
      const chat = (await chatsOf(user)).find(pick)!;
      const res = await t.app.inject({ method: 'GET', url: `/api/chats/${chat.id}/export?format=jsonl`, headers: t.bearer(user) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/jsonl/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.jsonl"; filename\*=UTF-8''/);
      // A chat brought from SillyTavern goes back under the name it had there.
      if (chat.group === null)
        expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`${chat.title}.jsonl`)}`);
      const lines = res.body
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines[0]).toHaveProperty('user_name', 'Alex Rivera');
      expect(
        lines.slice(1).every((l) => typeof l.mes === 'string' && typeof l.send_date === 'string' && typeof l.is_user === 'boolean'),
      ).toBe(true);

      const back = await runImport(t, user, [{ path: 'exported.jsonl', data: Buffer.from(res.body) }]);
      expect(back.report).toMatchObject({ chats: 1, skipped: [] });
      const copy = (await chatsOf(user)).find((c) => c.id !== chat.id && c.title === chat.title && pick(c))!;
      expect(copy).toBeDefined();
      expect(copy.bot.id).toBe(chat.bot.id);
      expect(copy.group?.bots.map((b) => b.id)).toEqual(chat.group?.bots.map((b) => b.id));
      expect(copy.group?.turnOrder).toBe(chat.group?.turnOrder);
      expect(copy.personaId).toBe(chat.personaId);
      const strip = (ms: Awaited<ReturnType<typeof storedMessages>>) => ms.map(({ copied: _c, ...m }) => m);
      expect(strip(await storedMessages(t, copy.id))).toEqual(strip(await storedMessages(t, chat.id)));
    }
  });

  it("refuses another user's import and chat export, bad uploads, and a second import while one is queued", async () => {
    const owner = await t.signup({ displayName: 'Owner' });
    const other = await t.signup({ displayName: 'Other' });
    const id = await startImport(t, owner, zipFile());
    expect((await t.app.inject({ method: 'GET', url: `/api/imports/${id}`, headers: t.bearer(other) })).statusCode).toBe(404);
    expect((await get<{ items: { id: string }[] }>(other, '/api/imports')).items).toEqual([]);
    expect((await get<{ items: { id: string }[] }>(owner, '/api/imports')).items.map((i) => i.id)).toEqual([id]);
    expect((await importState(t, owner, id)).status).toBe('queued');

    // One at a time (decision 036): a second waits until the first is done.
    const third = folderUpload(zipFile());
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/imports/sillytavern',
      headers: { ...t.bearer(owner), ...third.headers },
      payload: third.payload,
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(IMPORT_MESSAGES.tooManyActive);
    await t.app.ctx.jobs.runDue();
    expect((await importState(t, owner, id)).status).toBe('done');

    const chat = (await chatsOf(owner))[0]!;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/chats/${chat.id}/export?format=jsonl`, headers: t.bearer(other) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/chats/${chat.id}/export?format=csv`, headers: t.bearer(owner) })).statusCode,
    ).toBe(400);

    const post = (body: { payload: Buffer | object; headers?: Record<string, string> }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/imports/sillytavern',
        headers: { ...t.bearer(other), ...body.headers },
        payload: body.payload,
      });
    const before = await counts(other.user.id);
    expect(errorOf(await post({ payload: { data: 'x' } }))).toMatchObject({ code: 'VALIDATION_ERROR', field: 'file' });
    const nothing = await post(folderUpload([{ path: 'notes.txt', data: Buffer.from('hello') }]));
    expect(nothing.statusCode).toBe(400);
    expect(errorOf(nothing).message).toBe(IMPORT_MESSAGES.nothingToImport);
    const notZip = await post(folderUpload([{ path: 'data.zip', data: Buffer.from('PK\u0003\u0004 but not really a zip') }]));
    expect(notZip.statusCode).toBe(400);
    // A 98-byte "zip" whose end record claims millions of files is refused before anything walks them.
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(0xfffe, 8);
    end.writeUInt16LE(0xfffe, 10);
    const claims = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(72), end]);
    const started = Date.now();
    const liar = await post(folderUpload([{ path: 'data.zip', data: claims }]));
    expect(liar.statusCode).toBe(413);
    expect(errorOf(liar).message).toBe(IMPORT_MESSAGES.tooManyInZip);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await counts(other.user.id)).toEqual(before);
    // A path that climbs out of the folder stays inside it.
    const climbing = await runImport(t, other, [
      { path: '../../../characters/Old Tobin.png', data: fs.readFileSync(path.join(ST_FIXTURES, 'default-user/characters/Old Tobin.png')) },
    ]);
    expect(climbing.report.characters).toBe(1);
    expect((await counts(other.user.id)).bots).toBe(before.bots + 1);
  });
});
