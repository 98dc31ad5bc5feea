import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import type { Session } from '@app/shared/auth/schemas';
import type { Bot } from '@app/shared/bots/schemas';
import { cardToBotFields, parseCard } from '../../src/features/bots/cards/character-card';
import { readImport } from '../../src/features/bots/cards/import-file';
import { readPngTextChunks, writePngTextChunks } from '../../src/lib/png-text';
import { fromCharacterBook } from '../../src/features/lorebooks/formats';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { expectSpecCard } from './card-specs';
import { call, createBot, multipart } from './helpers';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/cards/seraphina-sillytavern.png');
const seraphinaPng = fs.readFileSync(FIXTURE);
const originalCard = JSON.parse(Buffer.from(readPngTextChunks(seraphinaPng).get('chara')!, 'base64').toString('utf8')) as {
  spec: string;
  data: Record<string, unknown>;
};

describe('Character Card modules', () => {
  it('reads the SillyTavern card and maps it onto a valid bot', () => {
    const card = readImport({ kind: 'png', bytes: seraphinaPng });
    expect(card.spec).toBe('chara_card_v2');
    const { fields } = cardToBotFields(card);
    expect(fields.name).toBe('Seraphina');
    expect(fields.personality).toBe((originalCard.data.description as string).trim());
    expect(fields.description).toBe((originalCard.data.creator_notes as string).trim());
    expect(fields.scenario).toBe('A conversation between {{char}} and {{user}}.');
    expect(fields.characterBook).toEqual(originalCard.data.character_book);
    expect(fields.extensions).toEqual({ talkativeness: '0.5', fav: false, world: 'Eldoria' });
  });

  it('prefers the ccv3 chunk over chara', () => {
    const v3 = { spec: 'chara_card_v3', spec_version: '3.0', data: { ...originalCard.data, name: 'Seraphina V3' } };
    const png = writePngTextChunks(seraphinaPng, { ccv3: Buffer.from(JSON.stringify(v3)).toString('base64') });
    const card = readImport({ kind: 'png', bytes: png });
    expect(card).toMatchObject({ spec: 'chara_card_v3', data: { name: 'Seraphina V3' } });
    // The chara chunk is still there for older readers.
    expect(readPngTextChunks(png).get('chara')).toBe(readPngTextChunks(seraphinaPng).get('chara'));
  });

  it('reads V1 cards, and reads fields of the wrong type as well as they can be read (a lenient reader)', () => {
    expect(parseCard({ name: 'Old', description: 'An old flat card.', first_mes: 'Hi' }).spec).toBe('chara_card_v1');
    const odd = cardToBotFields(
      parseCard({
        spec: 'chara_card_v2',
        data: { name: 1984, description: 'x', tags: 'noir, detective', alternate_greetings: 'Hello there.', extensions: null },
      }),
    ).fields;
    expect(odd).toMatchObject({ name: '1984', tags: ['noir', 'detective'], alternateGreetings: ['Hello there.'], extensions: {} });
    expect(() => parseCard([1, 2])).toThrow('The file is not a Character Card or a bot export');
    expect(() => parseCard({ spec: 'chara_card_v2', data: 'nope' })).toThrow('The file is not a Character Card or a bot export');
  });

  describe('hostile files fail fast with a clear error', () => {
    const fails = (input: Parameters<typeof readImport>[0], message: string | RegExp) => {
      const start = performance.now();
      expect(() => readImport(input)).toThrow(message);
      expect(performance.now() - start).toBeLessThan(1000);
    };
    it('malformed JSON, JSON that is not an object', () => {
      fails({ kind: 'json', bytes: Buffer.from('{"name": ') }, 'The file is not valid JSON');
      fails({ kind: 'json', bytes: Buffer.from('[1,2,3]') }, 'The file is not a Character Card or a bot export');
    });
    it('a YAML alias bomb and malformed YAML', () => {
      const bomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
      for (let i = 0; i < 9; i++)
        bomb.push(
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9)
            .fill(`*${String.fromCharCode(97 + i)}`)
            .join(',')}]`,
        );
      fails({ kind: 'yaml', bytes: Buffer.from(bomb.join('\n')) }, 'The file is not valid YAML');
      fails({ kind: 'yaml', bytes: Buffer.from('name: [unclosed') }, 'The file is not valid YAML');
    });
    it('an oversized file', () => {
      fails({ kind: 'json', bytes: Buffer.alloc(9 * 1024 * 1024, 32) }, 'The file is too large to import');
    });
    it('a PNG with no card, a PNG with a lying chunk length, a text file named .png', async () => {
      const plain = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
        .png()
        .toBuffer();
      fails({ kind: 'png', bytes: plain }, 'This PNG holds no character card');
      const lying = Buffer.from(seraphinaPng);
      lying.writeUInt32BE(0x7ffffff0, 33); // the second chunk claims 2 GB
      fails({ kind: 'png', bytes: lying }, 'The file is not a Character Card or a bot export');
      fails({ kind: 'png', bytes: Buffer.from('{"name":"not a png"}') }, 'The file is not a Character Card or a bot export');
      const garbage = writePngTextChunks(plain, { chara: '!!!not base64 json!!!' });
      fails({ kind: 'png', bytes: garbage }, 'This PNG holds no character card');
    });
  });
});

describe('import and export over the API', () => {
  let t: TestApp;
  let dataDir: string;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-test-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    alice = await t.signup();
    bob = await t.signup();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const importFile = (session: Session, name: string, data: Buffer) => {
    const body = multipart('file', name, data);
    return t.app.inject({
      method: 'POST',
      url: '/api/bots/import',
      payload: body.payload,
      headers: { ...body.headers, ...t.bearer(session) },
    });
  };
  const exportOf = (session: Session | null, id: string, format: string) =>
    t.app.inject({ url: `/api/bots/${id}/export?format=${format}`, headers: session ? t.bearer(session) : {} });

  it('round-trips the SillyTavern card through PNG import and export without losing a field', async () => {
    const imported = await importFile(alice, 'seraphina.png', seraphinaPng);
    expect(imported.statusCode).toBe(201);
    const bot = imported.json() as Bot;
    expect(bot).toMatchObject({ name: 'Seraphina', visibility: 'private', myRole: 'owner' });
    expect(bot.avatarUrl).toMatch(/^\/uploads\//);

    const exported = await exportOf(alice, bot.id, 'png');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('image/png');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="seraphina.png"');
    const chunks = readPngTextChunks(exported.rawPayload);
    const v3 = JSON.parse(Buffer.from(chunks.get('ccv3')!, 'base64').toString('utf8'));
    const v2 = JSON.parse(Buffer.from(chunks.get('chara')!, 'base64').toString('utf8'));
    expectSpecCard(v3, 'v3', 'ccv3 chunk');
    expectSpecCard(v2, 'v2', 'chara chunk');
    for (const [key, value] of Object.entries(originalCard.data)) {
      if (key === 'extensions' || key === 'character_book') continue;
      expect(v3.data[key], key).toEqual(value);
      expect(v2.data[key], key).toEqual(value);
    }
    // The book comes back as the bot's lorebook, written to the specs: the book's and every
    // entry's extensions (SillyTavern wrote none on the book; ours holds the book's settings), V3's use_regex, the same entries.
    const book = originalCard.data.character_book as { name: string; entries: Record<string, unknown>[] };
    for (const written of [v3.data.character_book, v2.data.character_book]) {
      expect(written.name).toBe(book.name);
      expect(written.extensions).toEqual({
        charachat: { lore: { scanDepth: 2, budgetPercent: 25, recursive: false, caseSensitive: false, matchWholeWords: false } },
      });
      expect(written.entries).toHaveLength(book.entries.length);
      written.entries.forEach((e: Record<string, unknown>, i: number) => {
        const original = book.entries[i]!;
        for (const field of [
          'id',
          'keys',
          'secondary_keys',
          'comment',
          'content',
          'constant',
          'selective',
          'insertion_order',
          'enabled',
          'position',
        ])
          expect(e[field], `${i}.${field}`).toEqual(original[field]);
        expect(e.extensions).toMatchObject(original.extensions as object);
        expect(e.use_regex).toBe(true);
      });
    }
    const { charachat, ...extensions } = v3.data.extensions;
    expect(extensions).toEqual(originalCard.data.extensions);
    expect(charachat).toMatchObject({ id: bot.id, visibility: 'private' });

    // And once more: importing the export gives the same bot fields.
    const again = (await importFile(alice, 'again.png', exported.rawPayload)).json() as Bot;
    for (const key of [
      'name',
      'description',
      'personality',
      'scenario',
      'firstMessage',
      'exampleMessages',
      'creatorNotes',
      'alternateGreetings',
      'tags',
      'extensions',
    ] as const) {
      expect(again[key], key).toEqual(bot[key]);
    }
    // The book as written to the specs reads back as the same lorebook.
    const bookOf = (b: Bot) => fromCharacterBook(b.characterBook as Record<string, unknown>).entries;
    expect(bookOf(again)).toEqual(bookOf(bot));
  });

  it('writes every export to the V2 and V3 specs, however the card came in', async () => {
    const odd = [
      // A V1 card: six fields and nothing else.
      { name: 'Old Timer', description: 'A flat card of the first format.', personality: 'Gruff.', first_mes: 'Hm?' },
      // A V2 card with the wrong types everywhere, and a book as other tools write them.
      {
        spec: 'chara_card_v2',
        spec_version: '2.0',
        data: {
          name: 1984,
          description: 'Watched.',
          first_mes: 'Big Brother is watching.',
          tags: 'dystopia, classic',
          alternate_greetings: 'Hello, comrade.',
          creator: null,
          character_version: 2,
          extensions: null,
          character_book: {
            name: 7,
            scan_depth: '3',
            entries: {
              a: { keys: 'ministry, truth', content: 'The Ministry of Truth.', enabled: 'true', insertion_order: '5', id: 'x1' },
              b: { content: 'No keys at all.', case_sensitive: null, position: 'sideways', secondary_keys: null },
              c: 'not an entry',
            },
          },
        },
      },
      // A V3 card with broken V3 fields.
      {
        spec: 'chara_card_v3',
        spec_version: '3.0',
        data: {
          name: 'Vex',
          description: 'A card from a newer tool.',
          first_mes: 'Greetings.',
          nickname: 42,
          source: 'https://example.com/vex',
          creation_date: 'yesterday',
          group_only_greetings: null,
          creator_notes_multilingual: { en: 'Hi', ru: 5 },
          assets: [{ type: 'icon', uri: 'ccdefault:' }, { uri: 'no type' }, 'junk'],
          character_book: { entries: [{ keys: ['vex'], content: 'Vex is a pilot.', use_regex: 'no', id: 'v-1' }] },
        },
      },
    ];
    const exportsOf = async (id: string) => {
      const json = (await exportOf(alice, id, 'json')).json() as unknown;
      const yaml = YAML.parse((await exportOf(alice, id, 'yaml')).body) as unknown;
      const chunks = readPngTextChunks((await exportOf(alice, id, 'png')).rawPayload);
      const decode = (name: string) => JSON.parse(Buffer.from(chunks.get(name)!, 'base64').toString('utf8')) as unknown;
      return { json, yaml, ccv3: decode('ccv3'), chara: decode('chara') };
    };
    const seraphina = (await importFile(alice, 'seraphina.png', seraphinaPng)).json() as Bot;
    const made = await createBot(t, alice);
    const ids: [string, string][] = [
      ['seraphina', seraphina.id],
      ['made here', made.id],
    ];
    for (const [i, card] of odd.entries()) {
      const res = await importFile(alice, `odd-${i}.json`, Buffer.from(JSON.stringify(card)));
      expect(res.statusCode, res.body).toBe(201);
      ids.push([`odd card ${i}`, (res.json() as Bot).id]);
    }
    for (const [name, id] of ids) {
      const out = await exportsOf(id);
      expectSpecCard(out.json, 'v3', `${name}: json`);
      expectSpecCard(out.yaml, 'v3', `${name}: yaml`);
      expectSpecCard(out.ccv3, 'v3', `${name}: ccv3`);
      expectSpecCard(out.chara, 'v2', `${name}: chara`);
    }
    // What was readable came through.
    const orwell = (await exportsOf(ids[3]![1])).json as { data: Record<string, unknown> };
    expect(orwell.data).toMatchObject({ name: '1984', tags: ['dystopia', 'classic'], alternate_greetings: ['Hello, comrade.'] });
    const book = orwell.data.character_book as { entries: { keys: string[]; content: string }[] };
    expect(book.entries.map((e) => e.content)).toEqual(['The Ministry of Truth.', 'No keys at all.']);
    expect(book.entries[0]!.keys).toEqual(['ministry', 'truth']);
  });

  it('exports an edited import with the edits', async () => {
    const bot = (await importFile(alice, 'seraphina.png', seraphinaPng)).json() as Bot;
    await call(t, alice, 'PATCH', `/api/bots/${bot.id}`, { scenario: 'In the glade at dusk.', tags: ['fantasy'] });
    const card = (await exportOf(alice, bot.id, 'json')).json() as { data: Record<string, unknown> };
    expect(card.data.scenario).toBe('In the glade at dusk.');
    expect(card.data.tags).toEqual(['fantasy']);
    expect(card.data.description).toBe(originalCard.data.description);
  });

  it('round-trips a bot made here through JSON and YAML', async () => {
    const bot = await createBot(t, alice, {
      name: 'Quill',
      description: 'A patient tutor for every subject.',
      personality: 'Warm and patient.',
      exampleMessages: '<START>\n{{user}}: Hi\n{{char}}: Hello!',
      systemPrompt: 'Stay in character.',
      postHistoryInstructions: 'Be brief.',
      creatorNotes: 'For students.',
      alternateGreetings: ['Welcome back!'],
      tags: ['tutor', 'science'],
      category: 'educational',
      nsfw: false,
      settings: { temperature: 1.3, maxTokens: 2000 },
      characterBook: { entries: [{ keys: ['math'], content: 'Quill loves algebra.' }] },
      extensions: { depth_prompt: { prompt: 'x', depth: 4 } },
    });
    for (const format of ['json', 'yaml'] as const) {
      const exported = await exportOf(alice, bot.id, format);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toBe(`attachment; filename="quill.${format}"`);
      const res = await call(t, bob, 'POST', '/api/bots/import', { data: exported.body, format, fileName: `quill.${format}` });
      expect(res.statusCode, res.body).toBe(201);
      const copy = res.json() as Bot;
      for (const key of [
        'name',
        'description',
        'personality',
        'scenario',
        'firstMessage',
        'exampleMessages',
        'systemPrompt',
        'postHistoryInstructions',
        'creatorNotes',
        'alternateGreetings',
        'tags',
        'extensions',
        'category',
        'nsfw',
        'settings',
      ] as const) {
        expect(copy[key], `${format} ${key}`).toEqual(bot[key]);
      }
      // The book was written to the spec (every entry's required fields filled in): it reads back as the same book.
      const bookOf = (b: Bot) => fromCharacterBook(b.characterBook as Record<string, unknown>).entries;
      expect(bookOf(copy), `${format} characterBook`).toEqual(bookOf(bot));
      expect(copy.visibility).toBe('private');
      expect(copy.createdBy).not.toBe(bot.createdBy);
    }
    expect(YAML.parse((await exportOf(alice, bot.id, 'yaml')).body).spec).toBe('chara_card_v3');
  });

  it('overwrites the source bot only when asked and allowed', async () => {
    const bot = await createBot(t, alice, { name: 'Original' });
    const card = JSON.parse((await exportOf(alice, bot.id, 'json')).body);
    card.data.name = 'Renamed';
    const own = await call(t, alice, 'POST', '/api/bots/import', { data: JSON.stringify(card), format: 'json', overwrite: true });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: bot.id, name: 'Renamed' });
    const stranger = await call(t, bob, 'POST', '/api/bots/import', { data: JSON.stringify(card), format: 'json', overwrite: true });
    expect(stranger.statusCode).toBe(201);
    expect(stranger.json().id).not.toBe(bot.id);
    expect((await call(t, alice, 'GET', `/api/bots/${bot.id}`)).json().name).toBe('Renamed');
  });

  it('refuses hostile and unreadable imports with 4xx and saves nothing', async () => {
    const before = (await call(t, alice, 'GET', '/api/bots/my')).json().total;
    const bad = await call(t, alice, 'POST', '/api/bots/import', { data: '{oops', format: 'json' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ code: 'IMPORT_ERROR', message: 'The file is not valid JSON' });
    expect(errorOf(await call(t, alice, 'POST', '/api/bots/import', { data: 'a: &a [1]\nb: [*a, *a', fileName: 'x.yaml' })).message).toBe(
      'The file is not valid YAML',
    );
    const plain = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    expect(errorOf(await importFile(alice, 'plain.png', plain)).message).toBe('This PNG holds no character card');
    expect(errorOf(await importFile(alice, 'fake.png', Buffer.from('hello'))).message).toBe(
      'The file is not a Character Card or a bot export',
    );
    const huge = await importFile(alice, 'huge.json', Buffer.alloc(9 * 1024 * 1024, 32));
    expect(huge.statusCode).toBe(413);
    expect((await call(t, alice, 'POST', '/api/bots/import', {})).statusCode).toBe(400);
    expect((await call(t, null, 'POST', '/api/bots/import', { data: '{}', format: 'json' })).statusCode).toBe(401);
    expect((await call(t, alice, 'GET', '/api/bots/my')).json().total).toBe(before);
  });

  it("exports only bots the caller can see, and anyone's public ones", async () => {
    const priv = await createBot(t, alice);
    expect((await exportOf(bob, priv.id, 'json')).statusCode).toBe(404);
    expect((await exportOf(null, priv.id, 'json')).statusCode).toBe(404);
    const pub = await createBot(t, alice, { visibility: 'public', avatarUrl: '/avatars/mira.svg' });
    const png = await exportOf(null, pub.id, 'png');
    expect(png.statusCode).toBe(200);
    expect((await sharp(png.rawPayload).metadata()).format).toBe('png');
    expect((await exportOf(alice, pub.id, 'xml')).statusCode).toBe(400);
  });
});
