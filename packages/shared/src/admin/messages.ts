/** The admin console's user-facing texts and codes (decision 023). */
export const ADMIN_ERROR_CODES = {
  ACCOUNT_BANNED: 'ACCOUNT_BANNED',
  CANNOT_BAN: 'CANNOT_BAN',
  CANNOT_CHANGE_SELF: 'CANNOT_CHANGE_SELF',
  NOT_BANNED: 'NOT_BANNED',
  ALREADY_BANNED: 'ALREADY_BANNED',
  JOB_NOT_FAILED: 'JOB_NOT_FAILED',
  JOB_ALREADY_QUEUED: 'JOB_ALREADY_QUEUED',
  MODERATION_DECIDED: 'MODERATION_DECIDED',
} as const;

export const ADMIN_MESSAGES = {
  /** What a banned account's sign-in and refresh answer (403). */
  accountBanned: 'This account has been suspended. Contact support if you think this is a mistake.',
  cannotBanSelf: 'You cannot ban your own account',
  cannotBanAdmin: 'Admins cannot be banned: remove the admin role first',
  cannotChangeOwnRole: 'You cannot change your own role',
  alreadyBanned: 'This account is already banned',
  notBanned: 'This account is not banned',
  userNotFound: 'User not found',
  jobNotFound: 'Job not found',
  jobNotFailed: 'Only a failed job can be retried',
  jobAlreadyQueued: 'The same job is already waiting or running',
  moderationDecided: 'This request has already been decided',
  rangeReversed: 'The range ends before it starts',
  rangeTooLong: 'The range is longer than 366 days',
} as const;
