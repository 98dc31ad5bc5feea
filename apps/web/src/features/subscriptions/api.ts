import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaidPlan } from '@app/shared/subscriptions/plans';
import {
  ZPortalSession,
  ZSubscription,
  ZSubscriptionCheckout,
  ZSubscriptionCheckoutCreated,
  ZSubscriptionInvoiceList,
  type Subscription,
  type SubscriptionCheckout,
} from '@app/shared/subscriptions/schemas';
import { ZPurchaseList } from '@app/shared/purchases/schemas';
import { api } from '@/lib/api-client';

export const subscriptionKey = ['subscription'] as const;
// Not under ['subscription']: refreshing the plan must not ask for the checkout again (whose answer refreshes the plan).
const checkoutKey = (id: string) => ['subscription-checkout', id] as const;

/** The signed-in user's plan (tier, status, renewal) and the plans on offer. */
export function useSubscription(enabled = true) {
  return useQuery({
    queryKey: subscriptionKey,
    queryFn: () => api('/api/subscription', { schema: ZSubscription }),
    enabled,
    staleTime: 30_000,
  });
}

/** What changes when a subscription does: the plan, the token balance (the allowance), the invoices, the session's tier. */
function refreshAfterChange(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: subscriptionKey });
  void queryClient.invalidateQueries({ queryKey: ['tokens'] });
}

/**
 * Starts subscribing to a plan and goes where it is paid: the in-app sandbox page (same origin:
 * the router takes it) or Stripe Checkout (another site: the browser leaves).
 */
export function useStartSubscription(navigate: (path: string) => void) {
  return useMutation({
    mutationFn: (plan: PaidPlan) =>
      api('/api/subscription/checkout', { method: 'POST', body: { plan }, schema: ZSubscriptionCheckoutCreated }),
    onSuccess: ({ checkoutUrl }) => {
      const target = new URL(checkoutUrl, window.location.href);
      if (target.origin === window.location.origin) navigate(target.pathname + target.search);
      else window.location.assign(target.href);
    },
  });
}

/** One checkout; after Stripe returns the subscriber it is asked again every 2 s until the webhook has activated it. */
export function useSubscriptionCheckout(id: string, waitingForPayment: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: checkoutKey(id),
    queryFn: async () => {
      const checkout = await api(`/api/subscription/checkout/${encodeURIComponent(id)}`, { schema: ZSubscriptionCheckout });
      if (checkout.status === 'completed') refreshAfterChange(queryClient);
      return checkout;
    },
    refetchInterval: (query) => (waitingForPayment && query.state.data?.status === 'pending' ? 2_000 : false),
  });
}

/** The sandbox page's Pay and Cancel. */
export function useSandboxCheckoutAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'complete' | 'cancel') =>
      api(`/api/subscription/checkout/${encodeURIComponent(id)}/sandbox/${action}`, { method: 'POST', schema: ZSubscriptionCheckout }),
    onSuccess: (checkout: SubscriptionCheckout) => {
      queryClient.setQueryData(checkoutKey(id), checkout);
      refreshAfterChange(queryClient);
    },
  });
}

/** Cancel at period end, or resume. */
export function useSetCancel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'cancel' | 'resume') => api(`/api/subscription/${action}`, { method: 'POST', schema: ZSubscription }),
    onSuccess: (subscription: Subscription) => {
      queryClient.setQueryData(subscriptionKey, subscription);
      refreshAfterChange(queryClient);
    },
  });
}

export function useInvoices() {
  return useQuery({
    queryKey: ['subscription', 'invoices'],
    queryFn: () => api('/api/subscription/invoices', { schema: ZSubscriptionInvoiceList }),
  });
}

/** Opens Stripe's customer portal (Stripe mode only). */
export function useOpenPortal() {
  return useMutation({
    mutationFn: () => api('/api/subscription/portal', { method: 'POST', schema: ZPortalSession }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** The caller's purchases of gems and token packs (GET /api/purchases), for the billing history; the purchases area reads the same list. */
export function usePurchaseHistory() {
  return useQuery({ queryKey: ['purchases', 'list'], queryFn: () => api('/api/purchases', { schema: ZPurchaseList }) });
}
