import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { AllSettings } from '@app/shared/account/sections';
import { DEFAULT_APPEARANCE, DEFAULT_PRIVACY } from '@app/shared/account/sections';
import { DEFAULT_DATA } from '@app/shared/account-data/settings';
import { DEFAULT_NOTIFICATIONS } from '@app/shared/notifications/settings';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';
import { as } from './helpers';

const IMPORT_FAILED = 'Failed to import settings. Please check the file format.';

describe('account settings: export, import, reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  // Read through export (of this part) rather than the other sections' GETs, which other parts own.
  const all = async (s: Session) => (await as(t, s, 'GET', '/api/user/settings/export')).json().settings as AllSettings;

  it('exports the four sections as a download of {version, exportedAt, settings}', async () => {
    const user = await t.signup();
    await as(t, user, 'PATCH', '/api/user/settings/appearance', { theme: 'dark' });
    const res = await as(t, user, 'GET', '/api/user/settings/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="settings-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = res.json();
    expect(file.version).toBe('1.0');
    expect(Date.parse(file.exportedAt)).not.toBeNaN();
    expect(file.settings).toStrictEqual({
      privacy: DEFAULT_PRIVACY,
      notifications: DEFAULT_NOTIFICATIONS,
      appearance: { ...DEFAULT_APPEARANCE, theme: 'dark' },
      data: DEFAULT_DATA,
    });
    expectError(await as(t, null, 'GET', '/api/user/settings/export'), 401, 'UNAUTHORIZED');
  });

  it('imports by merging the given parts, answers all settings, and reads back an export', async () => {
    const user = await t.signup();
    await as(t, user, 'PATCH', '/api/user/settings/privacy', { showEmail: true });
    const res = await as(t, user, 'POST', '/api/user/settings/import', {
      version: '1.0',
      settings: {
        privacy: { profileVisibility: 'private' },
        notifications: { email: { marketing: true }, digest: { frequency: 'daily', time: '18:00' } },
        appearance: { fontSize: 'large' },
        data: { dataRetentionPeriod: '90d' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json() as AllSettings;
    expect(answered.privacy).toMatchObject({ profileVisibility: 'private', showEmail: true });
    expect(answered.notifications.email).toMatchObject({ marketing: true, enabled: true });
    expect(answered.notifications.digest).toMatchObject({ frequency: 'daily', time: '18:00', enabled: false });
    expect(answered.appearance).toMatchObject({ fontSize: 'large', theme: 'system' });
    expect(answered.data).toStrictEqual({ ...DEFAULT_DATA, dataRetentionPeriod: '90d' });
    expect(await all(user)).toMatchObject({
      privacy: answered.privacy,
      appearance: answered.appearance,
      notifications: answered.notifications,
    });

    // An export of one user imports into another as the same settings; the block list is not imported.
    const other = await t.signup();
    const victim = await t.signup();
    await as(t, user, 'POST', '/api/user/block', { userId: victim.user.id });
    const exported = (await as(t, user, 'GET', '/api/user/settings/export')).json();
    const imported = await as(t, other, 'POST', '/api/user/settings/import', exported);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toStrictEqual({ ...answered, privacy: { ...answered.privacy, blockList: [] } });
  });

  it('refuses a malformed file with IMPORT_ERROR and changes nothing, not even its valid parts', async () => {
    const user = await t.signup();
    await as(t, user, 'PATCH', '/api/user/settings/appearance', { theme: 'light' });
    const before = await all(user);
    const malformed: unknown[] = [
      '{"version": "1.0", "settings": {',
      'not json at all',
      {},
      { version: '1.0' },
      { settings: { appearance: { theme: 'dark' } } },
      { version: '1.0', settings: { appearance: { theme: 'dark' }, data: { dataRetentionPeriod: 'a while' } } },
      { version: '1.0', settings: { appearance: { theme: 'dark' }, privacy: { profileVisibility: 'friends-only' } } },
      { version: '1.0', settings: { appearance: { theme: 'dark' }, security: { twoFactorEnabled: false } } },
      { version: '1.0', settings: { notifications: { email: { enabled: true, sms: true } } } },
      { version: '1.0', settings: { appearance: 'dark' } },
      { version: '1.0', settings: [] },
      [],
    ];
    for (const body of malformed) {
      const res = await as(t, user, 'POST', '/api/user/settings/import', body as object);
      expectError(res, 400, 'IMPORT_ERROR', IMPORT_FAILED);
    }
    expect(await all(user)).toStrictEqual(before);
    expectError(await as(t, null, 'POST', '/api/user/settings/import', { version: '1.0', settings: {} }), 401, 'UNAUTHORIZED');
  });

  it('resets one section to the spec defaults, leaving the others and the block list', async () => {
    const [user, other] = [await t.signup(), await t.signup()];
    await as(t, user, 'POST', '/api/user/block', { userId: other.user.id });
    await as(t, user, 'PATCH', '/api/user/settings/privacy', { showEmail: true, profileVisibility: 'private' });
    await as(t, user, 'PATCH', '/api/user/settings/appearance', { theme: 'dark' });
    const res = await as(t, user, 'POST', '/api/user/settings/privacy/reset');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toStrictEqual({ ...DEFAULT_PRIVACY, blockList: [other.user.id] });
    expect((await as(t, user, 'GET', '/api/user/settings/appearance')).json()).toMatchObject({ theme: 'dark' });

    for (const [section, defaults] of [
      ['appearance', DEFAULT_APPEARANCE],
      ['notifications', DEFAULT_NOTIFICATIONS],
      ['data', DEFAULT_DATA],
    ] as const) {
      const reset = await as(t, user, 'POST', `/api/user/settings/${section}/reset`);
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toStrictEqual(defaults);
    }
    expectError(await as(t, user, 'POST', '/api/user/settings/security/reset'), 400, 'VALIDATION_ERROR');
    expectError(await as(t, user, 'POST', '/api/user/settings/profile/reset'), 400, 'VALIDATION_ERROR');
    expectError(await as(t, null, 'POST', '/api/user/settings/privacy/reset'), 401, 'UNAUTHORIZED');
  });

  it('reset-all restores every section to the spec defaults, for the caller only', async () => {
    const [user, other] = [await t.signup(), await t.signup()];
    for (const s of [user, other]) {
      await as(t, s, 'POST', '/api/user/settings/import', {
        version: '1.0',
        settings: {
          privacy: { showEmail: true },
          appearance: { theme: 'dark' },
          notifications: { push: { enabled: true } },
          data: { allowAnalytics: false },
        },
      });
    }
    const res = await as(t, user, 'POST', '/api/user/settings/reset-all');
    expect(res.statusCode).toBe(200);
    const defaults = { privacy: DEFAULT_PRIVACY, notifications: DEFAULT_NOTIFICATIONS, appearance: DEFAULT_APPEARANCE, data: DEFAULT_DATA };
    expect(res.json()).toStrictEqual(defaults);
    expect(await all(user)).toMatchObject({
      privacy: DEFAULT_PRIVACY,
      appearance: DEFAULT_APPEARANCE,
      notifications: DEFAULT_NOTIFICATIONS,
    });
    expect((await as(t, other, 'GET', '/api/user/settings/appearance')).json()).toMatchObject({ theme: 'dark' });
  });
});
