import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

/** http_ece is web-push's own decryption counterpart (RFC 8188); resolved beside web-push. */
const requireFromWebPush = createRequire(createRequire(import.meta.url).resolve('web-push'));
const ece = requireFromWebPush('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A stand-in push service on 127.0.0.1 (what FCM or Mozilla's autopush are to a browser): it keeps
 * what it receives and answers each path's chosen status (201 by default; 410 for a dropped subscription).
 */
export async function startPushService(): Promise<{
  url: string;
  received: ReceivedPush[];
  statusFor: Map<string, number>;
  close(): Promise<void>;
}> {
  const received: ReceivedPush[] = [];
  const statusFor = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statusFor.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    statusFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, and how it reads a message. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth,
    decrypt: (body: Buffer) =>
      JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')) as unknown,
  };
}

/** Checks a VAPID Authorization header (RFC 8292): answers the JWT claims when the signature holds for `publicKey`. */
export function verifyVapid(authorization: string, publicKey: string): Record<string, unknown> | null {
  const match = /^vapid t=([^,\s]+),\s*k=(\S+)$/.exec(authorization);
  if (!match || match[2] !== publicKey) return null;
  const [header, claims, signature] = match[1]!.split('.') as [string, string, string];
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  return ok ? (JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>) : null;
}
