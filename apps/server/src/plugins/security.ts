import type { IncomingMessage, ServerResponse } from 'node:http';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers that helmet sets with these options, worked out once. Ours are static (no nonces),
 * and @fastify/helmet built helmet's middleware again for every request: an eighth of an
 * authenticated read's time (bench/auth-session.ts, decision 024).
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return [...headers];
}

/**
 * The API's answers are JSON that no browser renders as a page: they take the headers that
 * matter for such an answer (OWASP's REST Security Cheat Sheet: a CSP that allows nothing, no
 * framing, no sniffing; plus no cross-origin reads and HSTS over https), not the ones that only
 * a document uses (opener policy, origin-keyed agent clusters, DNS prefetch, the XSS auditor, old
 * IE's download dialog, Flash's policy files). Each header is about a microsecond of every
 * answer's time (decision 024), and the API's reads are the platform's most frequent answers.
 */
const API_PREFIX = '/api/';
const DOCS_PREFIX = '/api/docs';

function apiHeaders(https: boolean): [string, string][] {
  return [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['cross-origin-resource-policy', 'same-origin'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ...(https ? [['strict-transport-security', 'max-age=15552000; includeSubDomains'] as [string, string]] : []),
  ];
}

/**
 * Security headers for every answer (a page's or the API's, above), and cookies (signed with a
 * secret that every instance shares, see app-secrets.ts).
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { cookieSecret: string; https: boolean }) => {
  const pageHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix's scroll lock and toasts add <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only means something over https; on a laptop's http://localhost it would only get in the way.
    strictTransportSecurity: opts.https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const api = apiHeaders(opts.https);
  // On the raw response, as helmet does: streamed answers that take the response over (hijack) keep them.
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const headers = url.startsWith(API_PREFIX) && !url.startsWith(DOCS_PREFIX) ? api : pageHeaders;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(cookie, { secret: opts.cookieSecret });
});
