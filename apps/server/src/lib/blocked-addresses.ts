import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where the server never sends requests that users choose the address of (webhooks, push
 * endpoints; architecture: never to private, loopback or link-local addresses unless
 * WEBHOOK_ALLOW_PRIVATE=true): every special-purpose range of the IANA registries that could
 * reach this machine, its network or a cloud metadata service.
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

/** True when an address is one the server must not reach on a user's behalf. */
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

/**
 * True when a host names this machine or a private network: a blocked IP literal, a name of the
 * local kind (localhost, *.local, *.internal), or a name that resolves to any blocked address.
 * A name that does not resolve here is not refused (the sender's own lookup fails later).
 */
export async function hostReachesBlockedAddress(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (isIP(host)) return isBlockedAddress(host);
  if (host === 'localhost' || /\.(localhost|local|internal)$/.test(host)) return true;
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    return addresses.some((a) => isBlockedAddress(a.address));
  } catch {
    return false;
  }
}
