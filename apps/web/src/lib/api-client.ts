import type { z } from 'zod';
import { API_TIMEOUT_MS, CLIENT_READ_LIMIT } from '@app/shared/app/constants';
import type { ApiError } from '@app/shared/http/errors';
import { SlidingWindowLimiter } from './read-limiter';
import { dropShell, fromShell } from './shell-parts';

/** A failed call: the server's `{error: {code, message, field?}}`, or a network failure (status 0). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

interface AuthBridge {
  getAccessToken(): string | null;
  /** Resolves once a session restore or refresh that is under way has finished. */
  settled(): Promise<unknown>;
  /** Gets a new access token with the refresh cookie; null when the session is over. */
  refresh(): Promise<string | null>;
}

let auth: AuthBridge = { getAccessToken: () => null, settled: async () => undefined, refresh: async () => null };

/** The auth feature plugs in here, so that every call carries the token and survives its expiry. */
export function connectAuth(bridge: AuthBridge): void {
  auth = bridge;
}

const readLimiter = new SlidingWindowLimiter(CLIENT_READ_LIMIT.limit, CLIENT_READ_LIMIT.windowMs);
/**
 * The reads that share the limiter: gamification.md §7's, the calls of the gamification views.
 * Every read of the app once did, and a quick chat (each reply makes the badge, the chat list and
 * the game views read again) used up the minute's 50 and held every view of the page back.
 */
const isLimitedRead = (path: string) => path.startsWith('/api/gamification');

export interface ApiOptions<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A multipart body (uploads); sent as is, with the browser's boundary. */
  form?: FormData;
  /**
   * Checks and types the answer: a schema, or a function that loads it, so that a page that
   * merely imports a feature's calls doesn't evaluate zod and its schemas before it draws (the
   * home page); the module is loaded with the first answer to check.
   */
  schema?: S | (() => Promise<S>);
  signal?: AbortSignal;
  /** Send the access token (default true). */
  withAuth?: boolean;
  timeoutMs?: number;
}

type Result<S> = S extends z.ZodType ? z.infer<S> : unknown;

async function send(path: string, opts: ApiOptions<z.ZodType | undefined>, token: string | null): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('Timeout', 'TimeoutError')), opts.timeoutMs ?? API_TIMEOUT_MS);
  const onAbort = () => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onAbort);
  try {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.body !== undefined && !opts.form) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    return await fetch(path, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    const timedOut = controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError';
    throw new ApiRequestError(0, timedOut ? 'TIMEOUT' : 'NETWORK_ERROR', timedOut ? 'The server took too long to answer' : 'Network error');
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/** ZApiError's check by hand: every page calls the API, and zod stays out of the entry (the web budget). */
function isApiError(body: unknown): body is ApiError {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, field } = error as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string' && (field === undefined || typeof field === 'string');
}

async function errorFrom(res: Response): Promise<ApiRequestError> {
  const retryAfter = Number(res.headers.get('retry-after')) || undefined;
  try {
    const body: unknown = await res.json();
    if (isApiError(body)) {
      const { code, message, field } = body.error;
      return new ApiRequestError(res.status, code, message, field, retryAfter);
    }
  } catch {
    // Not JSON: fall through to the generic error.
  }
  return new ApiRequestError(res.status, 'UNKNOWN_ERROR', 'An error occurred', undefined, retryAfter);
}

/**
 * Calls the API: JSON in and out, the access token attached, one silent refresh and retry when
 * the token has expired, reads kept to 50 per 60 s, a 30 s timeout, errors as ApiRequestError.
 * @example const me = await api('/api/auth/session', { schema: ZCurrentSession });
 */
export async function api<S extends z.ZodType | undefined = undefined>(path: string, opts: ApiOptions<S> = {}): Promise<Result<S>> {
  const res = await apiResponse(path, opts);
  const data: unknown = res.status === 204 ? undefined : await res.json();
  const schema = typeof opts.schema === 'function' ? await opts.schema() : opts.schema;
  return (schema ? schema.parse(data) : data) as Result<S>;
}

/**
 * The JSON of an answer asked for outside api() (theme-init.js's early refresh), with api()'s
 * errors: ApiRequestError with the server's status and code, or status 0 for a network failure.
 */
export async function jsonOf(response: Promise<Response>): Promise<unknown> {
  let res: Response;
  try {
    res = await response;
  } catch {
    throw new ApiRequestError(0, 'NETWORK_ERROR', 'Network error');
  }
  if (!res.ok) throw await errorFrom(res);
  return res.json();
}

// Reads started by the entry script before React and the page's chunk are loaded (main.tsx).
const PREFETCH_FRESH_MS = 10_000;
const prefetched = new Map<string, { at: number; response: Promise<Response> }>();

/**
 * Starts a public GET (no token) at once; the first api() call of the same path with
 * `withAuth: false` within 10 s takes its answer instead of asking again. The first page's data
 * thus travels while the scripts that will ask for it are still loading.
 */
export function prefetchPublic(path: string): void {
  if (prefetched.has(path)) return;
  const response = fetch(path, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  // A failure here is not reported: the page's own call asks again.
  response.catch(() => prefetched.delete(path));
  prefetched.set(path, { at: Date.now(), response });
}

function takePrefetched(path: string): Promise<Response> | undefined {
  const hit = prefetched.get(path);
  if (!hit) return undefined;
  prefetched.delete(path);
  return Date.now() - hit.at <= PREFETCH_FRESH_MS ? hit.response.catch(() => send(path, {}, null)) : undefined;
}

/** The successful raw answer of a call (downloads); the same auth, limits and errors as api(). */
export async function apiResponse(path: string, opts: ApiOptions<z.ZodType | undefined> = {}): Promise<Response> {
  const method = opts.method ?? 'GET';
  const withAuth = opts.withAuth ?? true;
  // The shell's one call has answered this read already (lib/shell-parts.ts); a signed-in write
  // makes what it holds of the write's area out of date.
  if (method !== 'GET') {
    if (withAuth) dropShell(path);
  } else {
    const part = await fromShell(path);
    if (part !== undefined) return new Response(JSON.stringify(part), { headers: { 'content-type': 'application/json' } });
  }
  if (method === 'GET' && isLimitedRead(path)) await readLimiter.acquire();
  const early = method === 'GET' && !withAuth ? takePrefetched(path) : undefined;
  if (early) {
    const res = await early;
    if (!res.ok) throw await errorFrom(res);
    return res;
  }
  if (withAuth) await auth.settled();
  let token = withAuth ? auth.getAccessToken() : null;
  let res = await send(path, opts, token);
  if (res.status === 401 && token) {
    token = await auth.refresh();
    if (token) res = await send(path, opts, token);
  }
  if (!res.ok) throw await errorFrom(res);
  return res;
}

/**
 * Uploads one file as multipart form data under `field`.
 * @example const { url } = await apiUpload('/api/bots/1/avatar', 'avatar', file, ZAvatarResult);
 */
export function apiUpload<S extends z.ZodType>(
  path: string,
  field: string,
  file: Blob,
  schema: S | (() => Promise<S>),
): Promise<z.infer<S>> {
  const form = new FormData();
  form.append(field, file, file instanceof File ? file.name : field);
  return api(path, { method: 'POST', form, body: form, schema, timeoutMs: 120_000 }) as Promise<z.infer<S>>;
}

/** Downloads a file from the API and hands it to the browser under its server-given name. */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  const res = await apiResponse(path);
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = decodeURIComponent(name);
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** One server-sent event. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/**
 * POSTs and reads the answer as server-sent events, calling `onEvent` for each as it arrives.
 * Errors before the stream starts (402, 404...) throw ApiRequestError like api(); aborting the
 * signal stops reading (the server keeps the reply so far).
 * @example await apiStream(`/api/chats/${id}/messages`, { content }, (e) => console.log(e.event), signal);
 */
export async function apiStream(path: string, body: unknown, onEvent: (event: StreamEvent) => void, signal?: AbortSignal): Promise<void> {
  await auth.settled();
  const post = (token: string | null) =>
    fetch(path, {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  let token = auth.getAccessToken();
  let res = await post(token);
  if (res.status === 401 && token) {
    token = await auth.refresh();
    if (token) res = await post(token);
  }
  if (!res.ok || !res.body) throw await errorFrom(res);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data !== undefined) onEvent({ event, data: JSON.parse(data) as unknown });
    }
  }
}
