import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * Every call of the settings area (and the sign-in's second step), from the OpenAPI document,
 * with malformed bodies and ids: always a 4xx in the architecture's error shape, never a 500.
 */
describe('settings calls refuse bad input with a 4xx, never a 500', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
  });
  afterAll(() => t.close());

  const BODIES: (string | object)[] = ['{', '[]', '"text"', { unexpected: { deeply: ['nested'] } }, { userId: 42, code: {}, url: 7 }];
  const IDS = ['not-an-id', '00000000-0000-0000-0000-000000000000', "1' or '1'='1", '%00'];

  it('answers every malformed request with a clear error', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const calls = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/user/') || path === '/api/auth/login/2fa')
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })))
      .filter((c) => c.method !== 'HEAD');
    expect(calls.length).toBeGreaterThan(50);
    const session = await t.signup();
    const failures: string[] = [];
    for (const { path, method } of calls) {
      for (const id of IDS) {
        const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
        for (const body of method === 'GET' ? [undefined] : BODIES) {
          const res = await t.app.inject({
            method: method as 'POST',
            url: `${url}${path.includes('check') ? '?username=%00%00' : ''}`,
            headers: { ...t.bearer(session), ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}) },
            ...(body === undefined ? {} : { payload: body }),
          });
          const shaped = res.statusCode < 400 || /"error":\{"code":"[A-Z_0-9]+","message":"[^"]+/.test(res.body);
          // A 401 would mean the session had ended and the rest of the calls tested nothing.
          if (res.statusCode >= 500 || res.statusCode === 401 || !shaped)
            failures.push(`${method} ${url} ${JSON.stringify(body)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
        if (!path.includes('{')) break;
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
