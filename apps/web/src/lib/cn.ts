import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names, letting later Tailwind classes win over earlier ones: `cn('px-4 text-sm',
 * 'px-2')` is `text-sm px-2`. This is tailwind-merge's rule for the utilities this app writes,
 * in about a tenth of its bytes (tailwind-merge was 8 KB of the 180 KB gzip that / loaded before it
 * was interactive, decision 046). cn.test.ts compares the two on every class the app's source names,
 * so a utility added without its group here fails there. A class of no known group is kept as it is.
 */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}

const words = (s: string) => s.split(' ');

/** Classes that are a group by their whole name. */
const EXACT: Record<string, string> = {};
for (const [group, names] of Object.entries({
  display: 'block inline inline-block flex inline-flex grid inline-grid contents hidden table flow-root list-item',
  position: 'static fixed absolute relative sticky',
  visibility: 'visible invisible collapse',
  sr: 'sr-only not-sr-only',
  'font-style': 'italic not-italic',
  'text-decoration': 'underline overline line-through no-underline',
  'text-transform': 'uppercase lowercase capitalize normal-case',
  'text-overflow': 'truncate text-ellipsis text-clip',
  filter: 'filter filter-none',
  'fvn-spacing': 'tabular-nums proportional-nums',
  'font-smoothing': 'antialiased subpixel-antialiased',
  isolation: 'isolate isolation-auto',
})) {
  for (const name of words(names)) EXACT[name] = group;
}

/** Utilities named by a prefix and a value (`px-4`), longest first so that `inset-x` wins over `inset`. */
const PREFIXES = words(
  'w h size min-w max-w min-h max-h p px py pt pr pb pl ps pe m mx my mt mr mb ml ms me gap gap-x gap-y space-x space-y ' +
    'top right bottom left inset inset-x inset-y start end z opacity order basis grow shrink flex items justify justify-items ' +
    'justify-self self content place-items place-content place-self grid-cols grid-rows col-span col-start col-end row-span ' +
    'leading tracking line-clamp cursor pointer-events translate-x translate-y rotate scale animate transition duration ease delay ' +
    'overflow overflow-x overflow-y whitespace break object aspect underline-offset decoration from via to backdrop-blur blur ' +
    'select appearance origin fill stroke list align text font bg border border-x border-y border-t border-r border-b border-l ' +
    'border-s border-e rounded rounded-t rounded-r rounded-b rounded-l rounded-s rounded-e rounded-tl rounded-tr rounded-br ' +
    'rounded-bl divide-x divide-y divide accent caret ring ring-offset shadow outline outline-offset touch resize sr field-sizing',
).sort((a, b) => b.length - a.length);

/** Utilities that are whole without a value. */
const BARE = new Set(
  words(
    'border border-x border-y border-t border-r border-b border-l border-s border-e rounded rounded-t rounded-r rounded-b rounded-l rounded-s rounded-e rounded-tl rounded-tr rounded-br rounded-bl ring shadow blur backdrop-blur outline transition grow shrink resize divide-x divide-y',
  ),
);

/** The values of spacing and sizing utilities: a number, a fraction, arbitrary, or one of these words. */
const SPACING = /^(\[.*\]|\(.*\)|[\d.]+(\/\d+)?|auto|full|px|screen|min|max|fit|prose|none|3xs|2xs|xs|sm|md|lg|\d?xl|[sdl]v[hw])$/;

/** The values of the utilities where tailwind-merge takes only some words. */
const VALUES: Record<string, RegExp> = {
  appearance: /^(none|auto)$/,
  overflow: /^(auto|hidden|clip|visible|scroll)$/,
  'overflow-x': /^(auto|hidden|clip|visible|scroll)$/,
  'overflow-y': /^(auto|hidden|clip|visible|scroll)$/,
  object: /^(contain|cover|fill|none|scale-down|center|top|bottom|left|right|left-top|left-bottom|right-top|right-bottom|\[.*\])$/,
  flex: /^(\d+|auto|initial|none|row|col|row-reverse|col-reverse|wrap|nowrap|wrap-reverse|\[.*\])$/,
  content: /^(normal|center|start|end|between|around|evenly|baseline|stretch|none|\[.*\])$/,
};

const SIZES = /^(xs|sm|base|lg|xl|\d+xl)$/;
const LENGTH = /^(|\d+(\.\d+)?|px|\[(length:)?[\d.]+[a-z%]*\]|\(length:.*\))$/;

/** The group of a utility's prefix and value, where a prefix names several (`text-sm`, `text-red-500`). */
function groupOf(prefix: string, value: string): string {
  const v = value.replace(/\/[^\]/]*$/, ''); // text-sm/6, bg-primary/90
  switch (prefix) {
    case 'text':
      if (SIZES.test(v) || /^\[[\d.]+[a-z%]*\]$|^\[length:/.test(v)) return 'font-size';
      if (/^(left|center|right|justify|start|end)$/.test(v)) return 'text-align';
      if (/^(wrap|nowrap|balance|pretty)$/.test(v)) return 'text-wrap';
      return 'text-color';
    case 'font':
      return /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/.test(v) ? 'font-weight' : 'font-family';
    case 'flex':
      if (/^(row|col|row-reverse|col-reverse)$/.test(v)) return 'flex-direction';
      if (/^(wrap|nowrap|wrap-reverse)$/.test(v)) return 'flex-wrap';
      return 'flex';
    case 'bg':
      // tailwind-merge 3 takes bg-gradient-to-* (Tailwind 3's name) for a colour, and so does this.
      if (/^(linear|radial|conic|none)\b/.test(v)) return 'bg-image';
      if (/^clip-/.test(v)) return 'bg-clip';
      if (/^(fixed|local|scroll)$/.test(v)) return 'bg-attachment';
      if (/^(auto|cover|contain)$/.test(v)) return 'bg-size';
      if (/^(center|top|bottom|left|right)/.test(v)) return 'bg-position';
      if (/^(no-)?repeat/.test(v)) return 'bg-repeat';
      return 'bg-color';
    case 'ring':
    case 'ring-offset':
      if (v === 'inset') return 'ring-inset';
      return LENGTH.test(v) ? `${prefix}-w` : `${prefix}-color`;
    case 'shadow':
      return /^(|none|2xs|xs|sm|md|lg|xl|2xl|inner)$/.test(v) ? 'shadow' : 'shadow-color';
    case 'outline':
      if (/^(none|solid|dashed|dotted|double|hidden)$/.test(v)) return 'outline-style';
      return LENGTH.test(v) ? 'outline-w' : 'outline-color';
    case 'break':
      return /^(after|before|inside)-/.test(v) ? `break-${v.split('-')[0]}` : 'break';
    case 'object':
      return /^(contain|cover|fill|none|scale-down)$/.test(v) ? 'object-fit' : 'object-position';
    case 'transition':
      return 'transition';
  }
  if (prefix.startsWith('border')) {
    if (/^(solid|dashed|dotted|double|hidden|none)$/.test(v)) return 'border-style';
    return LENGTH.test(v) ? `${prefix}-w` : `${prefix}-color`;
  }
  return prefix;
}

function baseGroup(base: string): string | undefined {
  if (EXACT[base]) return EXACT[base];
  if (BARE.has(base)) return groupOf(base, '');
  // `ring-offset` alone is a colour named offset to tailwind-merge; `justify-items` alone no class.
  if (base === 'ring-offset' || base === 'outline-offset') return `${base.split('-')[0]}-color`;
  if (PREFIXES.includes(base)) return undefined;
  for (const p of PREFIXES)
    if (base.startsWith(`${p}-`)) {
      const value = base.slice(p.length + 1);
      // A value tailwind-merge takes: a number, a fraction, a keyword, a colour (`red-500`), arbitrary.
      if (!/^(\[.*\]|\(.*\)|[\d.]+(\/\d+)?|[a-z]+(-[a-z]+)*(-\d+)?(\/\d+)?|\d?xl|\d+xl)$/.test(value)) return undefined;
      if (/^([pm][xytrblse]?|inset|top|right|bottom|left|start|end|gap|space|[wh]|size|min-.|max-.)(-|$)/.test(p) && !SPACING.test(value))
        return undefined;
      if (VALUES[p] && !VALUES[p].test(value)) return undefined;
      return groupOf(p, value);
    }
  return undefined;
}

/** What a later class of a group removes besides its own group: `p-2` removes an earlier `px-4`. */
const SIDES: Record<string, string> = {
  '': 'x y t r b l s e',
  x: 'r l s e',
  y: 't b',
};
const CONFLICTS: Record<string, string[]> = {
  size: ['w', 'h'],
  gap: ['gap-x', 'gap-y'],
  overflow: ['overflow-x', 'overflow-y'],
  inset: words('inset-x inset-y start end top right bottom left'),
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  rounded: words('rounded-t rounded-r rounded-b rounded-l rounded-s rounded-e rounded-tl rounded-tr rounded-br rounded-bl'),
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
};
for (const [side, others] of Object.entries(SIDES)) {
  for (const g of ['p', 'm']) CONFLICTS[g + side] = words(others).map((o) => g + o);
  for (const kind of ['w', 'color']) CONFLICTS[`border${side && `-${side}`}-${kind}`] = words(others).map((o) => `border-${o}-${kind}`);
}

function merge(classes: string): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  const list = classes.split(/\s+/).filter(Boolean);
  for (let i = list.length - 1; i >= 0; i--) {
    const cls = list[i]!;
    // Variants are the parts before the last colon outside brackets (`md:hover:`, `[&>svg]:`).
    const parts = cls.split(/:(?![^[]*\])/);
    let base = parts.pop()!;
    const important = base.startsWith('!') || base.endsWith('!');
    base = base.replace(/^!|!$/g, '').replace(/^-/, '');
    const group = baseGroup(base);
    if (!group) {
      kept.push(cls);
      continue;
    }
    const scope = `${parts.sort().join(':')}${important ? '!' : ''}|`;
    if (seen.has(scope + group)) continue;
    seen.add(scope + group);
    for (const other of CONFLICTS[group] ?? []) seen.add(scope + other);
    kept.push(cls);
  }
  return kept.reverse().join(' ');
}
