import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHALLENGES } from '@app/shared/challenges/catalogue';
import { CHALLENGE_MESSAGES, type Room } from '@app/shared/challenges/schemas';
import { applyRoomUpdate, clockOf, countdownText, durationParts, normalizeCode } from './rules';

const room = (over: Partial<Room> = {}): Room => ({
  id: 'r1',
  challengeId: 'message-sprint',
  name: 'Sprint',
  status: 'running',
  private: false,
  maxPlayers: 2,
  hostId: 'a',
  players: [
    { userId: 'a', username: 'ann', displayName: 'Ann', avatarUrl: null, joinedAt: '2026-01-01T00:00:00Z', left: false },
    { userId: 'b', username: 'bob', displayName: 'Bob', avatarUrl: null, joinedAt: '2026-01-01T00:00:01Z', left: false },
  ],
  scores: [
    { userId: 'a', score: 0, rank: 1, reward: 0 },
    { userId: 'b', score: 0, rank: 1, reward: 0 },
  ],
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2026-01-01T00:15:00Z',
  finishedAt: null,
  version: 5,
  createdAt: '2026-01-01T00:00:00Z',
  ...over,
});

describe('a live update of a room', () => {
  const moved = [
    { userId: 'b', score: 3, rank: 1, reward: 0 },
    { userId: 'a', score: 1, rank: 2, reward: 0 },
  ];

  it('replaces the standings when it is newer and only scores moved', () => {
    const next = applyRoomUpdate(room(), { roomId: 'r1', version: 6, status: 'running', scores: moved });
    expect(next).toMatchObject({ version: 6, scores: moved });
  });

  it('is ignored when it is not newer than what is shown (out of order), or of another room', () => {
    const shown = room();
    expect(applyRoomUpdate(shown, { roomId: 'r1', version: 5, status: 'running', scores: moved })).toBe(shown);
    expect(applyRoomUpdate(shown, { roomId: 'r1', version: 4, status: 'running', scores: moved })).toBe(shown);
    expect(applyRoomUpdate(shown, { roomId: 'r2', version: 9, status: 'running', scores: moved })).toBe(shown);
  });

  it('asks for a read when it changed more than scores: the status, who plays, a departure', () => {
    expect(applyRoomUpdate(room(), { roomId: 'r1', version: 6, status: 'finished', scores: moved })).toBe('read');
    expect(
      applyRoomUpdate(room(), {
        roomId: 'r1',
        version: 6,
        status: 'running',
        scores: [...moved, { userId: 'c', score: 0, rank: 3, reward: 0 }],
      }),
    ).toBe('read');
    expect(
      applyRoomUpdate(room(), {
        roomId: 'r1',
        version: 6,
        status: 'running',
        scores: [moved[0]!, { userId: 'a', score: 1, rank: null, reward: 0 }],
      }),
    ).toBe('read');
  });
});

describe('the room clock', () => {
  it('counts down to the start while waiting, to the end while running, and not when finished', () => {
    const now = new Date('2026-01-01T00:10:00Z').getTime();
    expect(clockOf(room({ status: 'waiting', startsAt: '2026-01-01T00:12:30Z' }), now)).toEqual({ to: 'start', ms: 150_000 });
    expect(clockOf(room(), now)).toEqual({ to: 'end', ms: 300_000 });
    expect(clockOf(room({ status: 'finished' }), now)).toBeNull();
  });

  it('shows m:ss under an hour, h:mm:ss above, never below zero', () => {
    expect(countdownText(150_000)).toBe('2:30');
    expect(countdownText(999)).toBe('0:01');
    expect(countdownText(-5_000)).toBe('0:00');
    expect(countdownText(26 * 3600_000 + 61_000)).toBe('26:01:01');
  });

  it('names whole hours in hours, anything else in minutes', () => {
    expect(durationParts(15)).toEqual({ unit: 'minutes', count: 15 });
    expect(durationParts(60)).toEqual({ unit: 'hours', count: 1 });
    expect(durationParts(90)).toEqual({ unit: 'minutes', count: 90 });
    expect(durationParts(120)).toEqual({ unit: 'hours', count: 2 });
    expect(durationParts(1440)).toEqual({ unit: 'hours', count: 24 });
  });

  it('reads an invite code as typed', () => {
    expect(normalizeCode(' abcd-efgh ')).toBe('ABCDEFGH');
  });
});

describe("the challenges' texts in Russian (locales/ru-messages.json)", () => {
  it('every challenge name and description and every message of the area has a translation', () => {
    const ru = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'locales', 'ru-messages.json'), 'utf8')) as Record<string, string>;
    const texts = [...CHALLENGES.flatMap((c) => [c.name, c.description]), ...Object.values(CHALLENGE_MESSAGES)];
    expect(texts.filter((text) => !ru[text])).toEqual([]);
  });
});
