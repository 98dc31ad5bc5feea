import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { INTEGRATION_MESSAGES } from '@app/shared/settings/integrations';
import { badRequest } from '../../../lib/http-errors';

/**
 * Where a webhook may not send (architecture: never to private, loopback or link-local addresses
 * unless WEBHOOK_ALLOW_PRIVATE=true): every special-purpose range of the IANA registries that
 * could reach this machine, its network or a cloud metadata service.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata 169.254.169.254)
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::ffff:0:0', 96], // IPv4-mapped (checked again as IPv4 below)
  ['64:ff9b::', 96], // NAT64: could reach any IPv4 address, private ones included
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local (also AWS's metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True when an address is one a webhook must not reach (unless the configuration allows it). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    // ::ffff:10.0.0.1 is 10.0.0.1 on the wire; BlockList does not map the two itself.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return blocked.check(mapped, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true; // not an address at all: never connect to it
}

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
