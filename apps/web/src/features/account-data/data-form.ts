import type { DataPatch, DataSettings } from '@app/shared/account-data/settings';

/**
 * The PATCH body of the data choices: the keys whose draft differs from the saved values, with
 * the draft's values. Empty when nothing changed (then Save Changes stays hidden).
 * @example changedChoices(saved, { ...saved, allowAnalytics: false }) // → { allowAnalytics: false }
 */
export function changedChoices(saved: DataSettings, draft: DataSettings): DataPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as (keyof DataSettings)[]) if (draft[key] !== saved[key]) patch[key] = draft[key];
  return patch as DataPatch;
}
