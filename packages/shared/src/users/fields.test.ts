import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EMAIL_MAX_LENGTH, USER_FIELD_MESSAGES as M, ZDisplayName, ZEmail, ZUsername } from './fields';

/** The first message a schema gives for a value, or null when the value passes. */
function messageOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'no message');
}

describe('field messages', () => {
  it('are the spec texts', () => {
    expect(M.emailRequired).toBe('Email is required');
    expect(M.usernameRequired).toBe('Username is required');
    expect(M.displayNameRequired).toBe('Display name is required');
    expect(M.passwordRequired).toBe('Password is required');
  });
});

describe('ZEmail', () => {
  it('trims and lower-cases a valid address', () => {
    expect(ZEmail.parse('  Alice.Smith+chat@Example.COM ')).toBe('alice.smith+chat@example.com');
  });

  it.each([
    [undefined, M.emailRequired],
    [null, M.emailRequired],
    ['', M.emailRequired],
    ['   ', M.emailRequired],
    [42, 'Must be text'],
    ['alice', M.emailInvalid],
    ['alice@example', M.emailInvalid],
    ['@example.com', M.emailInvalid],
    ['alice smith@example.com', M.emailInvalid],
    ['alice@exa mple.com', M.emailInvalid],
    [`${'a'.repeat(EMAIL_MAX_LENGTH)}@example.com`, M.emailInvalid],
  ])('refuses %j with %j', (value, message) => {
    expect(messageOf(ZEmail, value)).toBe(message);
  });

  it('accepts the longest allowed address', () => {
    const email = `${'a'.repeat(EMAIL_MAX_LENGTH - '@example.com'.length)}@example.com`;
    expect(email).toHaveLength(EMAIL_MAX_LENGTH);
    expect(messageOf(ZEmail, email)).toBeNull();
  });
});

describe('ZUsername', () => {
  it.each(['abc', 'Alice_99', 'a'.repeat(30), '___'])('accepts %j', (value) => {
    expect(messageOf(ZUsername, value)).toBeNull();
  });

  it('trims surrounding spaces and keeps the letter case', () => {
    expect(ZUsername.parse('  Alice  ')).toBe('Alice');
  });

  it.each([
    [undefined, M.usernameRequired],
    ['', M.usernameRequired],
    [7, 'Must be text'],
    ['ab', M.usernameShort],
    ['a'.repeat(31), M.usernameLong],
    ['alice smith', M.usernameChars],
    ['alice-smith', M.usernameChars],
    ['ålice', M.usernameChars],
    ['alice@x', M.usernameChars],
  ])('refuses %j with %j', (value, message) => {
    expect(messageOf(ZUsername, value)).toBe(message);
  });
});

describe('ZDisplayName', () => {
  it('accepts up to 50 characters, trimmed', () => {
    expect(ZDisplayName.parse('  Alice Smith ')).toBe('Alice Smith');
    expect(messageOf(ZDisplayName, 'x'.repeat(50))).toBeNull();
  });

  it.each([
    [undefined, M.displayNameRequired],
    ['', M.displayNameRequired],
    ['    ', M.displayNameRequired],
    [['Alice'], 'Must be text'],
    ['x'.repeat(51), M.displayNameLong],
  ])('refuses %j with %j', (value, message) => {
    expect(messageOf(ZDisplayName, value)).toBe(message);
  });
});
