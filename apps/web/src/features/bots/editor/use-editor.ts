import { useMemo, useState } from 'react';
import { DRAFT_FIELD_TAB, validateBotDraft, type BotDraft } from '@app/shared/bots/validation';
import { useDraftStore, type StoredDraft } from './draft-store';

export type EditorTab = 'basic' | 'personality' | 'settings' | 'visibility';
export const EDITOR_TABS: EditorTab[] = ['basic', 'personality', 'settings', 'visibility'];

/**
 * The form's state over a stored draft: edits go straight to the draft store (so a reload keeps
 * them), errors show once a field was touched or a save was tried, and each tab knows whether it
 * holds an error (the red dot).
 */
export function useEditor(draftId: string, entry: StoredDraft) {
  const updateDraft = useDraftStore((s) => s.updateDraft);
  const updateSettings = useDraftStore((s) => s.updateSettings);
  const updateEntry = useDraftStore((s) => s.update);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<{ field?: string; message: string } | null>(null);
  const validation = useMemo(() => validateBotDraft(entry.draft), [entry.draft]);

  const errorOf = (field: string): string | undefined => {
    if (serverError?.field === field) return serverError.message;
    return attempted || touched.has(field) ? validation.errors[field] : undefined;
  };
  const tabHasError = (tab: EditorTab) =>
    Object.keys(validation.errors).some((f) => (DRAFT_FIELD_TAB[f] ?? 'basic') === tab && (attempted || touched.has(f))) ||
    (serverError?.field !== undefined && (DRAFT_FIELD_TAB[serverError.field] ?? 'basic') === tab);

  return {
    draft: entry.draft,
    validation,
    set<K extends keyof BotDraft>(field: K, value: BotDraft[K]) {
      updateDraft(draftId, { [field]: value } as Partial<BotDraft>);
      setTouched((s) => (s.has(field) ? s : new Set(s).add(field)));
      if (serverError?.field === field) setServerError(null);
    },
    setSettings(patch: Partial<BotDraft['settings']>) {
      updateSettings(draftId, patch);
    },
    setTagText(text: string) {
      updateEntry(draftId, { tagText: text });
    },
    touch: (field: string) => setTouched((s) => (s.has(field) ? s : new Set(s).add(field))),
    errorOf,
    tabHasError,
    attempted,
    setAttempted,
    serverError,
    setServerError,
  };
}
export type Editor = ReturnType<typeof useEditor>;
