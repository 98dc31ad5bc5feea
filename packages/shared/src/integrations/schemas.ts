import { z } from 'zod';

/**
 * The Integrations section (settings-and-referrals.md §2, §3, §7; issue 5 §4): connected services,
 * API keys (scoped bearer access) and webhooks (signed deliveries). The server's routes and the
 * screen both use these contracts.
 */

/** What an API key may do; a key works on the routes of its scopes and nowhere else. */
export const API_KEY_SCOPES = ['profile:read', 'profile:write', 'bots:read', 'bots:write', 'chats:read', 'chats:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Events a webhook can subscribe to. `ping` is sent only by the test button. */
export const WEBHOOK_EVENTS = ['bot.published', 'bot.unpublished', 'bot.deleted', 'chat.started'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_TEST_EVENT = 'ping';

/** API keys start with this, so that logs, leak scanners and the auth plugin can tell them from session tokens. */
export const API_KEY_PREFIX = 'cck_';
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const INTEGRATION_LIMITS = {
  apiKeyNameMax: 50,
  apiKeysPerUser: 20,
  webhooksPerUser: 10,
  webhookUrlMax: 2048,
  /** How many deliveries the log of one webhook shows. */
  deliveriesShown: 50,
} as const;

export const INTEGRATION_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${INTEGRATION_LIMITS.apiKeyNameMax} characters`,
  permissionsRequired: 'Select at least one permission',
  eventsRequired: 'Select at least one event',
  urlInvalid: 'Enter a valid URL',
  urlTooLong: `The URL must be at most ${INTEGRATION_LIMITS.webhookUrlMax} characters`,
  urlNotHttps: 'The webhook URL must use https',
  urlWithCredentials: 'The webhook URL must not contain a user name or password',
  urlPrivate: 'The webhook URL points to a private, loopback or link-local address',
  urlUnresolvable: "The webhook URL's host could not be found",
  apiKeyLimit: `You can have at most ${INTEGRATION_LIMITS.apiKeysPerUser} API keys`,
  webhookLimit: `You can have at most ${INTEGRATION_LIMITS.webhooksPerUser} webhooks`,
  apiKeyNotFound: 'API key not found',
  webhookNotFound: 'Webhook not found',
  serviceNotFound: 'Connected service not found',
  serviceNotConfigured: 'This service is not configured',
  serviceLinkedElsewhere: 'This account is already connected to another user',
  lastSignInMethod: 'This is your only way to sign in. Set a password before disconnecting it.',
  apiKeyInvalid: 'The API key is not valid or has been revoked',
  apiKeyScope: 'This API key does not allow this action',
  nothingToChange: 'Nothing to change',
} as const;

export const INTEGRATION_ERROR_CODES = {
  API_KEY_INVALID: 'API_KEY_INVALID',
  API_KEY_SCOPE: 'API_KEY_SCOPE',
  LIMIT_REACHED: 'LIMIT_REACHED',
  SERVICE_LINKED_ELSEWHERE: 'SERVICE_LINKED_ELSEWHERE',
  LAST_SIGN_IN_METHOD: 'LAST_SIGN_IN_METHOD',
} as const;

const ZId = z.uuid();
export const ZIntegrationIdParams = z.object({ id: ZId });

/** A list of choices from a fixed set: at least one, each once (duplicates dropped, the set's order kept). */
function choicesOf<T extends readonly [string, ...string[]]>(values: T, emptyMessage: string) {
  return z
    .array(z.enum(values))
    .min(1, emptyMessage)
    .max(values.length * 2)
    .transform((list) => values.filter((v) => list.includes(v)) as T[number][]);
}

// ---- API keys ----

export const ZApiKeyCreateBody = z.object({
  name: z
    .string({ error: INTEGRATION_MESSAGES.nameRequired })
    .trim()
    .min(1, INTEGRATION_MESSAGES.nameRequired)
    .max(INTEGRATION_LIMITS.apiKeyNameMax, INTEGRATION_MESSAGES.nameTooLong),
  permissions: choicesOf(API_KEY_SCOPES, INTEGRATION_MESSAGES.permissionsRequired),
});
export type ApiKeyCreateBody = z.input<typeof ZApiKeyCreateBody>;

export const ZApiKey = z.object({
  id: ZId,
  name: z.string(),
  /** The first characters of the key, so that the user can tell keys apart. */
  prefix: z.string(),
  permissions: z.array(z.enum(API_KEY_SCOPES)),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiKey = z.infer<typeof ZApiKey>;

/** The answer of a creation: the only time the key itself is shown. */
export const ZApiKeyCreated = ZApiKey.omit({ lastUsedAt: true }).extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

// ---- Webhooks ----

const ZWebhookUrl = z
  .string({ error: INTEGRATION_MESSAGES.urlInvalid })
  .trim()
  .max(INTEGRATION_LIMITS.webhookUrlMax, INTEGRATION_MESSAGES.urlTooLong)
  .pipe(z.url({ protocol: /^https?$/, error: INTEGRATION_MESSAGES.urlInvalid }));

const ZWebhookEvents = choicesOf(WEBHOOK_EVENTS, INTEGRATION_MESSAGES.eventsRequired);

export const ZWebhookCreateBody = z.object({ url: ZWebhookUrl, events: ZWebhookEvents });
export type WebhookCreateBody = z.input<typeof ZWebhookCreateBody>;

export const ZWebhookPatchBody = z
  .object({ url: ZWebhookUrl.optional(), events: ZWebhookEvents.optional(), active: z.boolean().optional() })
  .refine((b) => b.url !== undefined || b.events !== undefined || b.active !== undefined, INTEGRATION_MESSAGES.nothingToChange);
export type WebhookPatchBody = z.input<typeof ZWebhookPatchBody>;

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const ZWebhookDelivery = z.object({
  id: ZId,
  event: z.string(),
  /** pending: waiting for its first or next attempt; failed: every attempt spent (or not deliverable). */
  status: z.enum(DELIVERY_STATUSES),
  responseStatus: z.number().int().nullable(),
  responseTimeMs: z.number().int().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof ZWebhookDelivery>;
export const ZWebhookDeliveryList = z.object({ items: z.array(ZWebhookDelivery) });

export const ZWebhook = z.object({
  id: ZId,
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  createdAt: z.string(),
  lastDelivery: ZWebhookDelivery.nullable(),
});
export type Webhook = z.infer<typeof ZWebhook>;

/** The answer of a creation: the only time the signing secret is shown. */
export const ZWebhookCreated = ZWebhook.omit({ lastDelivery: true }).extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof ZWebhookCreated>;

// ---- Connected services ----

export const CONNECTABLE_SERVICES = ['oidc'] as const;
export const ZConnectBody = z.object({ service: z.enum(CONNECTABLE_SERVICES) });
export const ZConnectAnswer = z.object({ url: z.string() });

export const ZConnectedService = z.object({
  id: ZId,
  provider: z.enum(CONNECTABLE_SERVICES),
  name: z.string(),
  email: z.string().nullable(),
  connectedAt: z.string(),
});
export type ConnectedService = z.infer<typeof ZConnectedService>;

/** The answer of the OIDC callback when it linked the provider account to the signed-in user instead of signing in. */
export const ZOidcLinkAnswer = z.object({ linked: z.literal(true), redirectTo: z.string() });
export type OidcLinkAnswer = z.infer<typeof ZOidcLinkAnswer>;

/** Where the OIDC callback sends the user after linking. */
export const INTEGRATIONS_PATH = '/settings/integrations';

export const ZIntegrations = z.object({
  connectedServices: z.array(ZConnectedService),
  apiKeys: z.array(ZApiKey),
  webhooks: z.array(ZWebhook),
  /** Services that can be connected here; null when the server has none configured. */
  available: z.object({ oidc: z.object({ name: z.string() }).nullable() }),
});
export type Integrations = z.infer<typeof ZIntegrations>;
