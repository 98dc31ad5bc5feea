import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { ACHIEVEMENT_CATEGORIES, QUEST_TYPES } from '@app/shared/gamification/schemas';
import { DEFAULT_PREFS, persistedPrefs, type GamificationPrefs } from './rules';

/** The fixed key of gamification.md §4. */
export const GAMIFICATION_STORAGE_KEY = 'gamification-storage';

interface GamificationState extends GamificationPrefs {
  setCategory(category: GamificationPrefs['selectedCategory']): void;
  setQuestType(type: GamificationPrefs['selectedQuestType']): void;
  setShowHidden(show: boolean): void;
}

/** A stored value is used only when it is one the screens know; anything else falls back to the default. */
export function sanePrefs(stored: unknown): GamificationPrefs {
  const s = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<Record<keyof GamificationPrefs, unknown>>;
  const category = s.selectedCategory;
  const type = s.selectedQuestType;
  return {
    selectedCategory:
      category === 'all' || (ACHIEVEMENT_CATEGORIES as readonly unknown[]).includes(category)
        ? (category as GamificationPrefs['selectedCategory'])
        : DEFAULT_PREFS.selectedCategory,
    selectedQuestType:
      type === 'all' || (QUEST_TYPES as readonly unknown[]).includes(type)
        ? (type as GamificationPrefs['selectedQuestType'])
        : DEFAULT_PREFS.selectedQuestType,
    showHidden: typeof s.showHidden === 'boolean' ? s.showHidden : DEFAULT_PREFS.showHidden,
  };
}

/** The screens' choices that the browser keeps (§4): category, quest type and the hidden toggle, nothing else. */
export const useGamificationStore = create<GamificationState>()(
  persist<GamificationState, [], [], GamificationPrefs>(
    (set) => ({
      ...DEFAULT_PREFS,
      setCategory: (selectedCategory) => set({ selectedCategory }),
      setQuestType: (selectedQuestType) => set({ selectedQuestType }),
      setShowHidden: (showHidden) => set({ showHidden }),
    }),
    {
      name: GAMIFICATION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: persistedPrefs,
      merge: (stored, current) => ({ ...current, ...sanePrefs(stored) }),
    },
  ),
);
