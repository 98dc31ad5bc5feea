import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAdminSeason, ZAdminSeasonPage, type SeasonBody, type SeasonPatch } from '@app/shared/season-pass/schemas';
import { api } from '@/lib/api-client';

/** The seasons of the season pass (decision 028): list, create, change, delete; every change is audited. */
export const SEASONS_PAGE_SIZE = 20;

export const useAdminSeasons = (page: number) =>
  useQuery({
    queryKey: ['admin', 'seasons', page],
    queryFn: () => api(`/api/admin/seasons?page=${page}&limit=${SEASONS_PAGE_SIZE}`, { schema: ZAdminSeasonPage }),
    placeholderData: (previous) => previous,
  });

/** A change of the seasons reads the list, the audit log and the players' current season again. */
function useSeasonChange<V>(call: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'seasons'] }),
        client.invalidateQueries({ queryKey: ['admin', 'audit'] }),
        client.invalidateQueries({ queryKey: ['gamification', 'season-pass'] }),
      ]),
  });
}

export const useSaveSeason = () =>
  useSeasonChange(({ id, body }: { id?: string; body: SeasonBody | SeasonPatch }) =>
    id
      ? api(`/api/admin/seasons/${id}`, { method: 'PATCH', body, schema: ZAdminSeason })
      : api('/api/admin/seasons', { method: 'POST', body, schema: ZAdminSeason }),
  );

export const useDeleteSeason = () => useSeasonChange((id: string) => api(`/api/admin/seasons/${id}`, { method: 'DELETE' }));
