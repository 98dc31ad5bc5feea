import { isDeepStrictEqual } from 'node:util';
import { BOT_LIMITS, DEFAULT_FIRST_MESSAGE } from '@app/shared/bots/constants';
import { BOT_MESSAGES, BOT_ERROR_CODES } from '@app/shared/bots/messages';
import { normalizeTags, ZBotFields, ZBotPatch, type BotFields } from '@app/shared/bots/validation';
import type { CardSource } from '../../../db/schema/bots';
import { AppError, badRequest } from '../../../lib/http-errors';
import { nestedDeeperThan } from '../../../lib/nesting';
import { asText, asTexts, toSpecData } from './spec-writer';
import { isObject } from '../../../lib/json-object';

/**
 * Character Card V1, V2 and V3, the ecosystem's exchange format (SillyTavern, Chub, Agnai...),
 * mapped onto our bots without losing anything: see docs/decisions/007-character-cards.md.
 */
export type CardSpec = 'chara_card_v3' | 'chara_card_v2' | 'chara_card_v1';
export interface ParsedCard {
  spec: CardSpec;
  /** The card's whole `data` object (for V1, the card itself), unknown fields included. */
  data: Record<string, unknown>;
}

/** Our own fields ride in extensions.charachat; other apps keep and ignore them. */
export const OWN_EXTENSION = 'charachat';

const V3_ONLY = [
  'nickname',
  'creator_notes_multilingual',
  'source',
  'group_only_greetings',
  'creation_date',
  'modification_date',
  'assets',
];

export const importError = (message: string) => new AppError(400, BOT_ERROR_CODES.IMPORT_ERROR, message, 'file');

/**
 * Reads a card object of any version.
 * @example parseCard(JSON.parse(json)).spec // 'chara_card_v2'
 */
export function parseCard(value: unknown): ParsedCard {
  if (!isObject(value)) throw importError(BOT_MESSAGES.importUnreadable);
  // Before anything is written: the database refuses (500) what nests a million levels deep.
  if (nestedDeeperThan(value)) throw importError(BOT_MESSAGES.importTooDeep);
  let card: ParsedCard;
  if ((value.spec === 'chara_card_v3' || value.spec === 'chara_card_v2') && isObject(value.data)) {
    card = { spec: value.spec, data: value.data };
  } else if (typeof value.name === 'string' && (typeof value.description === 'string' || typeof value.first_mes === 'string')) {
    card = { spec: 'chara_card_v1', data: value };
  } else {
    throw importError(BOT_MESSAGES.importUnreadable);
  }
  // Lenient: a field of the wrong type is read as well as it can be (a number as text, tags as
  // one comma-separated text) or not at all; the card is kept as it came, and written back to the
  // spec on export (spec-writer.ts).
  return card;
}

const str = (data: Record<string, unknown>, key: string) => asText(data[key]);
const strings = (data: Record<string, unknown>, key: string, splitCommas = false) => asTexts(data[key], splitCommas);
const fitsBlurb = (v: string) => v.length >= BOT_LIMITS.descriptionMin && v.length <= BOT_LIMITS.descriptionMax;

/** The public blurb: ours if the card came from us, else the creator's notes or the description if they fit, else a cut. */
function blurbOf(data: Record<string, unknown>, own: Record<string, unknown> | null, name: string): string {
  const candidates = [
    typeof own?.description === 'string' ? own.description.trim() : '',
    str(data, 'creator_notes').trim(),
    str(data, 'description').trim(),
  ];
  const fitting = candidates.find(fitsBlurb);
  if (fitting) return fitting;
  const long = str(data, 'description').trim();
  if (long.length > BOT_LIMITS.descriptionMax) {
    const cut = long.slice(0, BOT_LIMITS.descriptionMax - 1);
    return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), BOT_LIMITS.descriptionMin)).trimEnd()}…`;
  }
  return `${name}, an imported character`;
}

/**
 * The bot fields of a card, always valid under the draft rules, and what to remember of the card
 * so that its export gives back exactly what came in.
 */
export function cardToBotFields(card: ParsedCard): { fields: Partial<BotFields> & Pick<BotFields, 'name'>; cardSource: CardSource } {
  const { data } = card;
  const extensions = isObject(data.extensions) ? { ...data.extensions } : {};
  const own = isObject(extensions[OWN_EXTENSION]) ? (extensions[OWN_EXTENSION] as Record<string, unknown>) : null;
  delete extensions[OWN_EXTENSION];

  const name = str(data, 'name').trim().slice(0, BOT_LIMITS.nameMax).trim() || 'Imported character';
  const derived = {
    name,
    description: blurbOf(data, own, name),
    // The card's description is its definition (what other apps put in the prompt): it goes into personality.
    personality:
      [str(data, 'description').trim(), str(data, 'personality').trim()].filter(Boolean).join('\n\n') || '{{char}} is a character.',
    scenario: str(data, 'scenario').trim() || 'A conversation between {{char}} and {{user}}.',
    firstMessage: str(data, 'first_mes').trim() || DEFAULT_FIRST_MESSAGE,
    exampleMessages: str(data, 'mes_example'),
    systemPrompt: str(data, 'system_prompt'),
    postHistoryInstructions: str(data, 'post_history_instructions'),
    creatorNotes: str(data, 'creator_notes'),
    alternateGreetings: strings(data, 'alternate_greetings')
      .map((g) => g.trim())
      .filter(Boolean)
      .slice(0, BOT_LIMITS.alternateGreetingsMax),
    tags: normalizeTags(strings(data, 'tags', true).map((t) => t.slice(0, BOT_LIMITS.tagMax))).slice(0, BOT_LIMITS.tagsMax),
    characterBook: isObject(data.character_book) ? data.character_book : null,
    extensions,
  };
  // Our own settings come back only where they are still valid (an old or edited file may not be).
  const ownFields: Partial<BotFields> = {};
  if (own) {
    for (const key of ['category', 'nsfw', 'settings', 'costs', 'sexuality', 'gender', 'openness', 'emotions'] as const) {
      const parsed = ZBotPatch.shape[key].safeParse(own[key]);
      if (own[key] !== undefined && parsed.success) (ownFields as Record<string, unknown>)[key] = parsed.data;
    }
  }
  return { fields: { ...ownFields, ...derived }, cardSource: { spec: card.spec, data, derived } };
}

/** A card's fields checked as a new private bot's, or a 400 naming the first field that fails. */
export function checkedCardFields(card: ParsedCard) {
  const { fields, cardSource } = cardToBotFields(card);
  const checked = ZBotFields.safeParse({ ...fields, visibility: 'private' });
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw badRequest(issue.message, String(issue.path[0] ?? 'file'));
  }
  return { fields: checked.data, cardSource };
}

/** What an export needs of a bot. */
export interface BotForCard extends Pick<
  BotFields,
  | 'name'
  | 'description'
  | 'personality'
  | 'scenario'
  | 'firstMessage'
  | 'exampleMessages'
  | 'systemPrompt'
  | 'postHistoryInstructions'
  | 'creatorNotes'
  | 'alternateGreetings'
  | 'tags'
  | 'characterBook'
  | 'extensions'
  | 'category'
  | 'visibility'
  | 'nsfw'
  | 'settings'
  | 'costs'
  | 'sexuality'
  | 'gender'
  | 'openness'
  | 'emotions'
> {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  cardSource: CardSource | null;
  creatorName: string;
}

export interface CardV3 {
  spec: 'chara_card_v3';
  spec_version: '3.0';
  data: Record<string, unknown>;
}

/**
 * The bot as a Character Card V3. Fields the bot still has as imported are written back exactly
 * as the card had them; edited ones take the bot's value.
 */
export function botToCard(bot: BotForCard): CardV3 {
  const source = bot.cardSource;
  const data: Record<string, unknown> = source ? structuredClone(source.data) : {};
  const unchanged = (field: keyof BotForCard) => source !== null && isDeepStrictEqual(bot[field], source.derived[field]);
  const put = (field: keyof BotForCard, key: string, value: unknown) => {
    if (!unchanged(field) || !(key in data)) data[key] = value;
  };

  put('name', 'name', bot.name);
  if (!unchanged('personality') || !('description' in data)) {
    data.description = bot.personality;
    data.personality = '';
  }
  put('scenario', 'scenario', bot.scenario);
  put('firstMessage', 'first_mes', bot.firstMessage);
  put('exampleMessages', 'mes_example', bot.exampleMessages);
  put('systemPrompt', 'system_prompt', bot.systemPrompt);
  put('postHistoryInstructions', 'post_history_instructions', bot.postHistoryInstructions);
  put('creatorNotes', 'creator_notes', bot.creatorNotes);
  put('alternateGreetings', 'alternate_greetings', bot.alternateGreetings);
  put('tags', 'tags', bot.tags);
  if (!unchanged('characterBook')) {
    if (bot.characterBook) data.character_book = bot.characterBook;
    else delete data.character_book;
  }
  const extensions = unchanged('extensions') && isObject(data.extensions) ? { ...data.extensions } : { ...bot.extensions };
  extensions[OWN_EXTENSION] = {
    id: bot.id,
    description: bot.description,
    category: bot.category,
    visibility: bot.visibility,
    nsfw: bot.nsfw,
    settings: bot.settings,
    costs: bot.costs,
    sexuality: bot.sexuality,
    gender: bot.gender,
    openness: bot.openness,
    emotions: bot.emotions,
  };
  data.extensions = extensions;

  data.creator ??= bot.creatorName;
  data.character_version ??= '1.0';
  // Whatever the card held as it came in, what goes out is a V3 card by the letter of the spec.
  return { spec: 'chara_card_v3', spec_version: '3.0', data: toSpecData(data, 'v3', datesOf(bot)) };
}

const datesOf = (bot: Pick<BotForCard, 'createdAt' | 'updatedAt'>) => ({
  created: Math.floor(bot.createdAt.getTime() / 1000),
  modified: Math.floor(bot.updatedAt.getTime() / 1000),
});

/** The V2 form of a card (for the `chara` PNG chunk that older apps read): V3-only fields left out, and V2 by its spec. */
export function toCardV2(card: CardV3) {
  const data = { ...card.data };
  for (const key of V3_ONLY) delete data[key];
  // A V3 book's text ids are numbers or nothing in V2 (the dates are not used: V2 has none).
  return { spec: 'chara_card_v2' as const, spec_version: '2.0' as const, data: toSpecData(data, 'v2', { created: 0, modified: 0 }) };
}
