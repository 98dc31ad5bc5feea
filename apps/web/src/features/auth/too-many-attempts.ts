import type { TFunction } from 'i18next';
import { minutesToWait } from '@app/shared/auth/messages';

/** "Try again in 15 minutes" in the page's language, from a 429's Retry-After (a minute when it has none). */
export function tooManyAttemptsText(t: TFunction, key: string, retryAfterSeconds: number | undefined): string {
  return t(key, { count: minutesToWait(retryAfterSeconds ?? 60) });
}
