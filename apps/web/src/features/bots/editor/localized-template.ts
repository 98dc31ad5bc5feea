import type { BotTemplate } from '@app/shared/bots/schemas';
import { TEMPLATE_FIELDS_RU } from '@app/shared/bots/templates-ru';

/** A template whose fields are in the reader's language: the server keeps the English ones, the Russian ones ship with the editor. */
export function localizedTemplate(template: BotTemplate, language: string): BotTemplate {
  const ru = language.startsWith('ru') ? TEMPLATE_FIELDS_RU[template.id] : undefined;
  return ru ? { ...template, fields: { ...template.fields, ...ru } } : template;
}
