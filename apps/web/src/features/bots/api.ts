import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { BotFieldsInput } from '@app/shared/bots/validation';
import type { MyBotsQuery, PublicBotsQuery } from '@app/shared/bots/schemas';
import type * as BotSchemasModule from './schemas';
import { api, apiUpload } from '@/lib/api-client';
import { toQueryString } from '@/lib/query-string';
import { CATEGORIES_PATH, publicBotsPath } from './explore/first-page';

/**
 * The bot schemas (and zod under them) load with the first answer to check, not with the pages
 * that import these calls: the home page draws and starts before any of them is needed.
 */
const botSchemas = () => import('./schemas');
export const botSchema =
  <K extends keyof BotSchemas>(name: K) =>
  (): Promise<BotSchemas[K]> =>
    botSchemas().then((schemas) => schemas[name]);
type BotSchemas = typeof BotSchemasModule;

/**
 * Every bot call of bots-header-auth.md §7, one fetcher and one hook each. Query keys start with
 * 'bots' so that any change can refresh every list at once.
 */
export const botKeys = {
  all: ['bots'] as const,
  my: (query: MyBotsQuery) => ['bots', 'my', query] as const,
  public: (query: PublicBotsQuery) => ['bots', 'public', query] as const,
  detail: (id: string) => ['bots', 'detail', id] as const,
  versions: (id: string) => ['bots', 'versions', id] as const,
  collaborators: (id: string) => ['bots', 'collaborators', id] as const,
};

export const getBot = (id: string) => api(`/api/bots/${id}`, { schema: botSchema('ZBot') });
export const listMyBots = (query: MyBotsQuery) => api(`/api/bots/my${toQueryString(query)}`, { schema: botSchema('ZBotSummaryPage') });
// The public catalogue is the same for everyone: no token, so it needn't wait for the session (and the entry may have fetched it already).
export const listPublicBots = (query: PublicBotsQuery) =>
  api(publicBotsPath(query), { schema: botSchema('ZBotSummaryPage'), withAuth: false });

export function useBot(id: string | undefined) {
  return useQuery({ queryKey: botKeys.detail(id ?? ''), queryFn: () => getBot(id!), enabled: Boolean(id) });
}
export function useMyBots(query: MyBotsQuery, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: botKeys.my(query),
    queryFn: () => listMyBots(query),
    placeholderData: keepPreviousData,
    enabled: opts.enabled,
  });
}
export function usePublicBots(query: PublicBotsQuery, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: botKeys.public(query),
    queryFn: () => listPublicBots(query),
    placeholderData: keepPreviousData,
    enabled: opts.enabled,
  });
}
export function useCategories() {
  return useQuery({
    queryKey: ['bots', 'categories'],
    queryFn: () => api(CATEGORIES_PATH, { schema: botSchema('ZCategoryList'), withAuth: false }),
    staleTime: 10 * 60_000,
  });
}
export function useTemplates() {
  return useQuery({
    queryKey: ['bots', 'templates'],
    queryFn: () => api('/api/bots/templates', { schema: botSchema('ZTemplateList') }),
    staleTime: 10 * 60_000,
  });
}
export function useFavoriteBots(page = 1) {
  return useQuery({
    queryKey: ['bots', 'favorites', page],
    queryFn: () => api(`/api/bots/favorites?page=${page}`, { schema: botSchema('ZBotSummaryPage') }),
  });
}
export function useBotAnalytics() {
  return useQuery({ queryKey: ['bots', 'analytics'], queryFn: () => api('/api/bots/analytics', { schema: botSchema('ZAnalytics') }) });
}
export function useModerationRequests(page = 1) {
  return useQuery({
    queryKey: ['bots', 'moderation', page],
    queryFn: () => api(`/api/bots/moderation-requests?page=${page}`, { schema: botSchema('ZModerationPage') }),
  });
}
export function useVersions(id: string) {
  return useQuery({
    queryKey: botKeys.versions(id),
    queryFn: () => api(`/api/bots/${id}/versions`, { schema: botSchema('ZVersionList') }),
  });
}
export function useCollaborators(id: string) {
  return useQuery({
    queryKey: botKeys.collaborators(id),
    queryFn: () => api(`/api/bots/${id}/collaborators`, { schema: botSchema('ZCollaboratorList') }),
  });
}

/** A mutation that refreshes every bot query when it succeeds. */
function useBotMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: botKeys.all }) });
}

export const useCreateBot = () =>
  useBotMutation((body: BotFieldsInput) => api('/api/bots', { method: 'POST', body, schema: botSchema('ZBot') }));
export const useUpdateBot = () =>
  useBotMutation(({ id, body }: { id: string; body: Partial<BotFieldsInput> }) =>
    api(`/api/bots/${id}`, { method: 'PATCH', body, schema: botSchema('ZBot') }),
  );
export const useDeleteBot = () => useBotMutation((id: string) => api(`/api/bots/${id}`, { method: 'DELETE' }));
export const useCloneBot = () =>
  useBotMutation(
    ({
      id,
      name,
      makePrivate = true,
      includeStats = false,
    }: {
      id: string;
      name?: string;
      makePrivate?: boolean;
      includeStats?: boolean;
    }) => api(`/api/bots/${id}/clone`, { method: 'POST', body: { name, makePrivate, includeStats }, schema: botSchema('ZBot') }),
  );
export const usePublishBot = () =>
  useBotMutation((id: string) => api(`/api/bots/${id}/publish`, { method: 'POST', schema: botSchema('ZBot') }));
export const useUnpublishBot = () =>
  useBotMutation((id: string) => api(`/api/bots/${id}/unpublish`, { method: 'POST', schema: botSchema('ZBot') }));
export const useBulkAction = () =>
  useBotMutation(({ action, botIds }: { action: 'delete' | 'publish' | 'unpublish'; botIds: string[] }) =>
    api(`/api/bots/bulk-${action}`, { method: 'POST', body: { botIds }, schema: botSchema('ZBulkResult') }),
  );
/**
 * Adds a bot to the caller's favorites or takes it out, then refreshes the bot queries (the answer
 * settles once they are fresh). A plain function rather than a mutation hook: every card has a
 * heart, and a mutation observer per card was work on every page load for a button seldom pressed.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useCallback(
    async ({ id, favorite }: { id: string; favorite: boolean }) => {
      const result = await api(`/api/bots/${id}/favorite`, { method: favorite ? 'POST' : 'DELETE', schema: botSchema('ZFavoriteResult') });
      await queryClient.invalidateQueries({ queryKey: botKeys.all });
      return result;
    },
    [queryClient],
  );
}
export const useReportBot = () =>
  useMutation({
    mutationFn: ({ id, reason, description }: { id: string; reason: string; description: string }) =>
      api(`/api/bots/${id}/report`, { method: 'POST', body: { reason, description }, schema: botSchema('ZCreated') }),
  });
export const useSubmitReview = () =>
  useMutation({
    mutationFn: ({ id, type }: { id: string; type: string }) =>
      api(`/api/bots/${id}/submit-review`, { method: 'POST', body: { type }, schema: botSchema('ZCreated') }),
  });
export const useDeployBot = () =>
  useMutation({
    mutationFn: ({ id, platform }: { id: string; platform: string }) =>
      api(`/api/bots/${id}/deploy`, { method: 'POST', body: { platform }, schema: botSchema('ZDeployResult') }),
  });
export const useCreateVersion = () =>
  useBotMutation(({ id, changelog }: { id: string; changelog: string }) =>
    api(`/api/bots/${id}/versions`, { method: 'POST', body: { changelog }, schema: botSchema('ZBotVersion') }),
  );
export const useRestoreVersion = () =>
  useBotMutation(({ id, versionId }: { id: string; versionId: string }) =>
    api(`/api/bots/${id}/versions/${versionId}/restore`, { method: 'POST', schema: botSchema('ZBot') }),
  );
export const useInviteCollaborator = () =>
  useBotMutation(({ id, email, role }: { id: string; email: string; role: 'editor' | 'viewer' }) =>
    api(`/api/bots/${id}/collaborators`, { method: 'POST', body: { email, role }, schema: botSchema('ZCollaborator') }),
  );
export const useUpdateCollaborator = () =>
  useBotMutation(({ id, userId, role }: { id: string; userId: string; role: 'editor' | 'viewer' }) =>
    api(`/api/bots/${id}/collaborators/${userId}`, { method: 'PATCH', body: { role }, schema: botSchema('ZCollaborator') }),
  );
export const useRemoveCollaborator = () =>
  useBotMutation(({ id, userId }: { id: string; userId: string }) => api(`/api/bots/${id}/collaborators/${userId}`, { method: 'DELETE' }));
export const useUploadBotAvatar = () =>
  useBotMutation(({ id, file }: { id: string; file: File }) =>
    apiUpload(`/api/bots/${id}/avatar`, 'avatar', file, botSchema('ZAvatarResult')),
  );
export const useImportBot = () => useBotMutation((file: File) => apiUpload('/api/bots/import', 'file', file, botSchema('ZBot')));
