import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { AccountProfile } from '@app/shared/account/schemas';
import { bots } from '../../src/db/schema/bots';
import { users } from '../../src/db/schema/users';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';
import { multipart } from '../bots/helpers';
import { as } from './helpers';

const png = (w = 300, h = 200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#0ea5e9' } })
    .png()
    .toBuffer();

describe('account settings: profile, avatar, username and email checks', () => {
  let t: TestApp;
  let dataDir: string;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-test-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    alice = await t.signup({ displayName: 'Alice' });
    bob = await t.signup({ username: `Bob_${Date.now() % 100000}` });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the profile of the caller only, and 401 without a session', async () => {
    const res = await as(t, alice, 'GET', '/api/user/profile');
    expect(res.statusCode).toBe(200);
    const profile = res.json() as AccountProfile;
    expect(profile).toEqual({
      id: alice.user.id,
      displayName: alice.user.displayName,
      username: alice.user.username,
      bio: '',
      location: '',
      website: '',
      socialLinks: { twitter: '', github: '', discord: '', instagram: '' },
      avatarUrl: null,
      email: alice.user.email,
      emailVerified: false,
      createdAt: alice.user.createdAt,
    });
    expectError(await as(t, null, 'GET', '/api/user/profile'), 401, 'UNAUTHORIZED');
  });

  it('changes the given fields, merges social links network by network, and keeps the rest', async () => {
    const first = await as(t, alice, 'PATCH', '/api/user/profile', {
      displayName: '  Alice Liddell ',
      bio: 'Down the rabbit hole',
      location: 'Oxford',
      website: 'https://alice.example',
      socialLinks: { twitter: '@alice', github: 'alice' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await as(t, alice, 'PATCH', '/api/user/profile', { socialLinks: { github: '', discord: 'alice#1' } });
    expect(second.json()).toMatchObject({
      displayName: 'Alice Liddell',
      bio: 'Down the rabbit hole',
      location: 'Oxford',
      website: 'https://alice.example',
      socialLinks: { twitter: '@alice', github: '', discord: 'alice#1', instagram: '' },
    });
    expect((await as(t, alice, 'GET', '/api/user/profile')).json()).toEqual(second.json());
    // The empty website is allowed: no website.
    expect((await as(t, alice, 'PATCH', '/api/user/profile', { website: '' })).json()).toMatchObject({ website: '' });
  });

  it('refuses bad fields with the spec messages and changes nothing', async () => {
    const before = (await as(t, alice, 'GET', '/api/user/profile')).json();
    const cases: [object, string, string][] = [
      [{ displayName: '   ' }, 'Display name is required', 'displayName'],
      [{ username: '' }, 'Username is required', 'username'],
      [{ username: 'a b' }, 'Username can contain only letters, numbers and underscores', 'username'],
      [{ bio: 'x'.repeat(161) }, 'Bio must be at most 160 characters', 'bio'],
      [{ website: 'javascript:alert(1)' }, 'Website must be a link starting with http:// or https://', 'website'],
      [{ website: 'alice.example' }, 'Website must be a link starting with http:// or https://', 'website'],
      [{ socialLinks: { twitter: 'x'.repeat(201) } }, 'A social link must be at most 200 characters', 'socialLinks.twitter'],
    ];
    for (const [body, message, field] of cases) {
      const error = expectError(
        await as(t, alice, 'PATCH', '/api/user/profile', { bio: 'changed', ...body }),
        400,
        'VALIDATION_ERROR',
        message,
      );
      expect(error.field).toBe(field);
    }
    expectError(await as(t, alice, 'PATCH', '/api/user/profile', { email: 'x@y.z' }), 400, 'VALIDATION_ERROR');
    expectError(await as(t, alice, 'PATCH', '/api/user/profile', { socialLinks: { myspace: 'a' } }), 400, 'VALIDATION_ERROR');
    expect((await as(t, alice, 'GET', '/api/user/profile')).json()).toEqual(before);
    // Exactly 160 characters is fine.
    expect((await as(t, alice, 'PATCH', '/api/user/profile', { bio: 'b'.repeat(160) })).statusCode).toBe(200);
  });

  it('keeps usernames unique whatever their case; the own name in another case is fine', async () => {
    const taken = expectError(
      await as(t, alice, 'PATCH', '/api/user/profile', { username: bob.user.username.toUpperCase() }),
      409,
      'USERNAME_TAKEN',
      'Username is already taken',
    );
    expect(taken.field).toBe('username');
    const own = await as(t, bob, 'PATCH', '/api/user/profile', { username: bob.user.username.toLowerCase() });
    expect(own.statusCode).toBe(200);
    expect((own.json() as AccountProfile).username).toBe(bob.user.username.toLowerCase());
    // The session answers the new name too (the header reads it from there after a reload).
    const session = await as(t, bob, 'GET', '/api/auth/session');
    expect(session.json()).toMatchObject({ user: { username: bob.user.username.toLowerCase() } });
  });

  it('answers a multipart body to a route of the upload scope that takes JSON with 415, and changes nothing', async () => {
    const before = (await as(t, alice, 'GET', '/api/user/profile')).json();
    const body = multipart('displayName', 'name.txt', Buffer.from('Mallory'), 'text/plain');
    for (const [method, url] of [
      ['PATCH', '/api/user/profile'],
      ['POST', '/api/user/email/validate'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...t.bearer(alice) } });
      expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
    expect((await as(t, alice, 'GET', '/api/user/profile')).json()).toEqual(before);
  });

  it('GET /username/check: taken by another is unavailable, free and own names are available, bad format is 400', async () => {
    const bobName = (await as(t, bob, 'GET', '/api/user/profile')).json().username as string;
    const check = async (session: Session, username: string) =>
      (await as(t, session, 'GET', `/api/user/username/check?username=${encodeURIComponent(username)}`)).json();
    expect(await check(alice, bobName.toUpperCase())).toEqual({ available: false });
    expect(await check(bob, bobName.toUpperCase())).toEqual({ available: true });
    expect(await check(alice, 'nobody_has_this_1')).toEqual({ available: true });
    expectError(await as(t, alice, 'GET', '/api/user/username/check?username=a%20b'), 400, 'VALIDATION_ERROR');
    expectError(await as(t, alice, 'GET', '/api/user/username/check'), 400, 'VALIDATION_ERROR');
    expectError(await as(t, null, 'GET', '/api/user/username/check?username=abc'), 401, 'UNAUTHORIZED');
  });

  it('POST /email/validate: the spec format check with messages, never whether an address is in use', async () => {
    const validate = async (email: unknown) => as(t, alice, 'POST', '/api/user/email/validate', { email });
    expect((await validate('someone@example.com')).json()).toEqual({ valid: true });
    expect((await validate(bob.user.email)).json()).toEqual({ valid: true });
    expect((await validate('no spaces@example.com')).json()).toEqual({ valid: false, message: 'Please enter a valid email address' });
    expect((await validate('nodot@example')).json()).toEqual({ valid: false, message: 'Please enter a valid email address' });
    expect((await validate('  ')).json()).toEqual({ valid: false, message: 'Email is required' });
    expectError(await validate(42), 400, 'VALIDATION_ERROR');
    expectError(await as(t, alice, 'POST', '/api/user/email/validate', {}), 400, 'VALIDATION_ERROR');
  });

  describe('avatar', () => {
    const upload = (session: Session | null, body: ReturnType<typeof multipart>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/avatar',
        payload: body.payload,
        headers: { ...body.headers, ...(session ? t.bearer(session) : {}) },
      });
    const avatarOf = async (id: string) =>
      (await t.database.db.select({ url: users.avatarUrl }).from(users).where(eq(users.id, id)))[0]?.url;

    it('stores an image as a 512 px WebP, sets it on the profile, and replaces the previous file', async () => {
      const first = await upload(alice, multipart('avatar', 'me.png', await png(), 'image/png'));
      expect(first.statusCode, first.body).toBe(200);
      const { url } = first.json() as { url: string };
      expect(url).toMatch(new RegExp(`^/uploads/users/${alice.user.id}/[0-9a-f-]+\\.webp$`));
      expect(await avatarOf(alice.user.id)).toBe(url);
      const meta = await sharp((await t.app.inject({ url })).rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
      expect((await as(t, alice, 'GET', '/api/user/profile')).json()).toMatchObject({ avatarUrl: url });

      const second = await upload(alice, multipart('avatar', 'again.png', await png(100, 100), 'image/png'));
      expect(second.statusCode).toBe(200);
      expect(fs.existsSync(path.join(dataDir, url))).toBe(false);
    });

    it('refuses a file that is not an image by content, whatever its name, and a file over 2 MB', async () => {
      const before = await avatarOf(alice.user.id);
      expectError(
        await upload(alice, multipart('avatar', 'fake.png', Buffer.from('not an image at all'), 'image/png')),
        400,
        'VALIDATION_ERROR',
        'Please select an image file',
      );
      const big = Buffer.concat([await png(), Buffer.alloc(2_097_153)]);
      expectError(
        await upload(alice, multipart('avatar', 'big.png', big, 'image/png')),
        413,
        'PAYLOAD_TOO_LARGE',
        'File size must be less than 2MB',
      );
      expectError(await upload(alice, multipart('other', 'a.png', await png(), 'image/png')), 400, 'VALIDATION_ERROR');
      expectError(await as(t, alice, 'POST', '/api/user/avatar', { avatar: 'x' }), 400, 'VALIDATION_ERROR');
      expectError(await upload(null, multipart('avatar', 'a.png', await png(), 'image/png')), 401, 'UNAUTHORIZED');
      expect(await avatarOf(alice.user.id)).toBe(before);
    });

    it('DELETE clears the avatar; the file stays while a bot still shows it', async () => {
      const { url } = (await upload(bob, multipart('avatar', 'b.png', await png(), 'image/png'))).json() as { url: string };
      const [bot] = await t.database.db
        .insert(bots)
        .values({ name: 'Copycat', description: 'A copy', createdBy: bob.user.id, avatarUrl: url } as typeof bots.$inferInsert)
        .returning();
      const removed = await as(t, bob, 'DELETE', '/api/user/avatar');
      expect(removed.statusCode).toBe(200);
      expect((removed.json() as AccountProfile).avatarUrl).toBeNull();
      expect(await avatarOf(bob.user.id)).toBeNull();
      expect(fs.existsSync(path.join(dataDir, url))).toBe(true);
      await t.database.db.delete(bots).where(eq(bots.id, bot!.id));

      const own = (await upload(bob, multipart('avatar', 'c.png', await png(), 'image/png'))).json() as { url: string };
      await as(t, bob, 'DELETE', '/api/user/avatar');
      expect(fs.existsSync(path.join(dataDir, own.url))).toBe(false);
      // Removing again changes nothing.
      expect((await as(t, bob, 'DELETE', '/api/user/avatar')).statusCode).toBe(200);
    });
  });
});
