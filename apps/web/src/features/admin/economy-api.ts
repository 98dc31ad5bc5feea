import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EconomyQuery, TokenPurchase, TokenPurchaseInput, TokenPurchasePatch } from '@app/shared/admin-economy/schemas';
import { ZEconomyReport, ZTokenPurchase, ZTokenPurchaseList } from '@app/shared/admin-economy/schemas';
import type { PricingConfig } from '@app/shared/pricing/rules';
import { ZPricingConfig } from '@app/shared/pricing/schemas';
import { api } from '@/lib/api-client';

/** The admins' pricing, API token purchases and economy report (GET/PUT /api/admin/pricing, /api/admin/token-purchases, /api/admin/economy). */
const KEYS = {
  pricing: ['admin', 'pricing'] as const,
  purchases: ['admin', 'token-purchases'] as const,
  economy: (q: EconomyQuery) => ['admin', 'economy', q] as const,
};

export const usePricingConfig = () =>
  useQuery({ queryKey: KEYS.pricing, queryFn: () => api('/api/admin/pricing', { schema: ZPricingConfig }) });

export function useSavePricing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (config: PricingConfig) => api('/api/admin/pricing', { method: 'PUT', body: config, schema: ZPricingConfig }),
    onSuccess: (saved) => {
      client.setQueryData(KEYS.pricing, saved);
      // Token packs and quotes follow the pricing; the usage cost falls back to it.
      return client.invalidateQueries({ queryKey: ['admin', 'economy'] });
    },
  });
}

export const useTokenPurchases = () =>
  useQuery({
    queryKey: KEYS.purchases,
    queryFn: async () => (await api('/api/admin/token-purchases', { schema: ZTokenPurchaseList })).items,
  });

/** Add (no id) or change (id) a purchase; the list and the report are read again. */
export function useSaveTokenPurchase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TokenPurchaseInput | TokenPurchasePatch }): Promise<TokenPurchase> =>
      id
        ? api(`/api/admin/token-purchases/${id}`, { method: 'PATCH', body, schema: ZTokenPurchase })
        : api('/api/admin/token-purchases', { method: 'POST', body, schema: ZTokenPurchase }),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: KEYS.purchases }), client.invalidateQueries({ queryKey: ['admin', 'economy'] })]),
  });
}

export function useDeleteTokenPurchase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/admin/token-purchases/${id}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: KEYS.purchases }), client.invalidateQueries({ queryKey: ['admin', 'economy'] })]),
  });
}

export const useEconomyReport = (query: EconomyQuery, enabled: boolean) =>
  useQuery({
    queryKey: KEYS.economy(query),
    queryFn: () => {
      const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1])));
      return api(`/api/admin/economy?${params.toString()}`, { schema: ZEconomyReport });
    },
    enabled,
    placeholderData: (previous) => previous,
  });
