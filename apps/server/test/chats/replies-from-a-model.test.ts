import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Chat, ChatMessage } from '@app/shared/chats/schemas';
import { botLogs } from '../../src/db/schema/chats';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, createBot } from '../bots/helpers';
import { eventsOf } from './helpers';
import { startStandInModel } from './stand-in-model';

describe('replies from an OpenAI-compatible model', () => {
  let standIn: Awaited<ReturnType<typeof startStandInModel>>;
  let t: TestApp;
  let user: Session;
  let chat: Chat;
  let botId: string;
  beforeAll(async () => {
    standIn = await startStandInModel();
    t = await createTestApp({ env: { LLM_BASE_URL: standIn.url, LLM_MODEL: 'stand-in-1', LLM_TIMEOUT_MS: '1000' } });
    user = await t.signup({ displayName: 'Sam' });
    botId = (await createBot(t, user, { name: 'Mira', systemPrompt: 'Stay as {{char}}.', creatorNotes: 'SECRET NOTES' })).id;
    chat = (await call(t, user, 'POST', '/api/chats', { botId })).json() as Chat;
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const send = (content: string, stream = true) =>
    t.app.inject({
      method: 'POST',
      url: `/api/chats/${chat.id}/messages`,
      headers: { ...t.bearer(user), ...(stream ? { accept: 'text/event-stream' } : {}) },
      payload: { content },
    });
  const balance = async () => ((await call(t, user, 'GET', '/api/tokens/balance')).json() as { balance: number }).balance;

  it('streams what the model sends and builds the prompt from the bot, without creator notes', async () => {
    const res = await send('hello Mira');
    const events = eventsOf(res.body);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { message: { content: 'Echo: hello Mira', status: 'complete' } } });
    const prompt = standIn.requests.at(-1)!.body.messages as { role: string; content: string }[];
    expect(prompt[0]).toMatchObject({ role: 'system', content: expect.stringContaining('Stay as Mira.') });
    expect(JSON.stringify(prompt)).not.toContain('SECRET NOTES');
    expect(prompt.at(-1)).toEqual({ role: 'user', content: 'hello Mira' });
    expect((await call(t, null, 'GET', '/api/app/info')).json()).toMatchObject({ model: { offline: false, name: 'stand-in-1' } });
  });

  it('keeps a reply that breaks off, marked failed, refunds it, and sends an error event', async () => {
    const before = await balance();
    const events = eventsOf((await send('please fail midway once')).body);
    const last = events.at(-1)!;
    expect(last.event).toBe('error');
    expect(last.data).toMatchObject({ error: { code: 'MODEL_ERROR' }, message: { status: 'failed', content: 'Echo: please ' } });
    expect(await balance()).toBe(before);
    const items = ((await call(t, user, 'GET', `/api/chats/${chat.id}/messages`)).json() as { items: ChatMessage[] }).items;
    expect(items.at(-2)).toMatchObject({ role: 'user', content: 'please fail midway once' });
    expect(items.at(-1)).toMatchObject({ status: 'failed', content: 'Echo: please ' });
    const errors = await t.database.db.select().from(botLogs).where(eq(botLogs.action, 'error'));
    expect(errors.length).toBeGreaterThanOrEqual(1);
    // The retry is a regenerate of the failed reply.
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chat.id}/messages/${items.at(-1)!.id}/regenerate`,
      headers: t.bearer(user),
    });
    expect((retry.json() as { message: ChatMessage }).message).toMatchObject({
      status: 'complete',
      content: 'Echo: please fail midway once',
    });
  });

  it('refunds a model that refuses, and one that is too slow; never shows what the provider said', async () => {
    const before = await balance();
    const refused = (await send('refuse', false)).json() as { message: ChatMessage };
    expect(refused.message).toMatchObject({ status: 'failed', error: 'The model answered 500' });
    expect(JSON.stringify(refused)).not.toContain('secret internal detail');
    const slow = (await send('slow start', false)).json() as { message: ChatMessage };
    expect(slow.message).toMatchObject({ status: 'failed', error: 'The model took too long to answer' });
    expect(await balance()).toBe(before);
  });
});
