import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { Address6 } from 'ip-address';

/**
 * Where the server never sends requests that users choose the address of (webhooks, push
 * endpoints, remote avatars; architecture: never to private, loopback or link-local addresses
 * unless WEBHOOK_ALLOW_PRIVATE=true): every special-purpose range of the IANA registries that could
 * reach this machine, its network or a cloud metadata service.
 *
 * The two families have a list each: one BlockList holding both checks IPv4 addresses against the
 * IPv4-mapped IPv6 rules too, so a rule for ::ffff:0:0/96 refused every IPv4 address. IPv6 forms
 * that carry an IPv4 address (mapped, NAT64, 6to4) are judged by the address they carry.
 */
const blockedV4 = new BlockList();
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
  blockedV4.addSubnet(net, prefix, 'ipv4');

const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible ::a.b.c.d
  ['64:ff9b:1::', 48], // local-use NAT64: the operator's own mapping, unknowable here
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID...)
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
  ['5f00::', 16], // segment routing SIDs
  ['fc00::', 7], // unique local (also AWS's metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const)
  blockedV6.addSubnet(net, prefix, 'ipv6');

/** IPv6 ranges whose addresses carry an IPv4 address: the prefix, and where the IPv4 bytes start. */
const carriesV4: { range: BlockList; offset: number }[] = [
  ['::ffff:0:0', 96, 12], // IPv4-mapped: ::ffff:10.0.0.1 is 10.0.0.1 on the wire
  ['64:ff9b::', 96, 12], // NAT64 (RFC 6052): a DNS64 resolver answers these for IPv4-only hosts
  ['2002::', 16, 2], // 6to4: 2002:AABB:CCDD::/48 routes to AA.BB.CC.DD
].map(([net, prefix, offset]) => {
  const range = new BlockList();
  range.addSubnet(net as string, prefix as number, 'ipv6');
  return { range, offset: offset as number };
});

/** True when an address is one the server must not reach on a user's behalf. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blockedV4.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: never connect to it
  const carrier = carriesV4.find((c) => c.range.check(address, 'ipv6'));
  if (carrier) {
    const bytes = new Address6(address).toUnsignedByteArray();
    // toUnsignedByteArray drops leading zero bytes; pad back to the address's 16.
    const full = [...Array<number>(16 - bytes.length).fill(0), ...bytes];
    return blockedV4.check(full.slice(carrier.offset, carrier.offset + 4).join('.'), 'ipv4');
  }
  return blockedV6.check(address, 'ipv6');
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
