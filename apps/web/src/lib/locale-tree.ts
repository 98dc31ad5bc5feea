/** A locale file: nested keys down to texts (or lists of texts). */
export type Tree = { [key: string]: string | string[] | Tree };

/**
 * Features keep their own texts in `locales/{en,ru}.json` files inside `features/<area>`; they are merged into the
 * one `translation` namespace, so keys stay global (`botEditor.title`) and no file is shared by two areas.
 */
export function withFeatureTexts(base: Tree, features: Record<string, { default: Tree }>): Tree {
  const merged: Tree = { ...base };
  for (const mod of Object.values(features)) deepMerge(merged, mod.default);
  return merged;
}

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

function deepMerge(target: Tree, source: Tree): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (isTree(value) && isTree(current)) {
      const copy = { ...current };
      deepMerge(copy, value);
      target[key] = copy;
    } else {
      target[key] = value;
    }
  }
}
