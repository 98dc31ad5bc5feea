import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePurchase, Purchase } from '@app/shared/purchases/schemas';
import { ZPurchase, ZPurchaseList } from '@app/shared/purchases/schemas';
import { api } from '@/lib/api-client';

const purchaseKey = (id: string) => ['purchases', id] as const;

/**
 * Starts a purchase and goes where it is paid: the in-app sandbox page (same origin: the router
 * takes it) or Stripe Checkout (another site: the browser leaves).
 */
export function useStartPurchase(navigate: (path: string) => void) {
  return useMutation({
    mutationFn: (order: CreatePurchase) => api('/api/purchases', { method: 'POST', body: order, schema: ZPurchase }),
    onSuccess: (purchase) => {
      if (!purchase.checkoutUrl) return;
      const target = new URL(purchase.checkoutUrl, window.location.href);
      if (target.origin === window.location.origin) navigate(target.pathname + target.search);
      else window.location.assign(target.href);
    },
  });
}

/** One purchase; while it waits for Stripe's webhook after a successful checkout, it is asked again every 2 s. */
export function usePurchase(id: string, waitingForPayment: boolean) {
  return useQuery({
    queryKey: purchaseKey(id),
    queryFn: () => api(`/api/purchases/${encodeURIComponent(id)}`, { schema: ZPurchase }),
    refetchInterval: (query) => (waitingForPayment && query.state.data?.status === 'pending' ? 2_000 : false),
  });
}

export function usePurchases() {
  return useQuery({ queryKey: ['purchases', 'list'], queryFn: () => api('/api/purchases', { schema: ZPurchaseList }) });
}

/** The sandbox checkout's Pay and Cancel; afterwards the balances are read again. */
export function useSandboxAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'complete' | 'cancel') =>
      api(`/api/purchases/${encodeURIComponent(id)}/sandbox/${action}`, { method: 'POST', schema: ZPurchase }),
    onSuccess: (purchase: Purchase) => {
      queryClient.setQueryData(purchaseKey(id), purchase);
      void queryClient.invalidateQueries({ queryKey: ['gems'] });
      void queryClient.invalidateQueries({ queryKey: ['tokens'] });
      void queryClient.invalidateQueries({ queryKey: ['purchases', 'list'] });
    },
  });
}
