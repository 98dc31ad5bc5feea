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
const { DRAFTS_STORAGE_KEY, draftFromTemplate, emptyDraft, useDraftStore } = await import('./draft-store');

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

  it('ignores updates of a draft that does not exist', () => {
    useDraftStore.getState().updateDraft('missing', { name: 'x' });
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
});
