import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

describe('timeAgo', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('picks the largest whole unit', () => {
    expect(timeAgo('2026-11-20T10:00:00Z', 'en', now)).toBe('2 days ago');
    expect(timeAgo('2026-11-22T07:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(timeAgo('2025-10-01T10:00:00Z', 'en', now)).toBe('last year');
    expect(timeAgo('2026-11-22T09:59:30Z', 'en', now)).toBe('this minute');
  });
  it('never speaks of the future, and takes a bad date for now', () => {
    expect(timeAgo('2026-11-22T10:03:00Z', 'en', now)).toBe('this minute');
    expect(timeAgo('2026-11-25T10:00:00Z', 'en', now)).toBe('this minute');
    expect(timeAgo('not a date', 'en', now)).toBe('this minute');
  });
  it('speaks Russian', () => {
    expect(timeAgo('2026-11-20T10:00:00Z', 'ru', now)).toBe('позавчера');
    expect(timeAgo('2026-11-17T10:00:00Z', 'ru', now)).toBe('5 дней назад');
    expect(timeAgo('2026-11-22T08:00:00Z', 'ru', now)).toBe('2 часа назад');
    expect(timeAgo('2026-09-22T10:00:00Z', 'ru', now)).toBe('2 месяца назад');
  });
});
