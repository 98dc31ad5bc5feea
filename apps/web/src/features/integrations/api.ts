import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZApiKeyCreated,
  ZConnectAnswer,
  ZIntegrations,
  ZWebhook,
  ZWebhookCreated,
  ZWebhookDelivery,
  ZWebhookDeliveryList,
  type ApiKeyCreateBody,
  type WebhookCreateBody,
  type WebhookPatchBody,
} from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';

const KEY = ['settings', 'integrations'] as const;
const ZNothing = z.unknown();

/** Connected services, API keys and webhooks of the signed-in user (GET /api/user/integrations). */
export function useIntegrations() {
  return useQuery({ queryKey: KEY, queryFn: () => api('/api/user/integrations', { schema: ZIntegrations }) });
}

/** Every change reloads the whole section afterwards: it is small, and the lists then match the server. */
function useIntegrationMutation<TVars, TResult>(call: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }) });
}

export const useConnectService = () =>
  useMutation({
    mutationFn: (service: 'oidc') => api('/api/user/integrations/connect', { method: 'POST', body: { service }, schema: ZConnectAnswer }),
  });
export const useDisconnectService = () =>
  useIntegrationMutation((id: string) => api(`/api/user/integrations/${id}`, { method: 'DELETE', schema: ZNothing }));

export const useCreateApiKey = () =>
  useIntegrationMutation((body: ApiKeyCreateBody) => api('/api/user/api-keys', { method: 'POST', body, schema: ZApiKeyCreated }));
export const useRevokeApiKey = () =>
  useIntegrationMutation((id: string) => api(`/api/user/api-keys/${id}`, { method: 'DELETE', schema: ZNothing }));

export const useCreateWebhook = () =>
  useIntegrationMutation((body: WebhookCreateBody) => api('/api/user/webhooks', { method: 'POST', body, schema: ZWebhookCreated }));
export const useUpdateWebhook = () =>
  useIntegrationMutation(({ id, ...body }: WebhookPatchBody & { id: string }) =>
    api(`/api/user/webhooks/${id}`, { method: 'PATCH', body, schema: ZWebhook }),
  );
export const useDeleteWebhook = () =>
  useIntegrationMutation((id: string) => api(`/api/user/webhooks/${id}`, { method: 'DELETE', schema: ZNothing }));
export const useTestWebhook = () =>
  useIntegrationMutation((id: string) => api(`/api/user/webhooks/${id}/test`, { method: 'POST', schema: ZWebhookDelivery }));

/** The delivery log of one webhook, loaded when its dialog opens. */
export function useWebhookDeliveries(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'deliveries', id],
    queryFn: () => api(`/api/user/webhooks/${id}/deliveries`, { schema: ZWebhookDeliveryList }),
    enabled: id !== null,
  });
}
