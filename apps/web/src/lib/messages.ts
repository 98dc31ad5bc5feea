import i18n from './i18n';

/**
 * Translates a user-facing message of the shared package or the server (they are English
 * texts, such as 'Username is already taken'). The `messages` namespace maps each known text to
 * its translation; an unknown one shows as it came.
 */
export function translateMessage(message: string, values?: Record<string, string | number>): string {
  return i18n.t(message, { ns: 'messages', keySeparator: false, nsSeparator: false, defaultValue: message, ...values });
}
