import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_BOT_SETTINGS, DEFAULT_CATEGORY_ID, DEFAULT_FIRST_MESSAGE } from '@app/shared/bots/constants';
import type { Bot, BotTemplate } from '@app/shared/bots/schemas';
import type { BotDraft } from '@app/shared/bots/validation';

/** A draft kept in the browser (§3 'Bot draft, keyed by draft id'), with what the form needs to resume it. */
export interface StoredDraft {
  draft: BotDraft;
  /** Set when the draft edits an existing bot. */
  botId?: string;
  /** Whose draft it is: drafts live in the browser, which two accounts may share (My Bots lists one's own). */
  userId?: string;
  templateId?: string;
  /** The tags as typed ('a, b,'), so the box keeps the trailing comma while the draft holds the parsed list. */
  tagText: string;
  updatedAt: string;
}

interface DraftState {
  drafts: Record<string, StoredDraft>;
  create(entry: Omit<StoredDraft, 'updatedAt'>): string;
  update(id: string, patch: Partial<Omit<StoredDraft, 'updatedAt'>>): void;
  updateDraft(id: string, patch: Partial<BotDraft>): void;
  /** Merges into the draft's settings as stored now, so that two changes in one tick both stay. */
  updateSettings(id: string, patch: Partial<BotDraft['settings']>): void;
  /** Starts an untouched draft from a template's fields, or (null) from scratch; either way the picker is done. */
  applyTemplate(id: string, template: BotTemplate | null): void;
  remove(id: string): void;
}

/** The templateId of a draft started from the empty form. */
export const SCRATCH = 'scratch';

export const DRAFTS_STORAGE_KEY = 'bot-drafts';
/** Old drafts beyond this many are dropped, oldest first, so storage stays small. */
const MAX_DRAFTS = 30;

const now = () => new Date().toISOString();

function prune(drafts: Record<string, StoredDraft>): Record<string, StoredDraft> {
  const entries = Object.entries(drafts);
  if (entries.length <= MAX_DRAFTS) return drafts;
  return Object.fromEntries(entries.sort((a, b) => b[1].updatedAt.localeCompare(a[1].updatedAt)).slice(0, MAX_DRAFTS));
}

export const useDraftStore = create<DraftState>()(
  persist(
    (set) => ({
      drafts: {},
      create(entry) {
        const id = crypto.randomUUID();
        set((s) => ({ drafts: prune({ ...s.drafts, [id]: { ...entry, updatedAt: now() } }) }));
        return id;
      },
      update(id, patch) {
        set((s) => (s.drafts[id] ? { drafts: { ...s.drafts, [id]: { ...s.drafts[id], ...patch, updatedAt: now() } } } : s));
      },
      updateDraft(id, patch) {
        set((s) => {
          const current = s.drafts[id];
          if (!current) return s;
          return { drafts: { ...s.drafts, [id]: { ...current, draft: { ...current.draft, ...patch }, updatedAt: now() } } };
        });
      },
      updateSettings(id, patch) {
        set((s) => {
          const current = s.drafts[id];
          if (!current) return s;
          const draft = { ...current.draft, settings: { ...current.draft.settings, ...patch } };
          return { drafts: { ...s.drafts, [id]: { ...current, draft, updatedAt: now() } } };
        });
      },
      applyTemplate(id, template) {
        set((s) => {
          const current = s.drafts[id];
          if (!current) return s;
          const next: StoredDraft = template
            ? { ...current, draft: draftFromTemplate(template), templateId: template.id, tagText: (template.fields.tags ?? []).join(', ') }
            : { ...current, templateId: SCRATCH };
          return { drafts: { ...s.drafts, [id]: { ...next, updatedAt: now() } } };
        });
      },
      remove(id) {
        set((s) => {
          const { [id]: _removed, ...rest } = s.drafts;
          return { drafts: rest };
        });
      },
    }),
    { name: DRAFTS_STORAGE_KEY, storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);

/** A new, empty draft with the defaults of §9. */
export function emptyDraft(): BotDraft {
  return {
    name: '',
    description: '',
    category: DEFAULT_CATEGORY_ID,
    tags: [],
    personality: '',
    scenario: '',
    firstMessage: DEFAULT_FIRST_MESSAGE,
    exampleMessages: '',
    systemPrompt: '',
    creatorNotes: '',
    alternateGreetings: [],
    visibility: 'private',
    nsfw: false,
    imageUrl: null,
    voiceId: null,
    settings: { ...DEFAULT_BOT_SETTINGS },
  };
}

/** An existing bot loaded for editing (§4: 'editing an existing bot loads it into a new draft'). */
export function draftFromBot(bot: Bot): BotDraft {
  return {
    name: bot.name,
    description: bot.description,
    category: bot.category?.id ?? DEFAULT_CATEGORY_ID,
    tags: bot.tags,
    personality: bot.personality,
    scenario: bot.scenario,
    firstMessage: bot.firstMessage,
    exampleMessages: bot.exampleMessages,
    systemPrompt: bot.systemPrompt,
    creatorNotes: bot.creatorNotes,
    alternateGreetings: bot.alternateGreetings,
    visibility: bot.visibility,
    nsfw: bot.nsfw,
    imageUrl: bot.avatarUrl,
    voiceId: bot.voiceId,
    settings: { ...DEFAULT_BOT_SETTINGS, ...bot.settings },
  };
}

/** A template's fields over the defaults. */
export function draftFromTemplate(template: BotTemplate): BotDraft {
  const base = emptyDraft();
  const f = template.fields;
  return {
    ...base,
    name: f.name ?? base.name,
    description: f.description ?? base.description,
    category: f.category ?? template.category,
    tags: f.tags ?? base.tags,
    personality: f.personality ?? base.personality,
    scenario: f.scenario ?? base.scenario,
    firstMessage: f.firstMessage ?? base.firstMessage,
    exampleMessages: f.exampleMessages ?? base.exampleMessages,
    systemPrompt: f.systemPrompt ?? base.systemPrompt,
    creatorNotes: f.creatorNotes ?? base.creatorNotes,
    alternateGreetings: f.alternateGreetings ?? base.alternateGreetings,
    nsfw: f.nsfw ?? base.nsfw,
    settings: { ...base.settings, ...f.settings },
  };
}
