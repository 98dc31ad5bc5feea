/** Lengths of what admins type (decision 023). */
export const ADMIN_LIMITS = {
  reason: 500,
  broadcastTitle: 120,
  broadcastMessage: 2000,
} as const;

/** Every kind of admin action the audit log records. */
export const ADMIN_ACTIONS = [
  'user.banned',
  'user.unbanned',
  'user.role_changed',
  'user.tier_changed',
  'moderation.decided',
  'broadcast.sent',
  'job.retried',
  'pricing.saved',
  'token_purchase.created',
  'token_purchase.updated',
  'token_purchase.deleted',
  'referral_config.saved',
  'referral.approved',
  'referral.rejected',
  'xp.granted',
  'season.created',
  'season.updated',
  'season.deleted',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
