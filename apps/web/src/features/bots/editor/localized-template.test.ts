import { describe, expect, it } from 'vitest';
import type { BotTemplate } from '@app/shared/bots/schemas';
import { draftFromTemplate } from './draft-store';
import { localizedTemplate } from './localized-template';

const assistant = {
  id: 'helpful-assistant',
  name: 'Helpful Assistant',
  description: 'A clear, friendly assistant.',
  icon: 'bot',
  category: 'assistant',
  fields: {
    name: 'Nova',
    scenario: '{{user}} opens a chat with {{char}}, their personal assistant.',
    tags: ['assistant'],
    settings: { temperature: 0.5 },
  },
} as unknown as BotTemplate;

describe('a template in the reader’s language', () => {
  it('fills the form in Russian for a Russian reader, with the macros and not the names', () => {
    const draft = draftFromTemplate(localizedTemplate(assistant, 'ru'));
    expect(draft.name).toBe('Нова');
    expect(draft.scenario).toContain('{{char}}');
    expect(draft.scenario).toContain('{{user}}');
    expect(draft.scenario).not.toMatch(/Нова|Nova/);
    expect(draft.scenario).toMatch(/[а-я]/);
    expect(draft.personality).toMatch(/^Тёплая/);
    expect(draft.tags).toEqual(['помощник', 'продуктивность', 'полезное']);
    // What only the server's template has stays.
    expect(draft.settings.temperature).toBe(0.5);
  });

  it('keeps the English fields for an English reader and for a template it has no Russian for', () => {
    expect(localizedTemplate(assistant, 'en')).toBe(assistant);
    const other = { ...assistant, id: 'someone-new' } as BotTemplate;
    expect(localizedTemplate(other, 'ru')).toBe(other);
  });
});
