import type { LightMyRequestResponse } from 'fastify';
import type { Session } from '@app/shared/auth/schemas';
import type { Bot } from '@app/shared/bots/schemas';
import type { BotFieldsInput } from '@app/shared/bots/validation';
import type { TestApp } from '../helpers/app';

/** A bot payload that passes every draft rule. */
export function validBot(overrides: Partial<BotFieldsInput> = {}): BotFieldsInput {
  return {
    name: 'Test Pilot',
    description: 'A daring test pilot who loves fast planes.',
    personality: 'Bold, cheerful, a little reckless.',
    scenario: '{{user}} meets {{char}} at the airfield.',
    firstMessage: 'Ready to fly, {{user}}?',
    tags: ['aviation', 'adventure'],
    ...overrides,
  };
}

/** Calls the API as `session` (or anonymously with null). */
export function call(
  t: TestApp,
  session: Pick<Session, 'accessToken'> | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, headers: session ? t.bearer(session) : {}, ...(payload ? { payload } : {}) });
}

/** Creates a bot through the API and answers it. */
export async function createBot(t: TestApp, session: Pick<Session, 'accessToken'>, overrides: Partial<BotFieldsInput> = {}): Promise<Bot> {
  const res = await call(t, session, 'POST', '/api/bots', validBot(overrides));
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as Bot;
}

/** A multipart body with one file, as browsers send it. */
export function multipart(field: string, filename: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
