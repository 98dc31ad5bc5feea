import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATIONS } from '@app/shared/notifications/settings';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';
import { call } from './helpers';

describe('notification settings: GET/PATCH /api/user/settings/notifications and the time zone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the spec defaults exactly for a new user', async () => {
    const user = await t.signup();
    const res = await call(t, user, 'GET', '/api/user/settings/notifications');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toStrictEqual({
      email: {
        enabled: true,
        newMessage: true,
        newFollower: true,
        friendRequest: true,
        botUpdate: false,
        systemUpdate: true,
        marketing: false,
      },
      push: { enabled: false, newMessage: true, newFollower: true, botUpdate: false, achievements: true },
      inApp: {
        sound: true,
        desktop: true,
        vibration: true,
        newMessage: true,
        newFollower: true,
        botUpdate: true,
        achievements: true,
        systemAlerts: true,
      },
      digest: { enabled: false, frequency: 'weekly', time: '09:00', includeStats: true, includeRecommendations: true },
    });
    expect(res.json()).toStrictEqual(DEFAULT_NOTIFICATIONS);
  });

  it('PATCH merges nested parts, keeps the rest, and is per user', async () => {
    const [a, b] = [await t.signup(), await t.signup()];
    expect((await call(t, a, 'PATCH', '/api/user/settings/notifications', { email: { marketing: true } })).statusCode).toBe(200);
    const res = await call(t, a, 'PATCH', '/api/user/settings/notifications', {
      push: { enabled: true },
      digest: { enabled: true, frequency: 'daily', time: '21:00' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toStrictEqual({
      ...DEFAULT_NOTIFICATIONS,
      email: { ...DEFAULT_NOTIFICATIONS.email, marketing: true },
      push: { ...DEFAULT_NOTIFICATIONS.push, enabled: true },
      digest: { ...DEFAULT_NOTIFICATIONS.digest, enabled: true, frequency: 'daily', time: '21:00' },
    });
    expect((await call(t, a, 'GET', '/api/user/settings/notifications')).json()).toStrictEqual(res.json());
    expect((await call(t, b, 'GET', '/api/user/settings/notifications')).json()).toStrictEqual(DEFAULT_NOTIFICATIONS);
  });

  it('refuses values outside the sets, unknown keys and wrong types, changing nothing', async () => {
    const user = await t.signup();
    const bad = [
      { digest: { frequency: 'hourly' } },
      { digest: { time: '10:00' } },
      { digest: { time: '9:00' } },
      { email: { enabled: 'yes' } },
      { email: { achievements: true } },
      { push: { friendRequest: true } },
      { inApp: { sound: null } },
      { sms: { enabled: true } },
      { email: true },
      [],
    ];
    for (const body of bad) {
      expectError(await call(t, user, 'PATCH', '/api/user/settings/notifications', body), 400, 'VALIDATION_ERROR');
    }
    expectError(await call(t, user, 'PATCH', '/api/user/settings/notifications', '{"email":'), 400, 'VALIDATION_ERROR');
    expect((await call(t, user, 'GET', '/api/user/settings/notifications')).json()).toStrictEqual(DEFAULT_NOTIFICATIONS);
  });

  it('needs a session', async () => {
    expectError(await call(t, null, 'GET', '/api/user/settings/notifications'), 401, 'UNAUTHORIZED');
    expectError(await call(t, null, 'PATCH', '/api/user/settings/notifications', { email: { enabled: false } }), 401, 'UNAUTHORIZED');
    expectError(await call(t, null, 'GET', '/api/user/time-zone'), 401, 'UNAUTHORIZED');
    expectError(await call(t, null, 'PUT', '/api/user/time-zone', { timeZone: 'UTC' }), 401, 'UNAUTHORIZED');
  });

  it('keeps the time zone the browser reports (UTC until then), validated with Intl', async () => {
    const [a, b] = [await t.signup(), await t.signup()];
    expect((await call(t, a, 'GET', '/api/user/time-zone')).json()).toEqual({ timeZone: 'UTC' });
    const set = await call(t, a, 'PUT', '/api/user/time-zone', { timeZone: 'Europe/Berlin' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ timeZone: 'Europe/Berlin' });
    expect((await call(t, a, 'GET', '/api/user/time-zone')).json()).toEqual({ timeZone: 'Europe/Berlin' });
    expect((await call(t, b, 'GET', '/api/user/time-zone')).json()).toEqual({ timeZone: 'UTC' });
    for (const timeZone of ['Mars/Olympus', '', 'x'.repeat(65), 42]) {
      expectError(await call(t, a, 'PUT', '/api/user/time-zone', { timeZone }), 400, 'VALIDATION_ERROR');
    }
    expectError(await call(t, a, 'PUT', '/api/user/time-zone', { timeZone: 'UTC', extra: 1 }), 400, 'VALIDATION_ERROR');
    expect((await call(t, a, 'GET', '/api/user/time-zone')).json()).toEqual({ timeZone: 'Europe/Berlin' });
    // Saving notification settings keeps the zone (one row, two writers).
    await call(t, a, 'PATCH', '/api/user/settings/notifications', { digest: { enabled: true } });
    expect((await call(t, a, 'GET', '/api/user/time-zone')).json()).toEqual({ timeZone: 'Europe/Berlin' });
  });

  it('two concurrent PATCHes of one user both land', async () => {
    const user = await t.signup();
    const results = await Promise.all([
      call(t, user, 'PATCH', '/api/user/settings/notifications', { email: { marketing: true } }),
      call(t, user, 'PATCH', '/api/user/settings/notifications', { inApp: { sound: false } }),
      call(t, user, 'PATCH', '/api/user/settings/notifications', { digest: { time: '06:00' } }),
    ]);
    results.forEach((r) => expect(r.statusCode, r.body).toBe(200));
    expect((await call(t, user, 'GET', '/api/user/settings/notifications')).json()).toMatchObject({
      email: { marketing: true },
      inApp: { sound: false },
      digest: { time: '06:00' },
    });
  });
});
