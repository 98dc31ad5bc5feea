import { Zip, ZipDeflate } from 'fflate';
import { APP_NAME } from '@app/shared/app/constants';
import type { DataExportFormat } from '@app/shared/account-data/schemas';
import type { Database } from '../../db/client';
import {
  readActivity,
  readBalances,
  readBots,
  readChats,
  readIntegrations,
  readLorebooks,
  readPersonas,
  readLedgerEntries,
  readMessages,
  readNotifications,
  readProfile,
  readSearches,
  readSessions,
  readSettings,
  type ChatRow,
} from './export-parts';

/**
 * Builds the archive of POST /api/user/data/export. Each part is produced as a sequence of text
 * pieces that together form one JSON value; the json format puts every part under its key in one
 * document, the zip format writes each part as a file (and one file per chat). Records are read
 * and written one page at a time, so memory holds the growing output, never every row at once.
 */

/** The version of the archive's layout, so that a later reader can tell old archives apart. */
export const EXPORT_LAYOUT_VERSION = '1';

type Pieces = AsyncIterable<string>;

const json = (value: unknown) => JSON.stringify(value, null, 2);

async function* one(value: Promise<unknown> | unknown): Pieces {
  yield json(await value);
}

async function* array(items: AsyncIterable<unknown>): Pieces {
  yield '[';
  let first = true;
  for await (const item of items) {
    yield first ? '\n' : ',\n';
    yield json(item);
    first = false;
  }
  yield first ? ']' : '\n]';
}

/** An object whose values are pieces, written in order. */
async function* object(entries: [string, () => Pieces][]): Pieces {
  yield '{';
  let first = true;
  for (const [key, value] of entries) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(key)}: `;
    yield* value();
    first = false;
  }
  yield '\n}';
}

/** One conversation: the chat and its messages. */
function chatDocument(db: Database, chat: ChatRow): Pieces {
  return object([
    ['chat', () => one(chat)],
    ['messages', () => array(readMessages(db, chat.id))],
  ]);
}

/** The parts that are one file each in the zip, in the order of the json document. */
function singleParts(db: Database, userId: string): { key: string; file: string; pieces: () => Pieces }[] {
  const activity = readActivity(db, userId);
  const integrations = readIntegrations(db, userId);
  // Started once and shared by the parts that read it; a rejection is seen by whichever awaits it.
  activity.catch(() => undefined);
  integrations.catch(() => undefined);
  return [
    { key: 'profile', file: 'profile.json', pieces: () => one(readProfile(db, userId)) },
    { key: 'settings', file: 'settings.json', pieces: () => one(readSettings(db, userId)) },
    { key: 'bots', file: 'bots.json', pieces: () => array(readBots(db, userId)) },
    { key: 'ratings', file: 'ratings.json', pieces: () => one(activity.then((a) => a.ratings)) },
    { key: 'favorites', file: 'favorites.json', pieces: () => one(activity.then((a) => a.favorites)) },
    { key: 'collaborations', file: 'collaborations.json', pieces: () => one(activity.then((a) => a.collaborations)) },
    { key: 'follows', file: 'follows.json', pieces: () => one(activity.then((a) => a.follows)) },
    {
      key: 'ledger',
      file: 'ledger.json',
      pieces: () =>
        object([
          ['balances', () => one(readBalances(db, userId))],
          ['entries', () => array(readLedgerEntries(db, userId))],
        ]),
    },
    { key: 'notifications', file: 'notifications.json', pieces: () => array(readNotifications(db, userId)) },
    { key: 'searches', file: 'searches.json', pieces: () => one(readSearches(db, userId)) },
    { key: 'apiKeys', file: 'api-keys.json', pieces: () => one(integrations.then((i) => i.apiKeys)) },
    { key: 'webhooks', file: 'webhooks.json', pieces: () => one(integrations.then((i) => i.webhooks)) },
    { key: 'sessions', file: 'sessions.json', pieces: () => one(readSessions(db, userId)) },
    { key: 'personas', file: 'personas.json', pieces: () => one(readPersonas(db, userId)) },
    { key: 'lorebooks', file: 'lorebooks.json', pieces: () => one(readLorebooks(db, userId)) },
  ];
}

function readme(exportedAt: Date): string {
  return [
    `${APP_NAME}: your data export`,
    `Made ${exportedAt.toISOString()} (layout version ${EXPORT_LAYOUT_VERSION}).`,
    '',
    'profile.json        your account: profile, sign-in methods, two-factor state (never a password or secret)',
    'settings.json       every settings section, security alerts, blocked users, backups and your presets',
    'bots.json           the bots you created, whole, with their version history and collaborators',
    'chats/<id>.json     one file per conversation: the chat and all its messages',
    'ratings.json        the ratings you gave',
    'favorites.json      your favourite bots',
    'collaborations.json bots of others that you collaborate on',
    'follows.json        whom you follow and who follows you',
    'ledger.json         your token and gem balances and every movement of them',
    'notifications.json  your in-app notifications',
    'searches.json       your recent searches (the last 10)',
    'api-keys.json       your API keys (names, scopes, dates; never the keys)',
    'webhooks.json       your webhooks (addresses and events; never the signing secrets)',
    'sessions.json       the devices that signed in to your account',
    'personas.json       who you are in your chats: your personas',
    'lorebooks.json      your lorebooks (world info), with their entries',
    '',
    'Every file is JSON (UTF-8). Dates are ISO 8601 in UTC.',
    '',
  ].join('\n');
}

/** The json format: one document with every part under its key and the chats as an array. */
async function buildJson(db: Database, userId: string, exportedAt: Date): Promise<Buffer> {
  const entries: [string, () => Pieces][] = [
    ['exportedAt', () => one(exportedAt.toISOString())],
    ['layoutVersion', () => one(EXPORT_LAYOUT_VERSION)],
    ...singleParts(db, userId).map((p): [string, () => Pieces] => [p.key, p.pieces]),
    [
      'chats',
      () =>
        (async function* () {
          yield '[';
          let first = true;
          for await (const chat of readChats(db, userId)) {
            yield first ? '\n' : ',\n';
            yield* chatDocument(db, chat);
            first = false;
          }
          yield first ? ']' : '\n]';
        })(),
    ],
  ];
  const chunks: Buffer[] = [];
  for await (const piece of object(entries)) chunks.push(Buffer.from(piece, 'utf8'));
  chunks.push(Buffer.from('\n'));
  return Buffer.concat(chunks);
}

/** The zip format: one file per part, one per chat, and a README; deflated while the text comes. */
async function buildZip(db: Database, userId: string, exportedAt: Date): Promise<Buffer> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const zip = new Zip((err, chunk, final) => {
    if (err) failure = err;
    else out.push(chunk);
    if (final || err) finished();
  });
  const encoder = new TextEncoder();
  const add = async (name: string, pieces: Pieces) => {
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = exportedAt;
    zip.add(file);
    for await (const piece of pieces) file.push(encoder.encode(piece));
    file.push(new Uint8Array(0), true);
  };
  await add('README.txt', textOf(readme(exportedAt)));
  for (const part of singleParts(db, userId)) await add(part.file, part.pieces());
  for await (const chat of readChats(db, userId)) await add(`chats/${chat.id}.json`, chatDocument(db, chat));
  zip.end();
  await done;
  if (failure) throw failure;
  return Buffer.concat(out);
}

async function* textOf(text: string): Pieces {
  yield text;
}

/** The archive of everything the user owns, in the chosen format. */
export function buildArchive(db: Database, userId: string, format: DataExportFormat, exportedAt = new Date()): Promise<Buffer> {
  return format === 'zip' ? buildZip(db, userId, exportedAt) : buildJson(db, userId, exportedAt);
}
