import { z } from 'zod';
import { requiredString } from '../users/fields';
import { BOT_LIMITS, DEFAULT_BOT_COSTS, DEFAULT_BOT_SETTINGS, DEFAULT_CATEGORY_ID, RESPONSE_STYLES } from './constants';
import { BOT_MESSAGES } from './messages';

/**
 * The draft rules of bots-header-auth.md §5 as zod schemas: the form validates with them and the
 * server refuses with them, so both say the same words.
 */
export const ZBotName = requiredString(BOT_MESSAGES.nameRequired)
  .trim()
  .min(1, BOT_MESSAGES.nameRequired)
  .max(BOT_LIMITS.nameMax, BOT_MESSAGES.nameLong);
export const ZBotDescription = requiredString(BOT_MESSAGES.descriptionRequired)
  .trim()
  .min(1, BOT_MESSAGES.descriptionRequired)
  .min(BOT_LIMITS.descriptionMin, BOT_MESSAGES.descriptionShort)
  .max(BOT_LIMITS.descriptionMax, BOT_MESSAGES.descriptionLong);
const requiredText = (message: string, max: number) => requiredString(message).trim().min(1, message).max(max, BOT_MESSAGES.tooLong);
const optionalText = (max: number) => z.string().max(max, BOT_MESSAGES.tooLong);

/** Tags: trimmed, empties dropped, duplicates removed (case-insensitively), at most 20 of 40 characters. */
export const ZBotTags = z
  .array(z.string())
  .transform((tags) => normalizeTags(tags))
  .pipe(z.array(z.string().max(BOT_LIMITS.tagMax, BOT_MESSAGES.tagTooLong)).max(BOT_LIMITS.tagsMax, BOT_MESSAGES.tooManyTags));

/** 'a, b,, c ' → ['a', 'b', 'c']: the form's comma-separated entry (§2). */
export function parseTagInput(input: string): string[] {
  return normalizeTags(input.split(','));
}

export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

export const ZBotSettings = z.object({
  temperature: z.number().min(BOT_LIMITS.temperature.min).max(BOT_LIMITS.temperature.max),
  maxTokens: z.number().int().min(BOT_LIMITS.maxTokens.min).max(BOT_LIMITS.maxTokens.max),
  topP: z.number().min(BOT_LIMITS.topP.min).max(BOT_LIMITS.topP.max),
  frequencyPenalty: z.number().min(BOT_LIMITS.penalty.min).max(BOT_LIMITS.penalty.max),
  presencePenalty: z.number().min(BOT_LIMITS.penalty.min).max(BOT_LIMITS.penalty.max),
  responseStyle: z.enum(RESPONSE_STYLES),
  allowVoice: z.boolean(),
  allowImages: z.boolean(),
  allowVideos: z.boolean(),
  memoryEnabled: z.boolean(),
  contextLength: z.number().int().min(BOT_LIMITS.contextLength.min).max(BOT_LIMITS.contextLength.max),
});
export type BotSettings = z.infer<typeof ZBotSettings>;

export const ZBotCosts = z.object({
  textMessage: z.number().int().min(0).max(10_000),
  imageGeneration: z.number().int().min(0).max(10_000),
  videoGeneration: z.number().int().min(0).max(10_000),
});

/**
 * A bot's avatar is one of our own files (an upload, or a seeded picture): every viewer's browser
 * loads it, and a picture on another host would tell that host who looks at the bot.
 */
export const ZAvatarUrl = z
  .string()
  .max(2048)
  .refine((v) => !/^(https?:)?\/\//i.test(v), { message: BOT_MESSAGES.avatarRemote, abort: true })
  .refine((v) => isOwnImagePath(v), 'Must be an image URL');

/**
 * A picture of this site: an upload (`/uploads/...`) or a seeded file (`/avatars/...`), a path
 * without a host. Anything else (an http(s) or protocol-relative URL) would make every viewer's
 * browser call that host: the server hands no such avatar out, and the web app draws no such image.
 * @example isOwnImagePath('/uploads/bots/1/a.webp') // true
 * @example isOwnImagePath('//example.com/a.png') // false
 */
export const isOwnImagePath = (url: string): boolean => /^\/(?!\/)[\w\-./]+$/.test(url);

/** Each editable field's rule, without defaults (a PATCH must not reset what it does not name). */
const fieldRules = {
  name: ZBotName,
  description: ZBotDescription,
  personality: requiredText(BOT_MESSAGES.personalityRequired, BOT_LIMITS.personalityMax),
  scenario: requiredText(BOT_MESSAGES.scenarioRequired, BOT_LIMITS.scenarioMax),
  firstMessage: requiredText(BOT_MESSAGES.firstMessageRequired, BOT_LIMITS.firstMessageMax),
  exampleMessages: optionalText(BOT_LIMITS.exampleMessagesMax),
  systemPrompt: optionalText(BOT_LIMITS.systemPromptMax),
  postHistoryInstructions: optionalText(BOT_LIMITS.systemPromptMax),
  creatorNotes: optionalText(BOT_LIMITS.creatorNotesMax),
  alternateGreetings: z
    .array(z.string().trim().min(1).max(BOT_LIMITS.firstMessageMax, BOT_MESSAGES.tooLong))
    .max(BOT_LIMITS.alternateGreetingsMax),
  tags: ZBotTags,
  category: z.string().min(1).max(40),
  visibility: z.enum(['private', 'unlisted', 'public']),
  nsfw: z.boolean(),
  avatarUrl: ZAvatarUrl.nullable(),
  voiceId: z.string().max(100).nullable(),
  settings: ZBotSettings.partial(),
  costs: ZBotCosts.partial(),
  sexuality: z.string().max(40),
  gender: z.string().max(40),
  openness: z.number().int().min(0).max(10),
  emotions: z.number().int().min(0).max(10),
  imageGeneration: z.record(z.string(), z.unknown()),
  videoGeneration: z.record(z.string(), z.unknown()),
  /** A Character Card lorebook, kept as given. */
  characterBook: z.record(z.string(), z.unknown()).nullable(),
  /** Character Card `extensions`: unknown keys are kept so a round trip loses nothing. */
  extensions: z.record(z.string(), z.unknown()),
};

/** The editable fields of a bot: the draft of §3 plus the Character Card fields, with §9's defaults. */
export const ZBotFields = z.object({
  ...fieldRules,
  exampleMessages: fieldRules.exampleMessages.default(''),
  systemPrompt: fieldRules.systemPrompt.default(''),
  postHistoryInstructions: fieldRules.postHistoryInstructions.default(''),
  creatorNotes: fieldRules.creatorNotes.default(''),
  alternateGreetings: fieldRules.alternateGreetings.default([]),
  tags: fieldRules.tags.default([]),
  category: fieldRules.category.default(DEFAULT_CATEGORY_ID),
  visibility: fieldRules.visibility.default('private'),
  nsfw: fieldRules.nsfw.default(false),
  avatarUrl: fieldRules.avatarUrl.default(null),
  voiceId: fieldRules.voiceId.default(null),
  settings: fieldRules.settings.default({}),
  costs: fieldRules.costs.default({}),
  sexuality: fieldRules.sexuality.default('heterosexual'),
  gender: fieldRules.gender.default('female'),
  openness: fieldRules.openness.default(1),
  emotions: fieldRules.emotions.default(1),
  imageGeneration: fieldRules.imageGeneration.default({}),
  videoGeneration: fieldRules.videoGeneration.default({}),
  characterBook: fieldRules.characterBook.default(null),
  extensions: fieldRules.extensions.default({}),
});
export type BotFieldsInput = z.input<typeof ZBotFields>;
export type BotFields = z.output<typeof ZBotFields>;

/** PATCH: any subset, each field under the same rule, nothing else touched. */
export const ZBotPatch = z.object(fieldRules).partial();

/** Settings with every default filled in. */
export function withDefaultSettings(settings: Partial<BotSettings> | undefined): BotSettings {
  return { ...DEFAULT_BOT_SETTINGS, ...settings };
}
export function withDefaultCosts(costs: Partial<typeof DEFAULT_BOT_COSTS> | undefined) {
  return { ...DEFAULT_BOT_COSTS, ...costs };
}

/** The fields the form edits, as the draft of §3 keeps them. */
export interface BotDraft {
  name: string;
  description: string;
  category: string;
  tags: string[];
  personality: string;
  scenario: string;
  firstMessage: string;
  exampleMessages: string;
  systemPrompt: string;
  creatorNotes: string;
  alternateGreetings: string[];
  visibility: 'private' | 'unlisted' | 'public';
  nsfw: boolean;
  imageUrl: string | null;
  voiceId: string | null;
  settings: BotSettings;
}

export type DraftErrors = Partial<Record<keyof BotDraft | string, string>>;

/**
 * The draft check of §5: blocking errors keyed by field (first message per field), and the
 * non-blocking warnings.
 */
export function validateBotDraft(draft: BotDraft): { valid: boolean; errors: DraftErrors; warnings: string[] } {
  const result = ZBotFields.safeParse(draftToFields(draft));
  const errors: DraftErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path[0] === 'avatarUrl' ? 'imageUrl' : String(issue.path[0] ?? 'name');
      if (!(key in errors)) errors[key] = issue.message;
    }
  }
  const warnings: string[] = [];
  if (draft.tags.length === 0) warnings.push(BOT_MESSAGES.warnNoTags);
  if (!draft.imageUrl) warnings.push(BOT_MESSAGES.warnNoImage);
  if (draft.nsfw && draft.visibility === 'public') warnings.push(BOT_MESSAGES.warnNsfwPublic);
  return { valid: result.success, errors, warnings };
}

/** The draft as the API's bot payload. */
export function draftToFields(draft: BotDraft): BotFieldsInput {
  return {
    name: draft.name,
    description: draft.description,
    personality: draft.personality,
    scenario: draft.scenario,
    firstMessage: draft.firstMessage,
    exampleMessages: draft.exampleMessages,
    systemPrompt: draft.systemPrompt,
    creatorNotes: draft.creatorNotes,
    alternateGreetings: draft.alternateGreetings.map((g) => g.trim()).filter(Boolean),
    tags: draft.tags,
    category: draft.category,
    visibility: draft.visibility,
    nsfw: draft.nsfw,
    avatarUrl: draft.imageUrl,
    voiceId: draft.voiceId,
    settings: draft.settings,
  };
}

/** Where a field lives in the form's four tabs (§2), for the red dots. */
export const DRAFT_FIELD_TAB: Record<string, 'basic' | 'personality' | 'settings' | 'visibility'> = {
  name: 'basic',
  description: 'basic',
  category: 'basic',
  tags: 'basic',
  imageUrl: 'basic',
  personality: 'personality',
  scenario: 'personality',
  firstMessage: 'personality',
  exampleMessages: 'personality',
  systemPrompt: 'personality',
  creatorNotes: 'personality',
  alternateGreetings: 'personality',
  settings: 'settings',
  voiceId: 'settings',
  visibility: 'visibility',
  nsfw: 'visibility',
};
