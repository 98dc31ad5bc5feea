import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isBlockedAddress } from './blocked-addresses';

/** An address checked for a host, to connect to exactly that one. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves a host and checks every address it names: 'blocked' when any is in a blocked range
 * (unless private targets are allowed), 'unresolvable' when it names none. A name that resolves to
 * one public and one private address is refused.
 */
export async function resolveCheckedAddress(hostname: string, allowPrivate: boolean): Promise<CheckedAddress | 'blocked' | 'unresolvable'> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      return 'unresolvable';
    }
  }
  if (addresses.length === 0) return 'unresolvable';
  if (!allowPrivate && addresses.some((a) => isBlockedAddress(a.address))) return 'blocked';
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * A `lookup` for node:http(s) that answers only the address checked beforehand, so that a DNS
 * answer changed between the check and the connection (rebinding) is never used. TLS still checks
 * the certificate against the URL's host name.
 */
export function pinnedLookup(target: CheckedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

export interface PostResult {
  /** The answer's status, or null when none came. */
  status: number | null;
  timeMs: number;
  error: string | null;
}

/**
 * One POST to a URL whose host was checked (`target`), connecting only to that address; no
 * redirects are followed, the whole exchange is bounded by `timeoutMs`, and at most
 * `maxResponseBytes` of the answer are read. Never throws: a failure is in `error`.
 */
export function postPinned(
  url: URL,
  target: CheckedAddress,
  headers: Record<string, string>,
  body: Buffer | string,
  opts: { timeoutMs: number; maxResponseBytes: number },
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(target),
        timeout: opts.timeoutMs,
        // The whole exchange, not only an idle socket, is bounded (a receiver trickling its answer).
        signal: AbortSignal.timeout(opts.timeoutMs),
        agent: false,
      },
      (response) => {
        const timeMs = elapsed();
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > opts.maxResponseBytes) response.destroy();
        });
        const done = () => resolve({ status, timeMs, error: status >= 200 && status < 300 ? null : `HTTP ${status}` });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${opts.timeoutMs / 1000} s`)));
    request.on('error', (err) => resolve({ status: null, timeMs: elapsed(), error: err.message.slice(0, 500) }));
    request.end(body);
  });
}
