import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BotTemplate } from '@app/shared/bots/schemas';

// The suite runs in Node: a Map-backed localStorage stands in for the browser's, before the store loads.
vi.hoisted(() => {
  const items = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, String(v)),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
    key: (i: number) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  };
});
const { DRAFTS_STORAGE_KEY, SCRATCH, draftFromBot, draftFromTemplate, emptyDraft, useDraftStore } = await import('./draft-store');

describe('the draft store', () => {
  beforeEach(() => {
    localStorage.clear();
    useDraftStore.setState({ drafts: {} });
  });

  it('creates, updates and removes drafts, and keeps them in localStorage under bot-drafts', () => {
    const id = useDraftStore.getState().create({ draft: emptyDraft(), tagText: '' });
    useDraftStore.getState().updateDraft(id, { name: 'Mira' });
    expect(useDraftStore.getState().drafts[id]?.draft.name).toBe('Mira');
    const saved = JSON.parse(localStorage.getItem(DRAFTS_STORAGE_KEY)!);
    expect(saved.state.drafts[id].draft.name).toBe('Mira');
    useDraftStore.getState().remove(id);
    expect(useDraftStore.getState().drafts[id]).toBeUndefined();
  });

  it('gives each draft its own id and keeps the typed tag text beside the parsed tags', () => {
    const a = useDraftStore.getState().create({ draft: emptyDraft(), tagText: '' });
    const b = useDraftStore.getState().create({ draft: emptyDraft(), botId: 'bot-1', tagText: 'x' });
    expect(a).not.toBe(b);
    useDraftStore.getState().update(a, { tagText: 'space, sci-fi,', templateId: 'scratch' });
    useDraftStore.getState().updateDraft(a, { tags: ['space', 'sci-fi'] });
    expect(useDraftStore.getState().drafts[a]).toMatchObject({
      tagText: 'space, sci-fi,',
      templateId: 'scratch',
      draft: { tags: ['space', 'sci-fi'] },
    });
    expect(useDraftStore.getState().drafts[b]).toMatchObject({ botId: 'bot-1', tagText: 'x' });
  });

  it('merges settings into the stored ones, so two changes in one tick both stay', () => {
    const id = useDraftStore.getState().create({ draft: emptyDraft(), tagText: '' });
    useDraftStore.getState().updateSettings(id, { temperature: 1.2 });
    useDraftStore.getState().updateSettings(id, { contextLength: 40 });
    expect(useDraftStore.getState().drafts[id]?.draft.settings).toMatchObject({ temperature: 1.2, contextLength: 40, maxTokens: 1000 });
  });

  it('finds the drafts again after a reload (rehydrates from localStorage)', async () => {
    const id = useDraftStore.getState().create({ draft: { ...emptyDraft(), name: 'Kept' }, tagText: '' });
    const stored = localStorage.getItem(DRAFTS_STORAGE_KEY)!;
    useDraftStore.setState({ drafts: {} });
    localStorage.setItem(DRAFTS_STORAGE_KEY, stored);
    await useDraftStore.persist.rehydrate();
    expect(useDraftStore.getState().drafts[id]?.draft.name).toBe('Kept');
  });

  it('keeps the 30 most recently changed drafts', () => {
    vi.useFakeTimers();
    try {
      const ids: string[] = [];
      for (let i = 0; i < 32; i++) {
        vi.setSystemTime(new Date(Date.UTC(2026, 0, 1, 0, i)));
        ids.push(useDraftStore.getState().create({ draft: emptyDraft(), tagText: '' }));
      }
      const kept = Object.keys(useDraftStore.getState().drafts);
      expect(kept).toHaveLength(30);
      expect(kept).not.toContain(ids[0]);
      expect(kept).not.toContain(ids[1]);
      expect(kept).toContain(ids[31]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores updates of a draft that does not exist', () => {
    useDraftStore.getState().updateDraft('missing', { name: 'x' });
    useDraftStore.getState().updateSettings('missing', { temperature: 1 });
    useDraftStore.getState().update('missing', { tagText: 'x' });
    expect(useDraftStore.getState().drafts).toEqual({});
  });

  it('starts with the defaults of §9', () => {
    expect(emptyDraft()).toMatchObject({
      visibility: 'private',
      category: 'general',
      firstMessage: 'Hello! How can I help you today?',
      settings: { temperature: 0.7, maxTokens: 1000, topP: 0.9, contextLength: 10 },
    });
  });

  it('applies a template to a stored draft, or marks it as started from scratch', () => {
    const template: BotTemplate = {
      id: 'patient-tutor',
      name: 'Patient Tutor',
      description: 'x',
      icon: 'graduation-cap',
      category: 'educational',
      fields: { name: 'Mr. Alder', description: 'A patient tutor for every subject.', tags: ['tutor', 'maths'] },
    };
    const a = useDraftStore.getState().create({ draft: emptyDraft(), tagText: '' });
    useDraftStore.getState().applyTemplate(a, template);
    expect(useDraftStore.getState().drafts[a]).toMatchObject({
      templateId: 'patient-tutor',
      tagText: 'tutor, maths',
      draft: { name: 'Mr. Alder', category: 'educational', tags: ['tutor', 'maths'], firstMessage: 'Hello! How can I help you today?' },
    });
    expect(JSON.parse(localStorage.getItem(DRAFTS_STORAGE_KEY)!).state.drafts[a].templateId).toBe('patient-tutor');

    const b = useDraftStore.getState().create({ draft: emptyDraft(), tagText: '' });
    useDraftStore.getState().applyTemplate(b, null);
    expect(useDraftStore.getState().drafts[b]).toMatchObject({ templateId: SCRATCH, draft: emptyDraft() });
  });

  it('fills a draft from a template over the defaults', () => {
    const template: BotTemplate = {
      id: 't',
      name: 'Tutor',
      description: 'x',
      icon: 'bot',
      category: 'educational',
      fields: { name: 'Alder', personality: 'Patient', tags: ['tutor'], settings: { temperature: 0.5 } },
    };
    expect(draftFromTemplate(template)).toMatchObject({
      name: 'Alder',
      category: 'educational',
      personality: 'Patient',
      tags: ['tutor'],
      settings: { temperature: 0.5, maxTokens: 1000 },
    });
  });

  it('loads an existing bot into a draft, with the settings it lacks from the defaults', () => {
    const bot = {
      name: 'Atlas',
      description: 'A productivity coach for busy weeks.',
      category: { id: 'productivity', name: 'Productivity', icon: 'zap' },
      tags: ['coach'],
      personality: 'Direct',
      scenario: 'Monday morning',
      firstMessage: 'Hey {{user}}',
      exampleMessages: '',
      systemPrompt: '',
      creatorNotes: 'notes',
      alternateGreetings: ['Hi'],
      visibility: 'public',
      nsfw: false,
      avatarUrl: '/uploads/a.png',
      voiceId: null,
      settings: { temperature: 0.3 },
    } as unknown as Parameters<typeof draftFromBot>[0];
    expect(draftFromBot(bot)).toMatchObject({
      name: 'Atlas',
      category: 'productivity',
      imageUrl: '/uploads/a.png',
      visibility: 'public',
      alternateGreetings: ['Hi'],
      settings: { temperature: 0.3, maxTokens: 1000, contextLength: 10 },
    });
  });
});
