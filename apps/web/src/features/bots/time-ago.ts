import { relativeTimeFormat } from '@/lib/intl';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "3 days ago", "2 дня назад": the largest whole unit, in the given language.
 * @example timeAgo('2026-11-20T10:00:00Z', 'en', new Date('2026-11-22T10:00:00Z')) // '2 days ago'
 */
export function timeAgo(iso: string, language: string, now: Date = new Date()): string {
  const format = relativeTimeFormat(language);
  const elapsed = now.getTime() - new Date(iso).getTime();
  // A server clock a little ahead of this one must not say "in 2 minutes"; a bad date says "now".
  const seconds = Number.isFinite(elapsed) ? -Math.max(0, Math.round(elapsed / 1000)) : 0;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'minute');
}
