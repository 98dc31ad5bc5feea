import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZFollowResult, ZPublicProfile, type PublicProfile } from '@app/shared/profiles/schemas';
import { api } from '@/lib/api-client';

const profileKey = (usernameOrId: string) => ['profile', usernameOrId] as const;

export function useProfile(usernameOrId: string) {
  return useQuery({
    queryKey: profileKey(usernameOrId),
    queryFn: () => api(`/api/users/${encodeURIComponent(usernameOrId)}/profile`, { schema: ZPublicProfile }),
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });
}

/** Follow or unfollow, shown at once and corrected by the server's count. */
export function useFollow(usernameOrId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, follow }: { userId: string; follow: boolean }) =>
      api(`/api/users/${userId}/follow`, { method: follow ? 'POST' : 'DELETE', schema: ZFollowResult }),
    onMutate: ({ follow }) => {
      const key = profileKey(usernameOrId);
      const previous = queryClient.getQueryData<PublicProfile>(key);
      if (previous)
        queryClient.setQueryData<PublicProfile>(key, {
          ...previous,
          isFollowing: follow,
          followers: previous.followers + (follow ? 1 : -1),
        });
      return { previous };
    },
    onError: (_err, _vars, context) => context?.previous && queryClient.setQueryData(profileKey(usernameOrId), context.previous),
    onSuccess: (result) =>
      queryClient.setQueryData<PublicProfile>(profileKey(usernameOrId), (p) =>
        p ? { ...p, isFollowing: result.following, followers: result.followers } : p,
      ),
  });
}
