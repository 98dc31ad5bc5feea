import { ZProfilePatch, type AccountProfile, type ProfilePatch, type SocialLinks } from '@app/shared/account/schemas';

/** The editable fields of the profile form. */
export interface ProfileDraft {
  displayName: string;
  username: string;
  bio: string;
  location: string;
  website: string;
  socialLinks: SocialLinks;
}

export function draftOf(profile: AccountProfile): ProfileDraft {
  const { displayName, username, bio, location, website, socialLinks } = profile;
  return { displayName, username, bio, location, website, socialLinks: { ...socialLinks } };
}

/**
 * Only what differs from the saved profile, so a save never rewrites untouched fields.
 * @example changesOf(saved, { ...draftOf(saved), bio: 'Hi' }) // → { bio: 'Hi' }
 */
export function changesOf(saved: AccountProfile, draft: ProfileDraft): ProfilePatch {
  const patch: ProfilePatch = {};
  for (const key of ['displayName', 'username', 'bio', 'location', 'website'] as const) {
    if (draft[key] !== saved[key]) patch[key] = draft[key];
  }
  const links = Object.fromEntries(Object.entries(draft.socialLinks).filter(([k, v]) => v !== saved.socialLinks[k as keyof SocialLinks]));
  if (Object.keys(links).length > 0) patch.socialLinks = links;
  return patch;
}

/** The first error message of each field (paths like `socialLinks.github`), by the shared rules the server applies. */
export function fieldErrorsOf(draft: ProfileDraft): Record<string, string> {
  const parsed = ZProfilePatch.safeParse(draft);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}
