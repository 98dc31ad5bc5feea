import { fillNames } from './fill-names';

/** Who a card's macros stand for: {{char}} (SillyTavern's older <BOT>, <CHAR> too) and {{user}} (<USER>). */
export interface MacroNames {
  char: string;
  user: string;
}

// A backslash-escaped ASCII punctuation mark (\* \_ \#) is text, not markup: it waits as a
// character of the Private Use Area while the marks are taken out, and comes back at the end.
const ESCAPED = /\\([!-/:-@[-`{-~])/g;
const HIDDEN = /[\uE000-\uE07F]/g;
const hide = (_: string, mark: string) => String.fromCharCode(0xe000 + mark.charCodeAt(0));
const unhide = (c: string) => String.fromCharCode(c.charCodeAt(0) - 0xe000);

// The formatting tags some cards carry; anything else between < and > stays as written.
// A tag is its name alone (<b>, </b>, <br/>) or with attributes (name=…): `<I love you>` is text.
const TAGS =
  /<\/?(?:a|b|i|u|s|em|strong|small|big|sup|sub|del|ins|mark|code|pre|span|div|p|hr|font|center|blockquote|h[1-6]|ul|ol|li|img)(?:\s+[\w-]+\s*=[^<>]*)?\s*\/?>/gi;

// Emphasis around nothing but marks is no emphasis: `*****` (a rating) stays as written.
const unmarked = (whole: string, before: string, inner: string) => (/^[\s*]*$/.test(inner) ? whole : before + inner);

/**
 * A short plain-text preview of Markdown or roleplay text (a bot's description on a card): the
 * marks go and the words stay (`*waves*` → waves, `**bold**` → bold, `[site](https://…)` → site,
 * `# Title` → Title, `> quote` → quote, `- item` → item), lines are joined into one, and the card
 * macros are filled in when `names` are given (a {{user}} that opens a sentence is capitalized).
 * It returns text for React to escape, never HTML. Ordinary characters survive: `5 * 3`, `5*3*2`,
 * `snake_case`, `a_b@example.com`, `#hashtag`, `[OOC]`; numbered lists keep their numbers.
 * @example plainText('*Mira waves.* Hello, **{{user}}**', { char: 'Mira', user: 'you' }) // 'Mira waves. Hello, you'
 */
export function plainText(markdown: string, names?: MacroNames): string {
  let text = markdown.replace(/\r\n?/g, '\n').replace(ESCAPED, hide);

  // The legacy macros look like tags: they are named before the tags go.
  text = text
    .replace(/<(?:bot|char)>/gi, '{{char}}')
    .replace(/<user>/gi, '{{user}}')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(TAGS, '');

  text = text
    // Code fences go, the code stays.
    .replace(/^[ \t]*(?:```|~~~).*$/gm, '')
    // Link reference definitions ([1]: https://…) say nothing.
    .replace(/^[ \t]{0,3}\[[^\]\n]+\]:[ \t]+\S.*$/gm, '')
    // Rules (--- *** ___) and setext underlines (===).
    .replace(/^[ \t]{0,3}(?:(?:[-*_][ \t]*){3,}|=+[ \t]*)$/gm, '')
    // Headings, closing #s too (#hashtag is no heading).
    .replace(/^[ \t]{0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/gm, '$1')
    // Block quotes, nested too.
    .replace(/^[ \t]{0,3}(?:>[ \t]?)+/gm, '')
    // Bullets (- * +) and task boxes; numbered lists keep their numbers, as they show them.
    .replace(/^[ \t]*[-*+][ \t]+(?:\[[ xX]\][ \t]+)?/gm, '')
    // Images and links keep their words; <https://…> keeps its address.
    .replace(/!\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
    .replace(/\[([^\]\n]+)\](?:\([^)\n]*\)|\[[^\]\n]*\])/g, '$1')
    .replace(/<((?:https?:\/\/|mailto:)[^<>\s]+)>/gi, '$1')
    // Inline code keeps its text.
    .replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_, _ticks: string, code: string) => code.trim())
    // Emphasis: a mark that opens before a non-space and closes after one (not 5 * 3 * 2), the
    // double ones first (***both*** is ** around *), with * not inside a word or a number (5*3*2)
    // and _ only at a word's edges (snake_case_name).
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
    .replace(/(^|[^\p{L}\p{N}*])\*\*(?=[^\s*]|\*\S)([\s\S]*?\S)\*\*(?![\p{L}\p{N}])/gu, unmarked)
    .replace(/(^|[^\p{L}\p{N}*])\*(?=[^\s*])([\s\S]*?[^\s*])\*(?![\p{L}\p{N}])/gu, unmarked)
    .replace(/(^|[^\p{L}\p{N}_])__(?=\S)([\s\S]*?\S)__(?![\p{L}\p{N}_])/gu, '$1$2')
    .replace(/(^|[^\p{L}\p{N}_])_(?=[^\s_])([\s\S]*?[^\s_])_(?![\p{L}\p{N}_])/gu, '$1$2')
    // An action left open or closed without its pair (*waves, waves*): the * at the word's edge goes.
    .replace(/(^|\s)\*+(?=[\p{L}\p{N}"'“«(])/gmu, '$1')
    .replace(/([\p{L}\p{N}.,!?…"'”»)])\*+(?=\s|$)/gmu, '$1')
    .replace(HIDDEN, unhide);

  if (names) text = fillNames(text, names.char, names.user, { pronoun: true });
  return text.replace(/\s+/g, ' ').trim();
}
