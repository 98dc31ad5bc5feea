import { z } from 'zod';
import { ZPageQuery, zPage } from '../http/pagination';
import { ZSessionUser } from '../auth/schemas';
import { ROLES, TIERS } from '../users/roles';
import { ADMIN_ACTIONS, ADMIN_LIMITS as L } from './rules';

export const ZAdminUsersQuery = ZPageQuery.extend({
  /** Part of the email, the username or the display name. */
  q: z.string().trim().max(100).optional(),
  /** Only banned accounts (true) or only those that are not (false). */
  banned: z.enum(['true', 'false']).optional(),
});
export const ZAdminUser = ZSessionUser.pick({
  id: true,
  email: true,
  username: true,
  displayName: true,
  role: true,
  tier: true,
  emailVerified: true,
  isDemo: true,
  createdAt: true,
}).extend({
  /** When the account was banned (ISO 8601), null when it is not. */
  bannedAt: z.string().nullable(),
  banReason: z.string().nullable(),
});
export type AdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUserPage = zPage(ZAdminUser);

export const ZAdminUserParams = z.object({ id: z.uuid('Not found') });
/** A role or tier change: one of them at least. */
export const ZAdminUserPatch = z
  .strictObject({ role: z.enum(ROLES).optional(), tier: z.enum(TIERS).optional() })
  .refine((b) => b.role !== undefined || b.tier !== undefined, { message: 'Nothing to change' });
/** The reason of a ban or an unban, kept in the audit log (and, for a ban, on the account). */
export const ZBanBody = z.strictObject({ reason: z.string().trim().min(1, 'A reason is required').max(L.reason) });

/** Platform-wide bot analytics over a range of UTC days (both included; the last 30 by default). */
export const ZAdminAnalyticsQuery = z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() });
export const ZAdminAnalyticsDay = z.object({
  date: z.string(),
  newUsers: z.number().int(),
  newBots: z.number().int(),
  chats: z.number().int(),
  messages: z.number().int(),
  activeUsers: z.number().int(),
});
export const ZAdminTopBot = z.object({
  id: z.string(),
  name: z.string(),
  visibility: z.string(),
  owner: z.object({ id: z.string(), username: z.string(), displayName: z.string() }),
  totalChats: z.number().int(),
  totalMessages: z.number().int(),
  /** Chats started with it in the range. */
  chatsInRange: z.number().int(),
});
export const ZAdminAnalytics = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    users: z.number().int(),
    bannedUsers: z.number().int(),
    bots: z.number().int(),
    publicBots: z.number().int(),
    chats: z.number().int(),
    messages: z.number().int(),
  }),
  /** In the range: the sums of the days. */
  range: z.object({ newUsers: z.number().int(), newBots: z.number().int(), chats: z.number().int(), messages: z.number().int() }),
  /** The bots with the most chats started in the range (then the most chats of all time). */
  topBots: z.array(ZAdminTopBot),
  /** Every day of the range, zeros included. */
  days: z.array(ZAdminAnalyticsDay),
});
export type AdminAnalytics = z.infer<typeof ZAdminAnalytics>;

export const ZBroadcastBody = z.strictObject({
  title: z.string().trim().min(1, 'A title is required').max(L.broadcastTitle),
  message: z.string().trim().min(1, 'A message is required').max(L.broadcastMessage),
});
export const ZBroadcast = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  createdAt: z.string(),
  admin: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type Broadcast = z.infer<typeof ZBroadcast>;
export const ZBroadcastPage = zPage(ZBroadcast);

export const ZJobKindStats = z.object({
  kind: z.string(),
  queued: z.number().int(),
  /** Queued with a run time in the future: waiting for a retry's backoff (or a schedule). */
  scheduled: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
  /** Done in the last 24 hours. */
  doneLastDay: z.number().int(),
});
export const ZFailedJob = z.object({
  id: z.string(),
  kind: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export const ZJobsOverview = z.object({ kinds: z.array(ZJobKindStats), failed: z.array(ZFailedJob) });
export type JobsOverview = z.infer<typeof ZJobsOverview>;
export const ZJobParams = z.object({ id: z.uuid('Not found') });
export const ZJobRetried = z.object({ id: z.string(), status: z.literal('queued') });

export const ZAuditQuery = z.object({
  action: z.enum(ADMIN_ACTIONS).optional(),
  adminId: z.uuid().optional(),
  targetType: z.string().trim().min(1).max(40).optional(),
  targetId: z.string().trim().min(1).max(100).optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const ZAuditEntry = z.object({
  id: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** What the target is called now (a user's @username, a season's or a moderated bot's name), when it has a name. */
  targetLabel: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  admin: z.object({ id: z.string(), username: z.string(), displayName: z.string() }).nullable(),
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditPage = z.object({ items: z.array(ZAuditEntry), nextCursor: z.string().nullable() });
