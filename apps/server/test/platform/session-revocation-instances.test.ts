import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../helpers/database';
import { startServer, type ServerProcess } from '../helpers/server-process';
import { freePort } from '../helpers/tcp-proxy';

/**
 * A session ended on instance A is refused by instance B within a second, although B answered for
 * its token from its session cache a moment before (decision 024): the `session.revoked` event
 * crosses through Redis pub/sub when REDIS_URL is set, else PostgreSQL NOTIFY. B's cache is set to
 * trust an entry for a minute, so that only the event can make it refuse in time. Two real servers
 * (child processes) on one PostgreSQL database; needs DATABASE_URL.
 */

const REFUSED_WITHIN_MS = 1_000;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A client address of its own per call (the servers trust X-Forwarded-For), so that no rate limit is shared. */
const address = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

async function call(server: ServerProcess, method: string, url: string, opts: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const res = await fetch(server.url + url, {
    method,
    headers: {
      'x-forwarded-for': address(),
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

const transports = [
  { name: 'Redis pub/sub', redisUrl: process.env.REDIS_URL },
  { name: 'PostgreSQL NOTIFY only', redisUrl: undefined },
];

for (const transport of transports) {
  describe.skipIf(!process.env.DATABASE_URL || (transport.name === 'Redis pub/sub' && !transport.redisUrl))(
    `a session ended on one instance is refused on the other within a second (${transport.name})`,
    () => {
      let scratch: Awaited<ReturnType<typeof createScratchDatabase>> = null;
      let a: ServerProcess;
      let b: ServerProcess;
      const running: ServerProcess[] = [];
      let counter = 0;

      beforeAll(async () => {
        scratch = await createScratchDatabase();
        const env = async () => ({
          PORT: String(await freePort()),
          DATABASE_URL: scratch!.url,
          ...(transport.redisUrl
            ? { REDIS_URL: transport.redisUrl, REDIS_PREFIX: `revocation${new URL(scratch!.url).pathname.slice(1)}:` }
            : {}),
          TRUST_PROXY: 'true',
          SESSION_CACHE_MS: '60000',
          LOG_LEVEL: 'warn',
        });
        const [envA, envB] = await Promise.all([env(), env()]);
        // Roomy: on a busy machine two servers that migrate one database at once take a while.
        [a, b] = await Promise.all([startServer(envA, 120_000), startServer(envB, 120_000)]);
        running.push(a, b);
      }, 150_000);

      afterAll(async () => {
        for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
        await Promise.all(running.map((s) => s.exited));
        await scratch?.drop();
      });

      const signup = async (server: ServerProcess) => {
        counter += 1;
        const id = `${Date.now().toString(36)}${counter}`;
        const res = await call(server, 'POST', '/api/auth/signup', {
          body: { email: `revoke${id}@example.com`, username: `revoke_${id}`, password: 'Str0ng-Passphrase!' },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body as { accessToken: string; refreshToken: string; user: { email: string } };
      };
      const sessionOn = (server: ServerProcess, token: string) => call(server, 'GET', '/api/auth/session', { token });

      /** Polls B with the token until it is refused, or a second has passed: answers the last status and when. */
      async function refusedOnB(token: string, endedAt: number) {
        let last = await sessionOn(b, token);
        while (last.status === 200 && Date.now() - endedAt < REFUSED_WITHIN_MS) last = await sessionOn(b, token);
        return { status: last.status, ms: Date.now() - endedAt };
      }

      it('logout on A', async () => {
        const session = await signup(a);
        expect((await sessionOn(b, session.accessToken)).status).toBe(200); // B now holds it in its cache
        expect((await call(a, 'POST', '/api/auth/logout', { token: session.accessToken })).status).toBe(200);
        const refused = await refusedOnB(session.accessToken, Date.now());
        expect(refused.status).toBe(401);
        console.info(`${transport.name}: logout on A, token refused by B after ${refused.ms} ms`);
      });

      it('terminating the session from another one on A (the settings’ sessions list)', async () => {
        const first = await signup(a);
        const loggedIn = await call(a, 'POST', '/api/auth/login', { body: { email: first.user.email, password: 'Str0ng-Passphrase!' } });
        expect(loggedIn.status).toBe(200);
        const second = loggedIn.body as { accessToken: string; sessionId?: string };
        const seen = await sessionOn(b, second.accessToken);
        expect(seen.status).toBe(200);
        const ended = await call(a, 'DELETE', `/api/user/sessions/${String(seen.body.sessionId)}`, { token: first.accessToken });
        expect(ended.body).toEqual({ revoked: 1 });
        const refused = await refusedOnB(second.accessToken, Date.now());
        expect(refused.status).toBe(401);
        expect((await sessionOn(b, first.accessToken)).status).toBe(200);
        console.info(`${transport.name}: session terminated on A, its token refused by B after ${refused.ms} ms`);
      });

      it('refresh-token reuse on A', async () => {
        const session = await signup(a);
        expect((await sessionOn(b, session.accessToken)).status).toBe(200);
        expect((await call(a, 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(200);
        expect((await call(a, 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(401);
        const refused = await refusedOnB(session.accessToken, Date.now());
        expect(refused.status).toBe(401);
        console.info(`${transport.name}: refresh token reused on A, access token refused by B after ${refused.ms} ms`);
      });
    },
  );
}
