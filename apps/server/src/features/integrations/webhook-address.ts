import { INTEGRATION_MESSAGES } from '@app/shared/integrations/schemas';
import { badRequest } from '../../lib/http-errors';
import { resolveCheckedAddress, type CheckedAddress } from '../../lib/outbound-post';

export interface ResolvedTarget extends CheckedAddress {
  url: URL;
}

export class WebhookTargetError extends Error {}

/**
 * Checks a webhook URL and resolves its host: https only (http too when private targets are
 * allowed, for local development), no credentials, and every address the name resolves to
 * outside the blocked ranges. Answers the checked address, to connect to exactly that one.
 * Throws WebhookTargetError with the user-facing reason.
 */
export async function resolveWebhookTarget(rawUrl: string, allowPrivate: boolean): Promise<ResolvedTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new WebhookTargetError(INTEGRATION_MESSAGES.urlInvalid);
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw new WebhookTargetError(INTEGRATION_MESSAGES.urlNotHttps);
  if (url.username || url.password) throw new WebhookTargetError(INTEGRATION_MESSAGES.urlWithCredentials);
  const checked = await resolveCheckedAddress(url.hostname, allowPrivate);
  if (checked === 'unresolvable') throw new WebhookTargetError(INTEGRATION_MESSAGES.urlUnresolvable);
  if (checked === 'blocked') throw new WebhookTargetError(INTEGRATION_MESSAGES.urlPrivate);
  return { url, ...checked };
}

/** The check of a create or update: a refused URL is bad input (400 on the `url` field). */
export async function assertWebhookUrl(rawUrl: string, allowPrivate: boolean): Promise<void> {
  try {
    await resolveWebhookTarget(rawUrl, allowPrivate);
  } catch (err) {
    if (err instanceof WebhookTargetError) throw badRequest(err.message, 'url');
    throw err;
  }
}
