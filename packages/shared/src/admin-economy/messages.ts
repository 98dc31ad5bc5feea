/** Texts of the admins' economy screens that the server answers with. */
export const ADMIN_ECONOMY_MESSAGES = {
  rangeReversed: 'The start of the range is after its end',
  rangeTooLong: 'The range may span at most 366 days',
  purchaseNotFound: 'API token purchase not found',
  nothingToChange: 'Nothing to change',
} as const;
