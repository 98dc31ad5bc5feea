/** Texts and codes of the referral program that both sides use (the web app translates its own labels). */
export const REFERRAL_MESSAGES = {
  /** settings-and-referrals.md §9: the panel's load failure. */
  loadFailed: 'Failed to load referral data',
  applyFailed: 'Failed to apply referral code',
  selfReferral: 'You cannot use your own referral code',
  alreadyReferred: 'This account has already been referred',
  codeNotFound: 'Referral code not found',
  applyWindowClosed: 'A referral code can only be applied within 7 days of signing up',
  notFlagged: 'Only a flagged referral can be approved or rejected',
  rateLimited: 'Too many referral requests, please try again later',
} as const;

export const REFERRAL_ERROR_CODES = {
  SELF_REFERRAL: 'SELF_REFERRAL',
  ALREADY_REFERRED: 'ALREADY_REFERRED',
  APPLY_WINDOW_CLOSED: 'APPLY_WINDOW_CLOSED',
  NOT_FLAGGED: 'NOT_FLAGGED',
} as const;
