import { useQuery } from '@tanstack/react-query';
import { ZAppInfo } from '@app/shared/app/schemas';
import { api } from './api-client';

/** About this installation (version, whether mail goes to the dev outbox, whether replies come from the offline responder). */
export const appInfoQuery = {
  queryKey: ['app', 'info'],
  queryFn: () => api('/api/app/info', { schema: ZAppInfo, withAuth: false }),
  staleTime: Infinity,
};

/** The installation's info, fetched once. */
export function useAppInfo() {
  return useQuery(appInfoQuery);
}
