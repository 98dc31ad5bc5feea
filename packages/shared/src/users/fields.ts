import { z } from 'zod';

/** Field rules and messages for the user's identity, shared by the forms and the server. */
export const USER_FIELD_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  usernameRequired: 'Username is required',
  usernameShort: 'Username must be at least 3 characters',
  usernameLong: 'Username must be at most 30 characters',
  usernameChars: 'Username can contain only letters, numbers and underscores',
  displayNameRequired: 'Display name is required',
  displayNameLong: 'Display name must be at most 50 characters',
  passwordRequired: 'Password is required',
} as const;

/** The spec's email check: text, @, text, dot, text, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const DISPLAY_NAME_MAX_LENGTH = 50;

/** A string field whose missing value and wrong type both answer `required`. */
export function requiredString(required: string) {
  return z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? required : 'Must be text'),
  });
}

/** Emails are compared and stored in lower case, without surrounding spaces. */
export const ZEmail = requiredString(USER_FIELD_MESSAGES.emailRequired)
  .trim()
  .min(1, USER_FIELD_MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, USER_FIELD_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, USER_FIELD_MESSAGES.emailInvalid)
  .transform((email) => email.toLowerCase());

export const ZUsername = requiredString(USER_FIELD_MESSAGES.usernameRequired)
  .trim()
  .min(1, USER_FIELD_MESSAGES.usernameRequired)
  .min(USERNAME_MIN_LENGTH, USER_FIELD_MESSAGES.usernameShort)
  .max(USERNAME_MAX_LENGTH, USER_FIELD_MESSAGES.usernameLong)
  .regex(USERNAME_PATTERN, USER_FIELD_MESSAGES.usernameChars);

export const ZDisplayName = requiredString(USER_FIELD_MESSAGES.displayNameRequired)
  .trim()
  .min(1, USER_FIELD_MESSAGES.displayNameRequired)
  .max(DISPLAY_NAME_MAX_LENGTH, USER_FIELD_MESSAGES.displayNameLong);
