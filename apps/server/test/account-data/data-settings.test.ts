import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { DEFAULT_DATA, type DataSettingsAnswer } from '@app/shared/account-data/settings';
import type { TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';
import { as, createDataTestApp } from './helpers';

describe('GET and PATCH /api/user/settings/data', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    t = await createDataTestApp();
    alice = await t.signup();
    bob = await t.signup();
  });
  afterAll(() => t.close());

  const read = async (session: Session) => {
    const res = await as(t, session, 'GET', '/api/user/settings/data');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DataSettingsAnswer;
  };

  it("answers the spec's defaults and an untouched danger zone for a new account", async () => {
    expect(await read(alice)).toEqual({
      ...DEFAULT_DATA,
      exportDataRequested: false,
      deleteAccountRequested: false,
      scheduledDeletion: null,
    });
    expect(DEFAULT_DATA).toEqual({
      autoDeleteMessages: false,
      dataRetentionPeriod: 'forever',
      allowDataCollection: true,
      allowAnalytics: true,
    });
  });

  it('merges a partial change and keeps it for the next read', async () => {
    const res = await as(t, alice, 'PATCH', '/api/user/settings/data', { autoDeleteMessages: true, dataRetentionPeriod: '90d' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      autoDeleteMessages: true,
      dataRetentionPeriod: '90d',
      allowDataCollection: true,
      allowAnalytics: true,
    });
    await as(t, alice, 'PATCH', '/api/user/settings/data', { allowAnalytics: false });
    expect(await read(alice)).toMatchObject({
      autoDeleteMessages: true,
      dataRetentionPeriod: '90d',
      allowDataCollection: true,
      allowAnalytics: false,
    });
  });

  it("keeps one user's choices from another's", async () => {
    expect(await read(bob)).toMatchObject(DEFAULT_DATA);
  });

  it.each([
    ['a period outside the set', { dataRetentionPeriod: '7d' }, 'dataRetentionPeriod'],
    ['a string for a switch', { autoDeleteMessages: 'yes' }, 'autoDeleteMessages'],
    ['an unknown key', { deleteEverything: true }, undefined],
    ['a danger zone field', { scheduledDeletion: '2030-01-01T00:00:00.000Z' }, undefined],
    ['an array', [true], undefined],
  ])('refuses %s with 400 and changes nothing', async (_label, body, field) => {
    const before = await read(alice);
    const res = await as(t, alice, 'PATCH', '/api/user/settings/data', body);
    const error = expectError(res, 400, 'VALIDATION_ERROR');
    if (field) expect(error.field).toBe(field);
    expect(await read(alice)).toEqual(before);
  });

  it('refuses malformed JSON and an empty body', async () => {
    expectError(await as(t, alice, 'PATCH', '/api/user/settings/data', '{"allowAnalytics":'), 400, 'VALIDATION_ERROR');
    expectError(await as(t, alice, 'PATCH', '/api/user/settings/data', ''), 400, 'VALIDATION_ERROR');
  });

  it('asks for a session', async () => {
    expectError(await as(t, null, 'GET', '/api/user/settings/data'), 401, 'UNAUTHORIZED');
    expectError(await as(t, null, 'PATCH', '/api/user/settings/data', { allowAnalytics: false }), 401, 'UNAUTHORIZED');
  });
});
