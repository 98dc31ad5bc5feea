import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAccountProfile, ZAvatarUrl, type AccountProfile, type ProfilePatch } from '@app/shared/account/schemas';
import { useAuthStore } from '@/features/auth/store';
import { api, apiUpload } from '@/lib/api-client';

export const PROFILE_QUERY_KEY = ['settings', 'profile'] as const;

export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: () => api('/api/user/profile', { schema: ZAccountProfile }) });
}

/** What changes with the profile: the changed fields, and a new avatar file or its removal. */
export interface ProfileSave {
  patch: ProfilePatch;
  avatar: { file: File } | 'remove' | null;
}

/**
 * Saves the profile as §4 says: the avatar file is uploaded first, then the profile updated.
 * The header's user (auth store) takes the new name and avatar at once, without a reload.
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ patch, avatar }: ProfileSave): Promise<AccountProfile> => {
      if (avatar === 'remove') await api('/api/user/avatar', { method: 'DELETE' });
      else if (avatar) await apiUpload('/api/user/avatar', 'avatar', avatar.file, ZAvatarUrl);
      return Object.keys(patch).length > 0
        ? api('/api/user/profile', { method: 'PATCH', body: patch, schema: ZAccountProfile })
        : api('/api/user/profile', { schema: ZAccountProfile });
    },
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      const { session, setUser } = useAuthStore.getState();
      if (session) {
        setUser({
          ...session.user,
          displayName: profile.displayName,
          username: profile.username,
          avatarUrl: profile.avatarUrl,
        });
      }
    },
  });
}
