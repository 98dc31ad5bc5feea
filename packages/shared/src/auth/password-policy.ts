import { isCommonPassword } from './common-passwords';

/**
 * The password policy and strength score of settings-and-referrals.md §5, in one place for the
 * server (which refuses weak passwords) and the forms (which show the meter and the messages).
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 8 characters long',
  tooLong: 'Password must be no more than 128 characters long',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
  common: 'Password is too common and easily guessable',
} as const;

export const PASSWORD_STRENGTHS = ['weak', 'medium', 'strong', 'very-strong'] as const;
export type PasswordStrength = (typeof PASSWORD_STRENGTHS)[number];

export const PASSWORD_STRENGTH_LABELS: Record<PasswordStrength, string> = {
  weak: 'Very weak password',
  medium: 'Weak password',
  strong: 'Good password',
  'very-strong': 'Excellent password',
};

export interface PasswordEvaluation {
  /** True when no rule is broken. */
  valid: boolean;
  /** Broken rules, in the spec's order: length, classes, then the common-password check. */
  errors: string[];
  /** 0 to 100. */
  score: number;
  strength: PasswordStrength;
  label: string;
}

const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
const DIGIT = /\p{Nd}/u;
// Anything that is not a letter, a digit or white space counts as special.
const SPECIAL = /[^\p{L}\p{Nd}\s]/u;

/** The strength level of a score: under 40 weak, under 60 medium, under 80 strong, else very-strong. */
export function strengthOfScore(score: number): PasswordStrength {
  if (score < 40) return 'weak';
  if (score < 60) return 'medium';
  if (score < 80) return 'strong';
  return 'very-strong';
}

/**
 * Scores a password and lists the rules it breaks.
 * @example evaluatePassword('Tr1cky-Horse!').strength // 'very-strong'
 */
export function evaluatePassword(password: string): PasswordEvaluation {
  const length = [...password].length;
  const hasUpper = UPPER.test(password);
  const hasLower = LOWER.test(password);
  const hasDigit = DIGIT.test(password);
  const hasSpecial = SPECIAL.test(password);
  const common = password.length > 0 && isCommonPassword(password);

  const errors: string[] = [];
  if (length < PASSWORD_MIN_LENGTH) errors.push(PASSWORD_MESSAGES.tooShort);
  if (length > PASSWORD_MAX_LENGTH) errors.push(PASSWORD_MESSAGES.tooLong);
  if (!hasUpper) errors.push(PASSWORD_MESSAGES.uppercase);
  if (!hasLower) errors.push(PASSWORD_MESSAGES.lowercase);
  if (!hasDigit) errors.push(PASSWORD_MESSAGES.number);
  if (!hasSpecial) errors.push(PASSWORD_MESSAGES.special);
  if (common) errors.push(PASSWORD_MESSAGES.common);

  let score = 0;
  if (!common) {
    if (length >= PASSWORD_MIN_LENGTH) score += 20;
    if (hasUpper) score += 15;
    if (hasLower) score += 15;
    if (hasDigit) score += 15;
    if (hasSpecial) score += 15;
    if (length >= 12) score += 10;
    if (length >= 16) score += 5;
    if (hasUpper && hasLower) score += 5;
    if (hasDigit && hasSpecial) score += 5;
    score = Math.min(100, score);
  }
  const strength = strengthOfScore(score);
  return { valid: errors.length === 0, errors, score, strength, label: PASSWORD_STRENGTH_LABELS[strength] };
}
