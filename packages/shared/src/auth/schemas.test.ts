import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PASSWORD_MESSAGES } from './password-policy';
import { ZLoginBody, ZRefreshBody, ZSignupBody, ZVerifyEmailBody } from './schemas';

const valid = { email: 'Alice@Example.com', username: 'alice', password: 'Str0ng-Passphrase!' };

/** The first issue of a failed parse, as the API reports it (message and field). */
function firstIssue(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  const issue = result.error?.issues[0];
  return issue ? { message: issue.message, field: issue.path.map(String).join('.') } : null;
}

describe('ZSignupBody', () => {
  it('parses a minimal body, normalising the email', () => {
    expect(ZSignupBody.parse(valid)).toEqual({ email: 'alice@example.com', username: 'alice', password: 'Str0ng-Passphrase!' });
  });

  it('keeps an optional display name and referral code, and drops unknown fields', () => {
    const parsed = ZSignupBody.parse({ ...valid, displayName: ' Alice ', ref: 'ABC123', role: 'admin' });
    expect(parsed).toEqual({
      email: 'alice@example.com',
      username: 'alice',
      password: 'Str0ng-Passphrase!',
      displayName: 'Alice',
      ref: 'ABC123',
    });
    expect(parsed).not.toHaveProperty('role');
  });

  it.each([
    ['no email', { ...valid, email: undefined }, 'email', 'Email is required'],
    ['no username', { ...valid, username: undefined }, 'username', 'Username is required'],
    ['no password', { ...valid, password: undefined }, 'password', 'Password is required'],
    ['a password of the wrong type', { ...valid, password: 12345678 }, 'password', 'Must be text'],
    ['a short password', { ...valid, password: 'Ab1!' }, 'password', PASSWORD_MESSAGES.tooShort],
    ['a password without a digit', { ...valid, password: 'Abcdefgh!' }, 'password', PASSWORD_MESSAGES.number],
    ['a common password', { ...valid, password: 'Password1!' }, 'password', PASSWORD_MESSAGES.common],
    ['an overlong password', { ...valid, password: `Aa1!${'x'.repeat(125)}` }, 'password', PASSWORD_MESSAGES.tooLong],
    ['an empty display name', { ...valid, displayName: '' }, 'displayName', 'Display name is required'],
    ['a lower-case referral code', { ...valid, ref: 'abc123' }, 'ref', 'Invalid referral code'],
    ['a short referral code', { ...valid, ref: 'ABC12' }, 'ref', 'Invalid referral code'],
    ['a long referral code', { ...valid, ref: 'ABCDEFGHIJK' }, 'ref', 'Invalid referral code'],
  ])('refuses %s', (_why, body, field, message) => {
    expect(firstIssue(ZSignupBody, body)).toEqual({ field, message });
  });

  it('refuses a body that is not an object', () => {
    for (const body of [null, 'text', 42, []]) expect(ZSignupBody.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});

describe('ZLoginBody', () => {
  it('checks only presence and size of the password, not the policy', () => {
    expect(ZLoginBody.parse({ email: ' BOB@example.com', password: 'weak' })).toEqual({ email: 'bob@example.com', password: 'weak' });
  });

  it.each([
    [{ email: 'bob@example.com' }, 'password', 'Password is required'],
    [{ email: 'bob@example.com', password: '' }, 'password', 'Password is required'],
    [{ email: 'bob@example.com', password: 'x'.repeat(129) }, 'password', PASSWORD_MESSAGES.tooLong],
    [{ password: 'whatever' }, 'email', 'Email is required'],
  ])('refuses %j', (body, field, message) => {
    expect(firstIssue(ZLoginBody, body)).toEqual({ field, message });
  });
});

describe('ZRefreshBody and ZVerifyEmailBody', () => {
  it('lets the refresh body be absent (the cookie carries the token)', () => {
    expect(ZRefreshBody.parse(undefined)).toBeUndefined();
    expect(ZRefreshBody.parse(null)).toBeNull();
    expect(ZRefreshBody.parse({})).toEqual({});
    expect(ZRefreshBody.parse({ refreshToken: 'rt_x' })).toEqual({ refreshToken: 'rt_x' });
    expect(ZRefreshBody.safeParse({ refreshToken: '' }).success).toBe(false);
    expect(ZRefreshBody.safeParse({ refreshToken: 'x'.repeat(257) }).success).toBe(false);
  });

  it('requires a verification token of sane size', () => {
    expect(ZVerifyEmailBody.safeParse({ token: 'ev_abc' }).success).toBe(true);
    expect(firstIssue(ZVerifyEmailBody, { token: '' })).toEqual({ field: 'token', message: 'The verification link is not valid' });
    expect(firstIssue(ZVerifyEmailBody, { token: 'x'.repeat(257) })).toEqual({
      field: 'token',
      message: 'The verification link is not valid',
    });
  });
});
