import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@app/shared/auth/schemas';
import type { Subscription } from '@app/shared/subscriptions/schemas';
import type { Tier } from '@app/shared/users/roles';
import { api } from '@/lib/api-client';

/**
 * The signed-in user's tier from their subscription (GET /api/subscription, the query that
 * api.ts's useSubscription shares and that a checkout, a cancel or a resume refreshes); the
 * session's tier until it has loaded. Null when signed out. The header uses it: it imports no
 * schema (the entry's budget), and the answer is the server's own serialisation of ZSubscription.
 */
export function useTier(user: SessionUser | null): Tier | null {
  const subscription = useQuery({
    queryKey: ['subscription'],
    queryFn: () => api('/api/subscription') as Promise<Subscription>,
    enabled: user !== null,
    staleTime: 30_000,
  });
  if (!user) return null;
  return subscription.data?.tier ?? user.tier;
}
