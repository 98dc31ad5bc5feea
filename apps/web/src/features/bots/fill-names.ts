// A {{user}} that opens the text, a sentence or a line (after any opening marks: *{{user}} waves*).
const USER_FIRST = /(^|[.!?…][*_"'”»)]*\s|\n)([\s*_>"'“«(]*)\{\{user\}\}/gi;

/**
 * The card macros as a reader sees them: {{char}} is the bot, {{user}} the reader (case-insensitive,
 * as SillyTavern reads them). `pronoun`: the reader is named by a pronoun ("you", not a display
 * name, which is written as its owner wrote it), capitalized where it opens a sentence.
 * @example fillNames('Hi {{user}}, I am {{char}}', 'Mira', 'Sam') // 'Hi Sam, I am Mira'
 * @example fillNames('{{user}} waves.', 'Mira', 'you', { pronoun: true }) // 'You waves.'
 */
export function fillNames(text: string, botName: string, userName: string, { pronoun = false } = {}): string {
  const capitalUser = userName.charAt(0).toLocaleUpperCase() + userName.slice(1);
  // Replaced by functions: a name holding `$&` or `$'` is written as it is, not read as a pattern.
  return (pronoun ? text.replace(USER_FIRST, (_, end: string, marks: string) => end + marks + capitalUser) : text)
    .replace(/\{\{char\}\}/gi, () => botName)
    .replace(/\{\{user\}\}/gi, () => userName);
}
