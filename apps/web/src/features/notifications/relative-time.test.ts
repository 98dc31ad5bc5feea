import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

describe('relativeTime', () => {
  const now = new Date('2024-01-10T12:00:00Z');
  it('says how long ago, in the interface language', () => {
    expect(relativeTime('2024-01-10T11:59:30Z', 'en', now)).toBe('now');
    expect(relativeTime('2024-01-10T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(relativeTime('2024-01-10T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(relativeTime('2024-01-09T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(relativeTime('2024-01-10T11:55:00Z', 'ru', now)).toBe('5 минут назад');
  });
});
