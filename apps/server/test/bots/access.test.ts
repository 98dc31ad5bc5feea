import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, createBot } from './helpers';

describe('probe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  it('probes', async () => {
    const a = await t.signup();
    const bot = await createBot(t, a, { visibility: 'public', avatarUrl: '/avatars/mira.svg' });
    const out: Record<string, unknown> = {};
    for (const [m, u, p] of [
      ['POST', `/api/bots/${bot.id}/clone`, undefined],
      ['POST', `/api/bots/${bot.id}/submit-review`, undefined],
      ['POST', `/api/bots/${bot.id}/publish`, {}],
      ['POST', `/api/bots/${bot.id}/unpublish`, undefined],
      ['GET', `/api/bots/NOT-A-UUID`, undefined],
      ['GET', `/api/bots/00000000-0000-0000-0000-000000000000`, undefined],
      ['GET', `/api/bots/${bot.id.toUpperCase()}`, undefined],
      ['POST', `/api/bots/${bot.id}/deploy`, { platform: 'myspace' }],
      [
        'POST',
        `/api/bots`,
        {
          name: 'x',
          description: 'xxxxxxxxxxxxx',
          personality: 'p',
          scenario: 's',
          firstMessage: 'f',
          createdBy: '00000000-0000-4000-8000-000000000000',
          isActive: false,
          stats: { totalChats: 9 },
        },
      ],
      ['PATCH', `/api/bots/${bot.id}`, { settings: { temperature: 2.1 } }],
      ['PATCH', `/api/bots/${bot.id}`, { category: 'nope' }],
      ['PATCH', `/api/bots/${bot.id}`, {}],
      ['POST', `/api/bots/${bot.id}/collaborators`, { email: 'nope' }],
      ['POST', `/api/bots/${bot.id}/report`, { reason: 'x' }],
      ['POST', `/api/bots/${bot.id}/favorite`, undefined],
    ] as const) {
      const r = await call(t, a, m as 'GET', u, p as object | undefined);
      out[`${m} ${u.replace(bot.id, 'ID')} ${JSON.stringify(p)?.slice(0, 40)}`] = [r.statusCode, r.body.slice(0, 300)];
    }
    const r = await call(t, a, 'GET', `/api/bots/${bot.id}`);
    out.view = r.json();
    console.log(JSON.stringify(out, null, 1));
    expect(1).toBe(1);
  });
});
