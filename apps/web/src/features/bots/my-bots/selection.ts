import { useState } from 'react';

/** What the select-all checkbox shows for a page of ids and the current selection. */
export function selectAllState(visibleIds: readonly string[], selected: ReadonlySet<string>): boolean | 'indeterminate' {
  const count = visibleIds.filter((id) => selected.has(id)).length;
  if (count === 0) return false;
  return count === visibleIds.length ? true : 'indeterminate';
}

/** Select all when not everything visible is selected; otherwise clear the visible ones. */
export function toggleAll(visibleIds: readonly string[], selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected);
  if (selectAllState(visibleIds, selected) === true) for (const id of visibleIds) next.delete(id);
  else for (const id of visibleIds) next.add(id);
  return next;
}

export function toggleOne(id: string, selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected);
  if (!next.delete(id)) next.add(id);
  return next;
}

/** The list's selection, as a hook. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return {
    selected,
    toggle: (id: string) => setSelected((s) => toggleOne(id, s)),
    toggleAll: (ids: readonly string[]) => setSelected((s) => toggleAll(ids, s)),
    clear: () => setSelected(new Set()),
  };
}
