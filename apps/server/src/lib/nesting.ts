import { CST, Lexer } from 'yaml';

/**
 * How deep a card, a world or any uploaded document may nest its arrays and objects (decision
 * 036). Real cards nest a handful of levels (data.extensions.depth_prompt...); a crafted one of a
 * million nested arrays made the database insert fail with a 500, and 10^5 levels of YAML held
 * the event loop 0.7 s while they parsed.
 */
export const MAX_NESTING = 64;

/** Whether a parsed value nests arrays and objects deeper than `max` (walked without recursion). */
export function nestedDeeperThan(value: unknown, max = MAX_NESTING): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(node)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Whether JSON text opens more than `max` arrays and objects inside each other, read on the raw
 * text (brackets inside strings skipped) before it is parsed: one linear pass that stops at the
 * first level too many, so a 2 MB body of a million nested arrays costs milliseconds, not a parse
 * and a walk of a million levels.
 */
export function jsonNestedDeeperThan(text: string, max = MAX_NESTING): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

// A line's block nesting is at most its indentation (one column a level at the least): past this
// many columns, the text is refused before it is parsed; what parses is checked exactly after.
const MAX_INDENT_COLUMNS = 1024;
const INDENTING = new Set(['space', 'seq-item-ind', 'explicit-key-ind', 'map-value-ind']);
const SKIPPED = new Set(['doc-mode', 'byte-order-mark']);

/**
 * Whether YAML text nests too deep to parse: its flow collections ([ and {) deeper than `max`, or a
 * line indented past MAX_INDENT_COLUMNS. Read with yaml's own lexer (quotes and comments as the
 * parser reads them) and stopped at the first sign, so a crafted file costs a linear scan at worst.
 */
export function yamlNestedTooDeep(text: string, max = MAX_NESTING): boolean {
  let flow = 0;
  let column = 0;
  let lineStart = true;
  for (const token of new Lexer().lex(text)) {
    const type = CST.tokenType(token);
    if (type === 'flow-map-start' || type === 'flow-seq-start') {
      if (++flow > max) return true;
    } else if (type === 'flow-map-end' || type === 'flow-seq-end') flow = Math.max(0, flow - 1);
    if (type === 'newline') {
      column = 0;
      lineStart = true;
    } else if (type && SKIPPED.has(type)) continue;
    else if (lineStart && type && INDENTING.has(type)) {
      column += token.length;
      if (column > MAX_INDENT_COLUMNS) return true;
    } else lineStart = false;
  }
  return false;
}
