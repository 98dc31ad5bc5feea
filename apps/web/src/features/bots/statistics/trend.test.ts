import { describe, expect, it } from 'vitest';
import { chatTrend, hourShade, topEntries } from './trend';

describe('statistics helpers', () => {
  it('computes the trend from the first and last days', () => {
    expect(chatTrend([{ chats: 4 }, { chats: 9 }, { chats: 6 }])).toBe(50);
    expect(chatTrend([{ chats: 10 }, { chats: 5 }])).toBe(-50);
    expect(chatTrend([{ chats: 0 }, { chats: 5 }])).toBeNull();
    expect(chatTrend([])).toBeNull();
  });
  it('shades the hours in steps of 25, 50 and 75 percent of the busiest', () => {
    expect([0, 10, 25, 50, 75, 100].map((v) => hourShade(v, 100))).toEqual([0, 1, 2, 3, 4, 4]);
    expect(hourShade(5, 0)).toBe(0);
  });
  it('keeps the top five', () => {
    expect(topEntries({ a: 1, b: 5, c: 3, d: 2, e: 9, f: 4 })).toEqual([
      ['e', 9],
      ['b', 5],
      ['f', 4],
      ['c', 3],
      ['d', 2],
    ]);
  });
});
