import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAdminAnalytics,
  ZAdminUser,
  ZAdminUserPage,
  ZAuditPage,
  ZBroadcast,
  ZBroadcastPage,
  ZJobRetried,
  ZJobsOverview,
} from '@app/shared/admin/schemas';
import type { AdminAction } from '@app/shared/admin/rules';
import type { Role, Tier } from '@app/shared/users/roles';
import { api } from '@/lib/api-client';

/** The console's calls (decision 023): users, analytics, broadcasts, jobs and the audit log. */
export const USERS_PAGE_SIZE = 20;

export const useAdminUsers = (q: string, banned: boolean, page: number) =>
  useQuery({
    queryKey: ['admin', 'users', { q, banned, page }],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page), limit: String(USERS_PAGE_SIZE) });
      if (q) params.set('q', q);
      if (banned) params.set('banned', 'true');
      return api(`/api/admin/users?${params.toString()}`, { schema: ZAdminUserPage });
    },
    placeholderData: (previous) => previous,
  });

/** Every change of a user reads the list and the audit log again. */
function useUserChange<V>(call: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: ['admin', 'users'] }), client.invalidateQueries({ queryKey: ['admin', 'audit'] })]),
  });
}

export const useUpdateUser = () =>
  useUserChange(({ id, ...body }: { id: string; role?: Role; tier?: Tier }) =>
    api(`/api/admin/users/${id}`, { method: 'PATCH', body, schema: ZAdminUser }),
  );

export const useBanUser = () =>
  useUserChange(({ id, reason, ban }: { id: string; reason: string; ban: boolean }) =>
    api(`/api/admin/users/${id}/${ban ? 'ban' : 'unban'}`, { method: 'POST', body: { reason }, schema: ZAdminUser }),
  );

export const useAdminAnalytics = (range: { from: string; to: string }, enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'analytics', range],
    queryFn: () => api(`/api/admin/bots/analytics?from=${range.from}&to=${range.to}`, { schema: ZAdminAnalytics }),
    enabled,
    placeholderData: (previous) => previous,
  });

export const useBroadcasts = () =>
  useQuery({ queryKey: ['admin', 'broadcasts'], queryFn: () => api('/api/admin/broadcasts?limit=20', { schema: ZBroadcastPage }) });

export function useSendBroadcast() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; message: string }) => api('/api/admin/broadcast', { method: 'POST', body, schema: ZBroadcast }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'broadcasts'] }),
        client.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}

export const useJobs = () => useQuery({ queryKey: ['admin', 'jobs'], queryFn: () => api('/api/admin/jobs', { schema: ZJobsOverview }) });

export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/admin/jobs/${id}/retry`, { method: 'POST', schema: ZJobRetried }),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: ['admin', 'jobs'] }), client.invalidateQueries({ queryKey: ['admin', 'audit'] })]),
  });
}

export const useAuditLog = (action: AdminAction | null) =>
  useInfiniteQuery({
    queryKey: ['admin', 'audit', action],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: '25' });
      if (action) params.set('action', action);
      if (pageParam) params.set('cursor', pageParam);
      return api(`/api/admin/audit-log?${params.toString()}`, { schema: ZAuditPage });
    },
    getNextPageParam: (last) => last.nextCursor,
  });
