import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SETTINGS_FAILURES } from '@app/shared/settings/messages';
import {
  INTEGRATIONS_PATH,
  INTEGRATION_MESSAGES,
  ZApiKeyCreateBody,
  ZApiKeyCreated,
  ZConnectAnswer,
  ZConnectBody,
  ZIntegrationIdParams,
  ZIntegrations,
  ZWebhook,
  ZWebhookCreateBody,
  ZWebhookCreated,
  ZWebhookDelivery,
  ZWebhookDeliveryList,
  ZWebhookPatchBody,
} from '@app/shared/integrations/schemas';
import { AppError } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { OIDC_COOKIE, oidcCookieOptions, oidcRedirectUri, OidcProvider } from '../auth';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys';
import { disconnectService, listConnectedServices } from './connected-services';
import { assertWebhookUrl } from './webhook-address';
import { registerDeliveryJob } from './webhook-delivery';
import { subscribeWebhooks } from './webhook-events';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, requireWebhook, sendTestDelivery, updateWebhook } from './webhooks';

const tags = ['settings: integrations'];
const ZNoContent = z.null().describe('No content');

/** Connected services, API keys (scoped bearer access) and webhooks (signed, delivered by the job queue). */
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db, config } = ctx;
  const provider = config.oidc ? new OidcProvider(config.oidc, oidcRedirectUri(config.publicUrl)) : null;
  registerDeliveryJob(ctx);
  subscribeWebhooks(ctx);

  app.get(
    '/integrations',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Connected services, API keys (never their secret) and webhooks', response: { 200: ZIntegrations } },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const [connectedServices, apiKeys, webhooks] = await Promise.all([
        listConnectedServices(ctx, userId),
        listApiKeys(db, userId),
        listWebhooks(db, userId),
      ]);
      return { connectedServices, apiKeys, webhooks, available: { oidc: config.oidc ? { name: config.oidc.name } : null } };
    },
  );

  // ---- Connected services ----

  app.post(
    '/integrations/connect',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.connectService },
      schema: {
        tags,
        summary: "Start linking the OIDC provider's account to the signed-in user: answers the provider's URL to open",
        body: ZConnectBody,
        response: { 200: ZConnectAnswer },
      },
    },
    async (request, reply) => {
      const userId = requireAuth(request).user.id;
      if (!provider) throw new AppError(404, 'NOT_FOUND', INTEGRATION_MESSAGES.serviceNotConfigured);
      const begun = await provider.begin(INTEGRATIONS_PATH);
      reply.setCookie(
        OIDC_COOKIE,
        JSON.stringify({ ...begun.pending, linkUserId: userId }),
        oidcCookieOptions(request.protocol === 'https'),
      );
      return { url: begun.url };
    },
  );

  app.delete(
    '/integrations/:id',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.disconnectService },
      schema: {
        tags,
        summary: 'Unlink a provider account (refused when it is the only way to sign in)',
        params: ZIntegrationIdParams,
        response: { 204: ZNoContent },
      },
    },
    async (request, reply) => {
      await disconnectService(ctx, requireAuth(request).user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---- API keys ----

  app.post(
    '/api-keys',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.createApiKey },
      schema: {
        tags,
        summary: 'Create an API key; the key is in this answer only',
        body: ZApiKeyCreateBody,
        response: { 201: ZApiKeyCreated },
      },
    },
    async (request, reply) => reply.status(201).send(await createApiKey(db, requireAuth(request).user.id, request.body)),
  );

  app.delete(
    '/api-keys/:id',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.revokeApiKey },
      schema: { tags, summary: 'Revoke an API key', params: ZIntegrationIdParams, response: { 204: ZNoContent } },
    },
    async (request, reply) => {
      await revokeApiKey(db, requireAuth(request).user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---- Webhooks ----

  const webhookConfig = { access: 'user' as const, failureMessage: SETTINGS_FAILURES.webhook };

  app.post(
    '/webhooks',
    {
      config: webhookConfig,
      schema: {
        tags,
        summary: 'Create a webhook; the signing secret is in this answer only',
        body: ZWebhookCreateBody,
        response: { 201: ZWebhookCreated },
      },
    },
    async (request, reply) => {
      const userId = requireAuth(request).user.id;
      await assertWebhookUrl(request.body.url, config.webhookAllowPrivate);
      return reply.status(201).send(await createWebhook(ctx, userId, request.body));
    },
  );

  app.patch(
    '/webhooks/:id',
    {
      config: webhookConfig,
      schema: {
        tags,
        summary: 'Change the URL, the events, or turn a webhook on or off',
        params: ZIntegrationIdParams,
        body: ZWebhookPatchBody,
        response: { 200: ZWebhook },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      await requireWebhook(db, userId, request.params.id);
      if (request.body.url !== undefined) await assertWebhookUrl(request.body.url, config.webhookAllowPrivate);
      return updateWebhook(db, userId, request.params.id, request.body);
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      config: webhookConfig,
      schema: { tags, summary: 'Delete a webhook and its delivery log', params: ZIntegrationIdParams, response: { 204: ZNoContent } },
    },
    async (request, reply) => {
      await deleteWebhook(db, requireAuth(request).user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      config: webhookConfig,
      schema: {
        tags,
        summary: 'Send a signed `ping` delivery now and answer how it went (logged with the deliveries)',
        params: ZIntegrationIdParams,
        response: { 200: ZWebhookDelivery },
      },
    },
    async (request) => sendTestDelivery(ctx, await requireWebhook(db, requireAuth(request).user.id, request.params.id)),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config: webhookConfig,
      schema: {
        tags,
        summary: 'The latest deliveries of a webhook, newest first',
        params: ZIntegrationIdParams,
        response: { 200: ZWebhookDeliveryList },
      },
    },
    async (request) => {
      const webhook = await requireWebhook(db, requireAuth(request).user.id, request.params.id);
      return { items: await listDeliveries(db, webhook.id) };
    },
  );
};
