import { z } from 'zod';
import { zPage } from '../http/pagination';

export const PROFILE_MESSAGES = {
  notAvailable: 'Profile not available',
  cannotFollowSelf: 'You cannot follow yourself',
} as const;

/** A public profile (the profile widget of bots-header-auth.md §2), from GET /api/users/{usernameOrId}/profile. */
export const ZPublicProfile = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  bio: z.string(),
  location: z.string(),
  website: z.string(),
  createdAt: z.string(),
  isMe: z.boolean(),
  isFollowing: z.boolean(),
  followers: z.number().int(),
  following: z.number().int(),
  stats: z.object({
    publicBots: z.number().int(),
    totalChats: z.number().int(),
    totalMessages: z.number().int(),
    avgRating: z.number().nullable(),
  }),
  /** Levels come with gamification; until then null, and the widget shows a placeholder. */
  level: z.object({ level: z.number().int(), rank: z.string() }).nullable(),
});
export type PublicProfile = z.infer<typeof ZPublicProfile>;

export const ZProfileParams = z.object({ usernameOrId: z.string().trim().min(1).max(100) });
export const ZFollowParams = z.object({ userId: z.uuid(PROFILE_MESSAGES.notAvailable) });
export const ZFollowResult = z.object({ following: z.boolean(), followers: z.number().int() });

export const ZProfileUser = z.object({ id: z.string(), username: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() });
export const ZProfileUserPage = zPage(ZProfileUser);
