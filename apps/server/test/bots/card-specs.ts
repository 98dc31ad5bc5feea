import { CCardLib } from '@risuai/ccardlib';
import { expect } from 'vitest';
import { z } from 'zod';

/**
 * The Character Card specs as their authors wrote them (malfoyslastname/character-card-spec-v2
 * spec_v2.md, kwaroran/character-card-spec-v3 SPEC_V3.md), field for field, to check what we
 * write: required fields present with their types, optional ones absent or of their type (a null
 * is neither). Unknown fields are allowed, as the specs allow them.
 */
const text = z.string();
const texts = z.array(z.string());
const record = z.record(z.string(), z.unknown());

const entryV2 = z.object({
  keys: texts,
  content: text,
  extensions: record,
  enabled: z.boolean(),
  insertion_order: z.number(),
  case_sensitive: z.boolean().optional(),
  name: text.optional(),
  priority: z.number().optional(),
  id: z.number().optional(),
  comment: text.optional(),
  selective: z.boolean().optional(),
  secondary_keys: texts.optional(),
  constant: z.boolean().optional(),
  position: z.enum(['before_char', 'after_char']).optional(),
});
const bookV2 = z.object({
  name: text.optional(),
  description: text.optional(),
  scan_depth: z.number().optional(),
  token_budget: z.number().optional(),
  recursive_scanning: z.boolean().optional(),
  extensions: record,
  entries: z.array(entryV2),
});
const entryV3 = entryV2.extend({ use_regex: z.boolean(), id: z.union([z.number(), z.string()]).optional() });
const bookV3 = bookV2.extend({ entries: z.array(entryV3) });

const dataV2 = z.object({
  name: text,
  description: text,
  personality: text,
  scenario: text,
  first_mes: text,
  mes_example: text,
  creator_notes: text,
  system_prompt: text,
  post_history_instructions: text,
  alternate_greetings: texts,
  character_book: bookV2.optional(),
  tags: texts,
  creator: text,
  character_version: text,
  extensions: record,
});
export const CardV2Spec = z.object({ spec: z.literal('chara_card_v2'), spec_version: z.literal('2.0'), data: dataV2 });
export const CardV3Spec = z.object({
  spec: z.literal('chara_card_v3'),
  spec_version: z.literal('3.0'),
  data: dataV2.extend({
    character_book: bookV3.optional(),
    assets: z.array(z.object({ type: text, uri: text, name: text, ext: text })).optional(),
    nickname: text.optional(),
    creator_notes_multilingual: z.record(z.string(), z.string()).optional(),
    source: texts.optional(),
    group_only_greetings: texts,
    creation_date: z.number().optional(),
    modification_date: z.number().optional(),
  }),
});

/** A card we wrote is valid under its spec, and RisuAI's card library (@risuai/ccardlib) reads it as that version. */
export function expectSpecCard(card: unknown, version: 'v2' | 'v3', where: string) {
  const parsed = (version === 'v3' ? CardV3Spec : CardV2Spec).safeParse(card);
  expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`), `${where} (${version})`).toEqual([]);
  // The library deletes nulls as it checks: it gets a copy.
  expect(CCardLib.character.check(structuredClone(card) as never), `${where}: RisuAI's ccardlib`).toBe(version);
}
