import { isIP } from 'node:net';

/**
 * True for a host name that names this machine or a private network by itself: localhost, and
 * IP literals in the loopback, private, link-local, unique-local and unspecified ranges. Push
 * endpoints come from browser vendors' push services; one of these can only be an attempt to make
 * the server send requests inside its own network.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return true;
  const kind = isIP(host);
  if (kind === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (kind === 6) {
    if (host === '::' || host === '::1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    if (mapped) return isPrivateHost(mapped[1]!);
    return /^f[cd]/.test(host) || /^fe[89ab]/.test(host);
  }
  return false;
}
