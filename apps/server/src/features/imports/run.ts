import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { IMPORT_LIMITS, IMPORT_SKIP_REASONS, type ImportSkipCode } from '@app/shared/imports/rules';
import { emptyReport, type ImportReport } from '@app/shared/imports/schemas';
import { queryRows, type Database, type Executor } from '../../db/client';
import { bots } from '../../db/schema/bots';
import { imports } from '../../db/schema/imports';
import { personas } from '../../db/schema/personas';
import type { FileStorage } from '../../lib/storage';
import { createBotsFromCards, requireBot, type CheckedCard } from '../bots';
import { insertImportedChats, type ImportedChat, type ImportedMessage } from '../chats';
import { attachToChat, insertLorebook, setBotLorebook } from '../lorebooks';
import { importPersona } from '../personas';
import { isRefusal, type ReadAs, type ReadChat, type ReadMessage, type ReadResult } from './file-readers';
import { Folder } from './folder';
import { itemKey, itemKeys, keyOfDigest, makeMany, makeOnce, type ItemKind } from './items';
import type { FileParser } from './parse';
import { planFiles, stemOf, type PlannedFile } from './plan';
import type { StGroup } from './sillytavern';
import { finishImport, saveProgress, type ImportRow } from './store';

export interface ImportDeps {
  db: Database;
  /** Where avatars go (the public uploads). */
  storage: FileStorage;
  /** Where the upload waits (the private storage). */
  uploads: FileStorage;
  log: FastifyBaseLogger;
  /** Reads each file off the event loop, under a time limit (parse.ts). */
  parser: FileParser;
  /** Tells the job queue that the job still runs (it would take a job silent for 5 minutes for dead). */
  keepAlive(): Promise<void>;
}

// A batch of files unpacked before they are parsed (each file is inflated off the event loop, one at a time: folder.ts).
const BATCH_FILES = 50;
const BATCH_BYTES = 8 * 1024 * 1024;
const PROGRESS_EVERY_MS = 250;
const KEEP_ALIVE_EVERY_MS = 60_000;
// The report lists at most this many skipped files (a folder of broken files can't bloat it).
const MAX_SKIPPED = 1_000;
const MAX_TITLE = 200;
// Characters or chats written in one transaction, and the messages that end a batch of chats early.
const BATCH_ITEMS = 10;
const BATCH_MESSAGES = 500;

interface PendingCharacter {
  file: PlannedFile;
  key: string;
  /** The card's own name and the world it links to (extensions.world). */
  name: string | undefined;
  world: string | undefined;
  checked: CheckedCard;
}

/** What a file read as `A` holds (file-readers.ts), when it is not skipped. */
type Read<A extends ReadAs> = Extract<ReadResult, { as: A }>;

interface PendingChat {
  key: string;
  chat: ImportedChat;
  worldId: string | undefined;
}

const lower = (s: string) => s.toLowerCase();

/**
 * One run of a SillyTavern import (issue 20 §5): personas, then lorebooks, characters, chats and
 * group chats, each file made once per user (items.ts), a broken file skipped and reported. The
 * report and progress are saved as it goes; a retried job starts over and finds what its earlier
 * attempt made (counted as made by this import, not as found).
 */
class ImportRun {
  private readonly report: ImportReport = emptyReport();
  private done = 0;
  private total = 0;
  private savedAt = 0;
  private aliveAt = Date.now();
  private readonly botByAvatar = new Map<string, string>();
  private readonly botByName = new Map<string, string>();
  private readonly botNames = new Map<string, string>();
  private readonly worldByName = new Map<string, string>();
  private readonly personaByAvatar = new Map<string, string>();
  /** The keys of the user's earlier imports, read once: a new file's claim needs no lookup first. */
  private known = new Set<string>();
  /** Files already reported (too large, unreadable) before their step: not reported again. */
  private readonly settled = new Set<string>();

  constructor(
    private readonly deps: ImportDeps,
    private readonly row: ImportRow,
    private readonly folder: Folder,
  ) {}

  private get userId() {
    return this.row.userId;
  }

  async run(): Promise<ImportReport> {
    this.known = await itemKeys(this.deps.db, this.userId);
    const plan = await this.sortLoose(planFiles(this.folder.files));
    const of = (kind: PlannedFile['kind']) => plan.filter((f) => f.kind === kind);
    // Avatars are read with their personas; every other file is a step of the progress.
    this.total = plan.filter((f) => f.kind !== 'avatar').length;
    await this.save(true);
    for (const file of of('loose')) if (!this.settled.has(file.path)) this.skip(file, 'unsupported');
    await this.importPersonas(of('settings'), of('avatar'));
    await this.importWorlds(of('world'));
    await this.importCharacters(of('character'));
    await this.importChats(of('chat'));
    await this.importGroups(of('group'), of('groupChat'));
    return this.report;
  }

  // ---- the steps

  private async importPersonas(settings: PlannedFile[], avatars: PlannedFile[]) {
    const [had] = await this.deps.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(personas)
      .where(eq(personas.ownerId, this.userId));
    // SillyTavern's default persona becomes the default only for a user who had none.
    const takeDefault = (had?.n ?? 0) === 0;
    for await (const [file, bytes] of this.read(settings)) {
      const read = await this.readAs('settings', file, bytes);
      if (!read) continue;
      const found = read.personas;
      const images = new Map<string, Uint8Array>();
      const wanted = new Set(found.map((p) => lower(p.avatar)));
      for await (const [avatar, data] of this.read(avatars.filter((a) => wanted.has(lower(a.name))))) {
        if (data) images.set(lower(avatar.name), data);
      }
      for (const persona of found) {
        try {
          const { id, created } = await this.once('persona', itemKey('persona', `${persona.name}\0${persona.description}`), (tx) =>
            importPersona(tx, this.deps.storage, this.userId, {
              name: persona.name,
              description: persona.description,
              avatar: toBuffer(images.get(lower(persona.avatar))),
              makeDefault: takeDefault && persona.isDefault,
            }),
          );
          this.personaByAvatar.set(lower(persona.avatar), id);
          this.count('personas', created);
        } catch (err) {
          if (!isRefusal(err)) throw err;
          this.skip({ path: `${file.path} (${persona.name})` }, 'personaLimit', false);
        }
      }
      await this.step();
    }
  }

  private async importWorlds(files: PlannedFile[]) {
    for await (const [file, bytes] of this.read(files)) {
      const world = await this.readAs('world', file, bytes);
      if (!world) continue;
      const { id, created } = await this.once('world', keyOfDigest('world', world.digest), (tx) =>
        insertLorebook(tx, this.userId, world.book),
      );
      this.worldByName.set(lower(stemOf(file.name)), id);
      this.count('lorebooks', created);
      await this.step();
    }
  }

  private async importCharacters(files: PlannedFile[]) {
    let pending: PendingCharacter[] = [];
    for await (const [file, bytes] of this.read(files)) {
      const card = await this.readAs('character', file, bytes);
      if (!card) continue;
      const { checked, world, portrait } = card;
      // A card linked to a world of the folder gets that world (writeCharacters): the copy of it that
      // SillyTavern embeds in the card would be a second book of the same lore.
      if (world !== undefined && this.worldByName.has(lower(world))) checked.fields.characterBook = null;
      pending.push({
        file,
        key: keyOfDigest('character', card.digest),
        name: card.name,
        world,
        checked: { ...checked, portrait: portrait ? Buffer.from(portrait.buffer, portrait.byteOffset, portrait.byteLength) : null },
      });
      if (pending.length >= BATCH_ITEMS) {
        await this.writeCharacters(pending);
        pending = [];
      }
    }
    await this.writeCharacters(pending);
  }

  /** A batch of checked cards made bots in one transaction, each once (items.ts makeMany). */
  private async writeCharacters(pending: PendingCharacter[]) {
    if (pending.length === 0) return;
    const portraitOf = new Map<string, string>();
    const made = await makeMany(
      this.deps.db,
      this.by,
      'character',
      pending,
      async (tx, items) => {
        const rows = await createBotsFromCards(
          tx,
          this.deps.storage,
          this.userId,
          items.map((i) => i.checked),
        );
        for (const [n, bot] of rows.entries()) {
          const world = items[n]!.world;
          const lorebookId = world !== undefined ? this.worldByName.get(lower(world)) : undefined;
          if (lorebookId && !bot.lorebookId) await setBotLorebook(tx, bot.id, this.userId, lorebookId);
          if (bot.avatarUrl) portraitOf.set(bot.id, bot.avatarUrl);
        }
        return rows.map((r) => r.id);
      },
      this.known,
      // A character another import made meanwhile: the bot made here is gone, and so is its portrait.
      async (ids) => {
        const urls = ids.flatMap((id) => portraitOf.get(id) ?? []);
        await Promise.all(urls.map((url) => this.deps.storage.delete(url).catch(() => undefined)));
      },
    );
    for (const [n, { file, name: own }] of pending.entries()) {
      const { id, created } = made[n]!;
      const name = own ?? stemOf(file.name);
      this.botByAvatar.set(lower(file.name), id);
      this.botByAvatar.set(lower(stemOf(file.name)), id);
      if (!this.botByName.has(lower(name))) this.botByName.set(lower(name), id);
      this.botNames.set(id, name);
      this.count('characters', created);
      this.done += 1;
    }
    await this.save();
  }

  private async importChats(files: PlannedFile[]) {
    let pending: PendingChat[] = [];
    let messages = 0;
    for await (const [file, bytes] of this.read(files)) {
      const read = await this.readAs('chat', file, bytes);
      if (!read) continue;
      const { chat } = read;
      const botId = await this.characterOf(file, chat);
      if (!botId) {
        this.skip(file, 'unknownCharacter');
        continue;
      }
      const data = this.chatData(chat, {
        botIds: [botId],
        title: chat.own.title ?? stemOf(file.name),
        personaId: await this.ownPersona(chat.own.personaId),
      });
      pending.push({ key: keyOfDigest('chat', read.digest), ...data });
      messages += data.chat.messages.length;
      if (pending.length >= BATCH_ITEMS || messages >= BATCH_MESSAGES) {
        await this.writeChats('chat', pending);
        pending = [];
        messages = 0;
      }
    }
    await this.writeChats('chat', pending);
  }

  private async importGroups(groupFiles: PlannedFile[], chatFiles: PlannedFile[]) {
    const chatsByStem = new Map(chatFiles.map((f) => [lower(stemOf(f.name)), f]));
    const used = new Set<string>();
    for await (const [file, bytes] of this.read(groupFiles)) {
      const group = (await this.readAs('group', file, bytes))?.group;
      if (!group) continue;
      // A member sent in an earlier part of the folder is one of the user's bots by now: found by its name.
      const members = unique(
        await Promise.all(
          group.members.map(async (avatar) => this.botByAvatar.get(lower(avatar)) ?? (await this.ownBotNamed(stemOf(avatar))) ?? undefined),
        ),
      );
      const files = group.chats.map((c) => chatsByStem.get(lower(c))).filter((f): f is PlannedFile => !!f && !used.has(f.path));
      for (const f of files) used.add(f.path);
      for await (const [chatFile, chatBytes] of this.read(files)) {
        const read = await this.readAs('chat', chatFile, chatBytes);
        if (read) await this.importGroupChat(chatFile, read, members, group);
      }
      await this.step();
    }
    // Group chats without their group file: our own export names its characters.
    const rest = chatFiles.filter((f) => !used.has(f.path));
    for await (const [file, bytes] of this.read(rest)) {
      const read = await this.readAs('chat', file, bytes);
      if (!read) continue;
      const { own } = read.chat;
      const members = unique(await Promise.all((own.botIds ?? []).map((id) => this.readableBot(id))));
      await this.importGroupChat(file, read, members, { name: own.title ?? stemOf(file.name), turnOrder: own.turnOrder ?? 'natural' });
    }
  }

  private async importGroupChat(file: PlannedFile, read: Read<'chat'>, members: string[], group: Pick<StGroup, 'name' | 'turnOrder'>) {
    const { chat } = read;
    if (members.length === 0) return this.skip(file, 'unknownCharacter');
    if (members.length > 8) return this.skip(file, 'groupSize');
    const names = await this.namesOf(members);
    // Our export names each reply's speaker: a member, or one who left the group (still one the user may chat with).
    const speakers = new Set(members);
    for (const id of new Set(chat.messages.map((m) => m.own.botId).filter((id): id is string => !!id && !speakers.has(id)))) {
      if (await this.readableBot(id)) speakers.add(id);
    }
    const speakerOf = (m: ReadMessage) =>
      (m.own.botId && speakers.has(m.own.botId) ? m.own.botId : undefined) ??
      (m.avatar ? this.botByAvatar.get(lower(m.avatar)) : undefined) ??
      members.find((id) => lower(names.get(id) ?? '') === lower(m.name)) ??
      members[0]!;
    const data = this.chatData(chat, {
      botIds: members,
      title: chat.own.title ?? group.name,
      turnOrder: members.length > 1 ? group.turnOrder : null,
      speakerOf: members.length > 1 ? speakerOf : undefined,
      personaId: await this.ownPersona(chat.own.personaId),
    });
    await this.writeChats('groupChat', [{ key: keyOfDigest('groupChat', read.digest), ...data }]);
  }

  // ---- chats

  /** A one-to-one chat's character: its folder's, the one our export names, or the user's of the header's name. */
  private async characterOf(file: PlannedFile, chat: ReadChat): Promise<string | null> {
    const byFolder = file.characterFolder ? this.botByAvatar.get(lower(file.characterFolder)) : undefined;
    if (byFolder) return byFolder;
    const own = chat.own.botIds?.[0];
    if (own) {
      const id = await this.readableBot(own);
      if (id) return id;
    }
    const name = chat.characterName ?? (file.characterFolder ? stemOf(file.characterFolder) : null);
    if (!name) return null;
    return this.ownBotNamed(name);
  }

  /** A character of this import by its name, else the user's own newest bot of that name, or null. */
  private async ownBotNamed(name: string): Promise<string | null> {
    const byName = this.botByName.get(lower(name));
    if (byName) return byName;
    const [row] = await this.deps.db
      .select({ id: bots.id })
      .from(bots)
      .where(and(eq(bots.createdBy, this.userId), sql`lower(${bots.name}) = ${lower(name)}`))
      .orderBy(sql`${bots.createdAt} desc`)
      .limit(1);
    if (row) this.botByName.set(lower(name), row.id);
    return row?.id ?? null;
  }

  /** One of the user's own personas by id (our export names the chat's), or null. */
  private async ownPersona(id: string | undefined): Promise<string | null> {
    if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [row] = await this.deps.db
      .select({ id: personas.id })
      .from(personas)
      .where(and(eq(personas.id, id), eq(personas.ownerId, this.userId)));
    return row?.id ?? null;
  }

  /** A bot by id when the user may chat with it (our own export names its bots by id), else undefined. */
  private async readableBot(id: string): Promise<string | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    try {
      const { bot } = await requireBot(this.deps.db, id, { id: this.userId, role: 'user' }, 'read');
      this.botNames.set(bot.id, bot.name);
      return bot.id;
    } catch (err) {
      if (!isRefusal(err)) throw err;
      return undefined;
    }
  }

  private async namesOf(ids: string[]): Promise<Map<string, string>> {
    const missing = ids.filter((id) => !this.botNames.has(id));
    if (missing.length > 0) {
      const rows = await queryRows<{ id: string; name: string }>(
        this.deps.db,
        sql`select id, name from ${bots} where id in (${sql.join(
          missing.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      for (const r of rows) this.botNames.set(r.id, r.name);
    }
    return this.botNames;
  }

  /** A chat file as the chat to write, with the world its metadata names (attached to it). */
  private chatData(
    chat: ReadChat,
    how: {
      botIds: string[];
      title: string;
      turnOrder?: StGroup['turnOrder'] | null;
      speakerOf?: (m: ReadMessage) => string;
      /** The persona our own export named, checked to be the user's. */
      personaId?: string | null;
    },
  ): { chat: ImportedChat; worldId: string | undefined } {
    const start = chat.createdAt ?? chat.messages.find((m) => m.sentAt)?.sentAt ?? new Date();
    let last = start;
    const messages: ImportedMessage[] = chat.messages.map((m) => {
      last = m.sentAt ?? last;
      return {
        role: m.isUser ? 'user' : 'assistant',
        botId: !m.isUser && how.speakerOf ? how.speakerOf(m) : null,
        // Its macros are filled already (file-readers.ts).
        variants: m.swipes,
        selected: m.swipeId,
        sentAt: last,
      };
    });
    return {
      chat: {
        userId: this.userId,
        botIds: how.botIds,
        title: how.title.replace(/\0/g, '').trim().slice(0, MAX_TITLE) || 'Imported chat',
        personaId: (chat.persona ? this.personaByAvatar.get(lower(chat.persona)) : undefined) ?? how.personaId ?? null,
        turnOrder: how.turnOrder ?? null,
        createdAt: start,
        messages,
      },
      worldId: chat.world ? this.worldByName.get(lower(chat.world)) : undefined,
    };
  }

  /** A batch of chats written in one transaction, each once (items.ts makeMany), each counted as a step. */
  private async writeChats(kind: 'chat' | 'groupChat', pending: PendingChat[]) {
    if (pending.length === 0) return;
    const made = await makeMany(
      this.deps.db,
      this.by,
      kind,
      pending,
      async (tx, items) => {
        const ids = await insertImportedChats(
          tx,
          items.map((i) => i.chat),
        );
        for (const [n, { worldId }] of items.entries()) if (worldId) await attachToChat(tx, ids[n]!, this.userId, worldId);
        return ids;
      },
      this.known,
    );
    for (const [n, { chat }] of pending.entries()) {
      const { created } = made[n]!;
      this.count('chats', created);
      if (kind === 'groupChat' && chat.botIds.length > 1) this.count('groups', created);
      if (created) this.report.messages += chat.messages.length;
      this.done += 1;
    }
    await this.save();
  }

  // ---- the bookkeeping

  /** What sent files are, by their content (a folder's files are known by where they are). */
  private async sortLoose(plan: PlannedFile[]): Promise<PlannedFile[]> {
    const loose = plan.filter((f) => f.kind === 'loose');
    // Each is read to tell what it is, and read again at its step: nothing of it is kept meanwhile.
    for await (const [file, bytes] of this.read(loose)) {
      const read = await this.readAs('loose', file, bytes);
      if (read) file.kind = read.kind;
    }
    return plan;
  }

  /** The files' bytes a batch at a time (null for a file that can't be unpacked), giving the event loop back between batches. */
  private async *read(files: PlannedFile[]): AsyncGenerator<[PlannedFile, Uint8Array | null]> {
    let batch: PlannedFile[] = [];
    let bytes = 0;
    const flush = async function* (this: ImportRun): AsyncGenerator<[PlannedFile, Uint8Array | null]> {
      const data = await this.folder.read(batch.map((f) => f.path));
      for (const f of batch) yield [f, data.get(f.path) ?? null];
      batch = [];
      bytes = 0;
      await yieldToOthers();
    };
    for (const file of files) {
      if (file.size > IMPORT_LIMITS.maxFileBytes) {
        // An avatar is not a step of its own: reported, not counted.
        this.skip(file, 'tooLong', file.kind !== 'avatar');
        continue;
      }
      batch.push(file);
      bytes += file.size;
      if (batch.length >= BATCH_FILES || bytes >= BATCH_BYTES) yield* flush.call(this);
    }
    if (batch.length > 0) yield* flush.call(this);
  }

  private get by() {
    return { userId: this.userId, importId: this.row.id };
  }

  /** A file read off the event loop as `as`'s step reads it, or null when it is skipped (reported, with why). */
  private async readAs<A extends ReadAs>(as: A, file: PlannedFile, bytes: Uint8Array | null): Promise<Read<A> | null> {
    if (!bytes) {
      this.skip(file, 'unreadable');
      return null;
    }
    const read = await this.deps.parser.read(as, file.name, bytes);
    if ('skip' in read) {
      this.skip(file, read.skip);
      return null;
    }
    return read as Read<A>;
  }

  private once(kind: ItemKind, key: string, make: (tx: Executor) => Promise<string>) {
    return makeOnce(this.deps.db, this.by, kind, key, make, this.known);
  }

  private count(what: 'characters' | 'chats' | 'groups' | 'lorebooks' | 'personas', created: boolean) {
    if (created) this.report[what] += 1;
    else if (what !== 'groups') this.report.alreadyImported += 1;
  }

  /** Reports a file skipped; `counted`: it is a step of the progress (a persona of settings.json is not). */
  private skip(file: Pick<PlannedFile, 'path'>, code: ImportSkipCode, counted = true) {
    this.settled.add(file.path);
    // PostgreSQL's jsonb holds no NUL character: a zip may name a file with one.
    const path = file.path.replace(/\0/g, '');
    if (this.report.skipped.length < MAX_SKIPPED) this.report.skipped.push({ file: path, code, reason: IMPORT_SKIP_REASONS[code] });
    this.report.skippedCount += 1;
    if (counted) this.done += 1;
  }

  private async step() {
    this.done += 1;
    await this.save();
  }

  async save(force = false) {
    if (!force && Date.now() - this.savedAt < PROGRESS_EVERY_MS) return;
    this.savedAt = Date.now();
    if (this.savedAt - this.aliveAt > KEEP_ALIVE_EVERY_MS) {
      this.aliveAt = this.savedAt;
      await this.deps.keepAlive();
    }
    await saveProgress(this.deps.db, this.row.id, { done: Math.min(this.done, this.total), total: this.total, report: this.report });
  }

  /** How far it got: all of it once it finished, where it stopped when it failed. */
  progress(finished: boolean) {
    return { done: finished ? this.total : Math.min(this.done, this.total), total: this.total, report: this.report };
  }
}

const unique = (ids: (string | undefined)[]) => [...new Set(ids.filter((id): id is string => !!id))];
const toBuffer = (data: Uint8Array | undefined) => (data ? Buffer.from(data) : null);

/** What the files the import reads unpack to, by their declared sizes (no file unpacks past its own: folder.ts). */
export const unpackedSize = (folder: Folder) => planFiles(folder.files).reduce((n, f) => n + f.size, 0);

/**
 * The job of one import: runs it, saves its end (done, or failed once the job's attempts are
 * spent) and deletes the upload. An import that is gone (its user deleted meanwhile) only has its
 * upload deleted.
 */
export async function runSillyTavernImport(deps: ImportDeps, importId: string, uploadKey: string, lastAttempt: boolean): Promise<void> {
  const [row] = await deps.db.select().from(imports).where(eq(imports.id, importId));
  if (!row || row.status === 'done' || row.status === 'failed') {
    await deps.uploads.delete(uploadKey);
    return;
  }
  const zip = row.storageKey ? await deps.uploads.read(row.storageKey) : null;
  const folder = zip ? await Folder.open(zip) : null;
  if (!(folder instanceof Folder) || unpackedSize(folder) > IMPORT_LIMITS.maxUnpackedBytes) {
    await finishImport(deps.db, row.id, { status: 'failed' });
    await deps.uploads.delete(uploadKey);
    return;
  }
  const run = new ImportRun(deps, row, folder);
  try {
    const report = await run.run();
    await finishImport(deps.db, row.id, { status: 'done', ...run.progress(true), report });
  } catch (err) {
    if (!lastAttempt) throw err;
    deps.log.error({ err, importId }, 'a SillyTavern import failed');
    await finishImport(deps.db, row.id, { status: 'failed', ...run.progress(false) });
  }
  await deps.uploads.delete(uploadKey);
}
