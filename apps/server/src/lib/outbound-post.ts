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

export interface GetResult extends PostResult {
  /** The whole body of a 2xx answer (null otherwise, or when it ran past `maxResponseBytes`). */
  body: Buffer | null;
  /** A redirect's `Location`, for the caller to check before it follows it. */
  location: string | null;
}

interface Exchange {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: Buffer | string;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Keep the answer's body (a GET's picture); a POST only needs the status. */
  keepBody: boolean;
}

/**
 * One request to a URL whose host was checked (`target`), connecting only to that address; no
 * redirects are followed, the whole exchange is bounded by `timeoutMs`, and at most
 * `maxResponseBytes` of the answer are read. Never throws: a failure is in `error`.
 */
function exchangePinned(url: URL, target: CheckedAddress, opts: Exchange): Promise<GetResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const client = url.protocol === 'https:' ? https : http;
  const headers = opts.body === undefined ? opts.headers : { ...opts.headers, 'content-length': String(Buffer.byteLength(opts.body)) };
  return new Promise<GetResult>((resolve) => {
    const request = client.request(
      url,
      {
        method: opts.method,
        headers,
        lookup: pinnedLookup(target),
        timeout: opts.timeoutMs,
        // The whole exchange, not only an idle socket, is bounded (a receiver trickling its answer).
        signal: AbortSignal.timeout(opts.timeoutMs),
        agent: false,
      },
      (response) => {
        const timeMs = elapsed();
        const status = response.statusCode ?? 0;
        const location = typeof response.headers.location === 'string' ? response.headers.location : null;
        const chunks: Buffer[] = [];
        let read = 0;
        let tooLarge = false;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > opts.maxResponseBytes) {
            tooLarge = true;
            response.destroy();
          } else if (opts.keepBody) chunks.push(chunk);
        });
        const ok = status >= 200 && status < 300;
        const done = (err?: Error) => {
          const error = !ok
            ? `HTTP ${status}`
            : tooLarge && opts.keepBody
              ? 'The answer is too large'
              : err && opts.keepBody
                ? err.message
                : null;
          resolve({ status, timeMs, error, body: ok && opts.keepBody && !error ? Buffer.concat(chunks) : null, location });
        };
        response.on('end', () => done());
        response.on('close', () => done(response.complete ? undefined : new Error('The answer was cut short')));
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${opts.timeoutMs / 1000} s`)));
    request.on('error', (err) =>
      resolve({ status: null, timeMs: elapsed(), error: err.message.slice(0, 500), body: null, location: null }),
    );
    request.end(opts.body);
  });
}

/** One POST to a checked address (exchangePinned); only its status is read. */
export async function postPinned(
  url: URL,
  target: CheckedAddress,
  headers: Record<string, string>,
  body: Buffer | string,
  opts: { timeoutMs: number; maxResponseBytes: number },
): Promise<PostResult> {
  const { status, timeMs, error } = await exchangePinned(url, target, { method: 'POST', headers, body, ...opts, keepBody: false });
  return { status, timeMs, error };
}

/** One GET to a checked address (exchangePinned), its body kept up to `maxResponseBytes`. */
export function getPinned(
  url: URL,
  target: CheckedAddress,
  headers: Record<string, string>,
  opts: { timeoutMs: number; maxResponseBytes: number },
): Promise<GetResult> {
  return exchangePinned(url, target, { method: 'GET', headers, ...opts, keepBody: true });
}
