import { desc, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';
import { REFRESH_COOKIE } from '@app/shared/auth/messages';
import type { Session } from '@app/shared/auth/schemas';
import { accessTokens, refreshTokens, sessions } from '../../src/db/schema/auth';
import { mailOutbox } from '../../src/db/schema/mail';
import { users } from '../../src/db/schema/users';
import { hashToken } from '../../src/lib/secure-tokens';
import { STRONG_PASSWORD, type TestApp } from './app';

type Headers = Record<string, string>;

/** POST a JSON body; a string body is sent as is, with a JSON content type (for malformed JSON). */
export function postJson(t: TestApp, url: string, body?: object | string, extra: Partial<InjectOptions> = {}) {
  const headers = { ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}), ...(extra.headers as Headers) };
  return t.app.inject({ method: 'POST', url, ...extra, headers, ...(body === undefined ? {} : { payload: body }) });
}

export function login(t: TestApp, email: string, password: string = STRONG_PASSWORD, extra: Partial<InjectOptions> = {}) {
  return postJson(t, '/api/auth/login', { email, password }, extra);
}

/** GET /api/auth/session with a bearer token. */
export function getSession(t: TestApp, accessToken: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { authorization: `Bearer ${accessToken}` } });
}

/** Trades a refresh token, sent in the body. */
export function refreshWithBody(t: TestApp, refreshToken: string) {
  return postJson(t, '/api/auth/refresh', { refreshToken });
}

/** Trades a refresh token, sent as the browser does: in the cookie, with no body. */
export function refreshWithCookie(t: TestApp, refreshToken: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: refreshToken } });
}

/** The architecture's error shape, with nothing else in it (no stack, no details). */
const ZStrictApiError = z.strictObject({
  error: z.strictObject({ code: z.string().min(1), message: z.string().min(1), field: z.string().min(1).optional() }),
});

/** Asserts the error shape of the architecture and answers the error. */
export function expectError(res: LightMyRequestResponse, status: number, code: string, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = ZStrictApiError.parse(res.json());
  expect(body.error.code).toBe(code);
  if (message !== undefined) expect(body.error.message).toBe(message);
  return body.error;
}

/** Makes an access token expired, as 15 minutes of waiting would. */
export async function expireAccessToken(t: TestApp, accessToken: string) {
  const rows = await t.database.db
    .update(accessTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(accessTokens.tokenHash, hashToken(accessToken)))
    .returning();
  expect(rows).toHaveLength(1);
}

/** The session row that an access token belongs to. */
export async function sessionRowOf(t: TestApp, sessionId: string) {
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  if (!row) throw new Error(`no session ${sessionId}`);
  return row;
}

/** The session id behind an access token, through the API. */
export async function sessionIdOf(t: TestApp, session: Pick<Session, 'accessToken'>): Promise<string> {
  const res = await getSession(t, session.accessToken);
  expect(res.statusCode).toBe(200);
  return (res.json() as { sessionId: string }).sessionId;
}

/** The session id behind a refresh token, used or not, read from the database. */
export async function sessionIdOfRefreshToken(t: TestApp, refreshToken: string): Promise<string> {
  const [row] = await t.database.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
  if (!row) throw new Error('unknown refresh token');
  return row.sessionId;
}

/** Changes a role as the admin console does: the row, then `user.changed` so that no session cache keeps the old one. */
export async function setRole(t: TestApp, userId: string, role: 'user' | 'admin') {
  await t.database.db.update(users).set({ role }).where(eq(users.id, userId));
  await t.app.ctx.events.publish('user.changed', { userId });
}

/** Signs up a user and makes it an admin; answers its session. */
export async function signupAdmin(t: TestApp): Promise<Session> {
  const session = await t.signup();
  await setRole(t, session.user.id, 'admin');
  return session;
}

/** The newest mail kept in the dev outbox for an address. */
export async function latestMailTo(t: TestApp, to: string) {
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return mail;
}

/** The token of the newest verification link mailed to an address. */
export async function verificationTokenFor(t: TestApp, to: string): Promise<string> {
  const mail = await latestMailTo(t, to);
  const url = /https?:\/\/\S+\/verify-email\?token=\S+/.exec(mail?.text ?? '')?.[0];
  if (!url) throw new Error(`no verification link mailed to ${to}`);
  const token = new URL(url).searchParams.get('token');
  if (!token) throw new Error('the verification link has no token');
  return token;
}
