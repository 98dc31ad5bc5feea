import { useQuery } from '@tanstack/react-query';
import { ZBotSummaryPage } from '@app/shared/bots/schemas';
import { api } from '@/lib/api-client';

/** One page of public bots, newest first. */
export function usePublicBots(page: number, limit = 24) {
  return useQuery({
    queryKey: ['bots', 'public', { page, limit }],
    queryFn: () => api(`/api/bots/public?page=${page}&limit=${limit}`, { schema: ZBotSummaryPage }),
    placeholderData: (previous) => previous,
  });
}
