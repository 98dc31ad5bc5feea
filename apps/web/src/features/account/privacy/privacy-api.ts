import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPublicProfile } from '@app/shared/profiles/schemas';
import { ZPrivacySettings, type PrivacyPatch, type PrivacySettings } from '@app/shared/account/sections';
import { api } from '@/lib/api-client';
import { useLocalSettings } from '@/features/settings/local-settings';

export const PRIVACY_QUERY_KEY = ['settings', 'privacy'] as const;

/** The answer of every privacy call: kept in the query cache and (without the block list) locally. */
function useStorePrivacy() {
  const queryClient = useQueryClient();
  return (privacy: PrivacySettings) => {
    queryClient.setQueryData(PRIVACY_QUERY_KEY, privacy);
    useLocalSettings.getState().setPrivacy(privacy);
  };
}

export function usePrivacy() {
  return useQuery({
    queryKey: PRIVACY_QUERY_KEY,
    queryFn: async () => {
      const privacy = await api('/api/user/settings/privacy', { schema: ZPrivacySettings });
      useLocalSettings.getState().setPrivacy(privacy);
      return privacy;
    },
  });
}

export function useSavePrivacy() {
  const store = useStorePrivacy();
  return useMutation({
    mutationFn: (patch: PrivacyPatch) => api('/api/user/settings/privacy', { method: 'PATCH', body: patch, schema: ZPrivacySettings }),
    onSuccess: store,
  });
}

export function useResetPrivacy() {
  const store = useStorePrivacy();
  return useMutation({
    mutationFn: () => api('/api/user/settings/privacy/reset', { method: 'POST', schema: ZPrivacySettings }),
    onSuccess: store,
  });
}

/** Block by username: the id comes from the public profile, then POST /api/user/block. */
export function useBlockUser() {
  const store = useStorePrivacy();
  return useMutation({
    mutationFn: async (username: string) => {
      const profile = await api(`/api/users/${encodeURIComponent(username)}/profile`, { schema: ZPublicProfile });
      return api('/api/user/block', { method: 'POST', body: { userId: profile.id }, schema: ZPrivacySettings });
    },
    onSuccess: store,
  });
}

export function useUnblockUser() {
  const store = useStorePrivacy();
  return useMutation({
    mutationFn: (userId: string) => api(`/api/user/block/${encodeURIComponent(userId)}`, { method: 'DELETE', schema: ZPrivacySettings }),
    onSuccess: store,
  });
}

/** A blocked user's name and avatar, for the list (the list itself holds ids only). */
export function useBlockedUser(userId: string) {
  return useQuery({
    queryKey: ['settings', 'blocked-user', userId],
    queryFn: () => api(`/api/users/${encodeURIComponent(userId)}/profile`, { schema: ZPublicProfile }),
    staleTime: 5 * 60_000,
  });
}
