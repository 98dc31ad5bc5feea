import { describe, expect, it } from 'vitest';
import { TEMPLATE_FIELDS_RU } from '@app/shared/bots/templates-ru';
import { ZBotCreateBody } from '@app/shared/bots/schemas';
import { TEMPLATES } from '../../src/seed/templates';

/** The templates name nobody: {{char}} and {{user}} stand for the bot and the reader, whatever the bot is renamed to (issue 37 §8). */
describe('bot templates', () => {
  const texts = (fields: (typeof TEMPLATES)[number]['fields'], name: string) =>
    [fields.personality, fields.scenario, fields.firstMessage, fields.exampleMessages]
      .filter((text): text is string => Boolean(text))
      .map((text) => ({ name, text }));

  it.each(TEMPLATES.map((t) => [t.id, t] as const))(
    '%s says {{user}} and {{char}} in English and in Russian, never a name',
    (id, template) => {
      const ru = TEMPLATE_FIELDS_RU[id];
      expect(ru, `Russian fields of ${id}`).toBeDefined();
      for (const fields of [template.fields, { ...template.fields, ...ru }]) {
        expect(fields.scenario).toContain('{{user}}');
        expect(fields.scenario).toContain('{{char}}');
        for (const { name, text } of texts(fields, fields.name!)) expect(text).not.toContain(name);
        // A template is a complete, valid bot in both languages.
        expect(ZBotCreateBody.safeParse({ ...fields, category: template.categoryId }).success).toBe(true);
      }
      expect(ru!.scenario).toMatch(/[а-яё]/i);
    },
  );
});
