import YAML from 'yaml';
import { IMPORT_MAX_BYTES } from '@app/shared/bots/constants';
import { BOT_MESSAGES } from '@app/shared/bots/messages';
import { AppError } from '../../../lib/http-errors';
import { importError, parseCard, type ParsedCard } from './character-card';
import { jsonNestedDeeperThan, yamlNestedTooDeep } from '../../../lib/nesting';
import { isPng, PngError, readPngTextChunks } from '../../../lib/png-text';

export type ImportKind = 'png' | 'json' | 'yaml';

/** The spec's rule (yaml when the name ends in .yaml), plus .yml and PNG cards. */
export function importKindFromFileName(name: string | undefined): ImportKind {
  if (name && /\.png$/i.test(name)) return 'png';
  if (name && /\.ya?ml$/i.test(name)) return 'yaml';
  return 'json';
}

export const importTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', BOT_MESSAGES.importTooLarge, 'file');

/**
 * A card from an uploaded or posted file. Hostile files fail fast with a 4xx: size first, then
 * YAML with a small alias budget (no "billion laughs") and bounded nesting (lib/nesting.ts),
 * PNG chunks walked with bounds checks; any card nested deeper than MAX_NESTING is refused (parseCard).
 * @example readImport({ kind: 'png', bytes: await fs.readFile('seraphina.png') }).data.name // 'Seraphina'
 */
export function readImport(input: { kind: ImportKind; bytes: Buffer }): ParsedCard {
  if (input.bytes.length > IMPORT_MAX_BYTES) throw importTooLarge();
  if (input.kind === 'png') return parseCard(readPngCard(input.bytes));
  const textOf = input.bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (input.kind === 'yaml') {
    if (yamlNestedTooDeep(textOf)) throw importError(BOT_MESSAGES.importTooDeep);
    let value: unknown;
    try {
      value = YAML.parse(textOf, { maxAliasCount: 50, prettyErrors: false });
    } catch {
      throw importError(BOT_MESSAGES.importBadYaml);
    }
    return parseCard(value);
  }
  // Refused on the text, before a parse and a walk of what may be a million levels (issue 37 §2).
  if (jsonNestedDeeperThan(textOf)) throw importError(BOT_MESSAGES.importTooDeep);
  let value: unknown;
  try {
    value = JSON.parse(textOf);
  } catch {
    throw importError(BOT_MESSAGES.importBadJson);
  }
  return parseCard(value);
}

/** The card JSON inside a PNG: the `ccv3` chunk (V3) when there is one, else `chara` (V2). */
function readPngCard(bytes: Buffer): unknown {
  if (!isPng(bytes)) throw importError(BOT_MESSAGES.importUnreadable);
  let chunks: Map<string, string>;
  try {
    chunks = readPngTextChunks(bytes);
  } catch (err) {
    if (err instanceof PngError) throw importError(BOT_MESSAGES.importUnreadable);
    throw err;
  }
  const encoded = chunks.get('ccv3') ?? chunks.get('chara');
  if (!encoded) throw importError(BOT_MESSAGES.importNoCard);
  const text = Buffer.from(encoded, 'base64').toString('utf8');
  if (jsonNestedDeeperThan(text)) throw importError(BOT_MESSAGES.importTooDeep);
  try {
    return JSON.parse(text);
  } catch {
    throw importError(BOT_MESSAGES.importNoCard);
  }
}
