import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { INTEGRATION_MESSAGES } from '@app/shared/settings/integrations';
import { isBlockedAddress } from '../../../lib/blocked-addresses';
import { badRequest } from '../../../lib/http-errors';

export interface ResolvedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
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
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new WebhookTargetError(INTEGRATION_MESSAGES.urlUnresolvable);
    }
  }
  if (addresses.length === 0) throw new WebhookTargetError(INTEGRATION_MESSAGES.urlUnresolvable);
  // Every address: a name that resolves to one public and one private address is refused.
  if (!allowPrivate && addresses.some((a) => isBlockedAddress(a.address))) throw new WebhookTargetError(INTEGRATION_MESSAGES.urlPrivate);
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
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

/**
 * A `lookup` for node:http(s) that answers only the address checked beforehand, so that a DNS
 * answer changed between the check and the connection (rebinding) is never used.
 */
export function pinnedLookup(target: ResolvedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}
