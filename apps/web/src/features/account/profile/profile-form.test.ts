import { describe, expect, it } from 'vitest';
import type { AccountProfile } from '@app/shared/account/schemas';
import { changesOf, draftOf, fieldErrorsOf } from './profile-form';

const saved: AccountProfile = {
  id: 'u1',
  displayName: 'Alice',
  username: 'alice',
  bio: '',
  location: '',
  website: '',
  socialLinks: { twitter: '', github: 'alice', discord: '', instagram: '' },
  avatarUrl: null,
  email: 'a@example.com',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('profile form', () => {
  it('sends only the changed fields and links', () => {
    expect(changesOf(saved, draftOf(saved))).toEqual({});
    const draft = { ...draftOf(saved), bio: 'Hi', socialLinks: { ...saved.socialLinks, twitter: '@a' } };
    expect(changesOf(saved, draft)).toEqual({ bio: 'Hi', socialLinks: { twitter: '@a' } });
  });

  it('gives the spec messages for the required fields, the bio and the website', () => {
    const errors = fieldErrorsOf({ ...draftOf(saved), displayName: ' ', username: '', bio: 'x'.repeat(161), website: 'ftp://x' });
    expect(errors).toMatchObject({
      displayName: 'Display name is required',
      username: 'Username is required',
      bio: 'Bio must be at most 160 characters',
      website: 'Website must be a link starting with http:// or https://',
    });
    expect(fieldErrorsOf(draftOf(saved))).toEqual({});
  });
});
