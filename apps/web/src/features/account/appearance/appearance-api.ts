import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@app/shared/app/constants';
import { ZLanguageBody } from '@app/shared/account/schemas';
import { ZAppearanceSettings, type AppearancePatch, type AppearanceSettings } from '@app/shared/account/sections';
import { api } from '@/lib/api-client';
import { adoptAppearance } from './appearance-sync';

export const APPEARANCE_QUERY_KEY = ['settings', 'appearance'] as const;

export function useAppearance() {
  return useQuery({
    queryKey: APPEARANCE_QUERY_KEY,
    queryFn: () => api('/api/user/settings/appearance', { schema: ZAppearanceSettings }),
  });
}

export interface AppearanceSave {
  patch: Omit<AppearancePatch, 'language'>;
  /** A new language: posted after the rest, then the page reloads (§4). */
  language: Language | null;
}

/** Saves the appearance; the page then shows the saved values (theme store, <html> attributes, local copy). */
export function useSaveAppearance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ patch, language }: AppearanceSave): Promise<{ saved: AppearanceSettings; reload: boolean }> => {
      let saved =
        Object.keys(patch).length > 0
          ? await api('/api/user/settings/appearance', { method: 'PATCH', body: patch, schema: ZAppearanceSettings })
          : await api('/api/user/settings/appearance', { schema: ZAppearanceSettings });
      if (language && language !== saved.language) {
        const answer = await api('/api/user/language', { method: 'POST', body: { language }, schema: ZLanguageBody });
        saved = { ...saved, language: answer.language };
        return { saved, reload: true };
      }
      return { saved, reload: false };
    },
    onSuccess: async ({ saved, reload }) => {
      queryClient.setQueryData(APPEARANCE_QUERY_KEY, saved);
      await adoptAppearance(saved);
      // §4: a language change posts, updates the local settings, then reloads the page.
      if (reload) window.location.reload();
    },
  });
}

export function useResetAppearance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/user/settings/appearance/reset', { method: 'POST', schema: ZAppearanceSettings }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(APPEARANCE_QUERY_KEY, saved);
      await adoptAppearance(saved);
    },
  });
}
