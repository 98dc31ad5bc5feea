import type * as Dns from 'node:dns/promises';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The webhook path resolves names through node:dns/promises; here a name answers what a test says.
const answers = vi.hoisted(() => new Map<string, { address: string; family: number }[]>());
vi.mock('node:dns/promises', async (importOriginal) => {
  const real = await importOriginal<typeof Dns>();
  const lookup = async (host: string) => {
    const found = answers.get(host);
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  };
  return { ...real, lookup, default: { ...real, lookup } };
});

const { isBlockedAddress, hostReachesBlockedAddress } = await import('../../src/lib/blocked-addresses');
const { resolveWebhookTarget } = await import('../../src/features/integrations/webhook-address');

const publicAddresses = [
  '93.184.216.34',
  '8.8.8.8',
  '1.1.1.1',
  '100.63.255.255', // just below carrier-grade NAT
  '100.128.0.0', // just above it
  '172.15.255.255',
  '172.32.0.0',
  '11.0.0.1',
  '2606:2800:220:1:248:1893:25c8:1946',
  '2001:4860:4860::8888',
  '2a00:1450:4001:80b::200e',
  '::ffff:93.184.216.34', // IPv4-mapped public
  '::ffff:5db8:d822', // the same, written in hex
  '0:0:0:0:0:ffff:5db8:d822',
  '64:ff9b::93.184.216.34', // NAT64 of a public address (what DNS64 answers on an IPv6-only host)
  '2002:5db8:d822::1', // 6to4 of a public address
];

const privateAddresses = [
  '0.0.0.0',
  '10.0.0.1',
  '100.64.0.1', // carrier-grade NAT
  '100.100.100.200',
  '127.0.0.1',
  '127.1.2.3',
  '169.254.169.254',
  '172.16.0.1',
  '172.31.255.255',
  '192.0.0.1',
  '192.0.2.1', // documentation
  '192.168.1.1',
  '198.18.0.1', // benchmarking
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1', // multicast
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255', // broadcast
  '::',
  '::1',
  '::10.0.0.1', // IPv4-compatible (deprecated)
  'fc00::1',
  'fd00:ec2::254',
  'fe80::1',
  'fec0::1',
  'ff02::1',
  '2001:db8::1', // documentation
  '3fff::1',
  '100::1', // discard
  '2001::1', // Teredo
  '::ffff:10.0.0.1', // IPv4-mapped private
  '::ffff:127.0.0.1',
  '::ffff:a9fe:a9fe', // 169.254.169.254 in hex
  '0:0:0:0:0:ffff:7f00:1',
  '64:ff9b::10.0.0.1', // NAT64 of a private address
  '64:ff9b::7f00:1',
  '64:ff9b:1::5db8:d822', // local-use NAT64, whatever it carries
  '2002:0a00:0001::1', // 6to4 of 10.0.0.1
  '2002:a9fe:a9fe::', // 6to4 of 169.254.169.254
  'not an address',
  '',
];

describe('isBlockedAddress', () => {
  it.each(publicAddresses)('lets %s through', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
  it.each(privateAddresses)('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });
});

describe('the webhook path, through DNS', () => {
  beforeEach(() => answers.clear());

  it('accepts an https URL to a public IPv4 literal, to the address itself', async () => {
    const target = await resolveWebhookTarget('https://93.184.216.34/hook', false);
    expect(target).toMatchObject({ address: '93.184.216.34', family: 4 });
  });

  it('accepts a public IPv6 literal and a name resolving to public addresses of both families', async () => {
    expect(await resolveWebhookTarget('https://[2606:2800:220:1:248:1893:25c8:1946]/hook', false)).toMatchObject({ family: 6 });
    answers.set('hooks.example.net', [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ]);
    expect(await resolveWebhookTarget('https://hooks.example.net/x', false)).toMatchObject({ address: '93.184.216.34', family: 4 });
    expect(await hostReachesBlockedAddress('hooks.example.net')).toBe(false);
  });

  it.each([
    [[{ address: '10.0.0.5', family: 4 }]],
    [[{ address: '::ffff:192.168.0.1', family: 6 }]],
    [[{ address: 'fd12::1', family: 6 }]],
    [[{ address: '64:ff9b::a9fe:a9fe', family: 6 }]],
    // One public and one private answer: refused, since the connection could go to either.
    [
      [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    ],
  ])('refuses a name that resolves to %j', async (addresses) => {
    answers.set('sneaky.example.net', addresses);
    await expect(resolveWebhookTarget('https://sneaky.example.net/hook', false)).rejects.toThrow(/private, loopback or link-local/);
    expect(await hostReachesBlockedAddress('sneaky.example.net')).toBe(true);
    // Allowed on purpose (local development), the same name goes through.
    await expect(resolveWebhookTarget('https://sneaky.example.net/hook', true)).resolves.toMatchObject({ address: addresses[0]!.address });
  });

  it('refuses private literals of both families, mapped ones included', async () => {
    for (const url of ['https://10.1.2.3/h', 'https://[::ffff:10.0.0.1]/h', 'https://[fe80::1]/h', 'https://[64:ff9b::127.0.0.1]/h'])
      await expect(resolveWebhookTarget(url, false)).rejects.toThrow(/private, loopback or link-local/);
  });
});
