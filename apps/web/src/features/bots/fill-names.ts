/**
 * The card macros as a reader sees them: {{char}} is the bot, {{user}} the reader (case-insensitive,
 * as SillyTavern reads them).
 * @example fillNames('Hi {{user}}, I am {{char}}', 'Mira', 'Sam') // 'Hi Sam, I am Mira'
 */
export function fillNames(text: string, botName: string, userName: string): string {
  // Replaced by functions: a name holding `$&` or `$'` is written as it is, not read as a pattern.
  return text.replace(/\{\{char\}\}/gi, () => botName).replace(/\{\{user\}\}/gi, () => userName);
}
