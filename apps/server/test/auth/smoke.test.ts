import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs up and reads its session', async () => {
    const session = await t.signup();
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: t.bearer(session) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(session.user.id);
  });
});
