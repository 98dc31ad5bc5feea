import { describe, expect, it } from 'vitest';
import type { Chat } from '@app/shared/chats/schemas';
import { chatName, headerSubtitle, listSubtitles, ownTitle, startDate } from './chat-title';

const mira = { id: 'b1', name: 'Captain Mira Voss', avatarUrl: null };
const quill = { id: 'b2', name: 'Professor Quill', avatarUrl: null };

const chat = (over: Partial<Chat>): Chat => ({
  id: 'c1',
  botId: mira.id,
  title: mira.name,
  bot: mira,
  messageCount: 1,
  lastMessage: null,
  myRating: null,
  personaId: null,
  parentId: null,
  branchedFrom: null,
  group: null,
  createdAt: '2026-05-12T18:52:25',
  updatedAt: '2026-05-12T18:52:25',
  ...over,
});

const now = new Date('2026-06-01T12:00:00');
// Some ICU versions put a narrow no-break space before "PM".
const spaced = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(/\u202f/g, ' ')) as T;

describe('ownTitle', () => {
  it('is a title that says more than the character name, and nothing for a new chat or a group', () => {
    expect(ownTitle(chat({}))).toBeNull();
    expect(ownTitle(chat({ title: ' captain mira voss ' }))).toBeNull();
    expect(ownTitle(chat({ title: 'Captain Mira Voss - 2025-05-12@18h 52m 25s' }))).toBe('Captain Mira Voss - 2025-05-12@18h 52m 25s');
    const group = chat({ title: 'Captain Mira Voss, Professor Quill', group: { bots: [mira, quill], turnOrder: 'natural' } });
    expect(ownTitle(group)).toBeNull();
    expect(chatName(group)).toBe('Captain Mira Voss, Professor Quill');
    expect(chatName(chat({ title: 'Voyage' }))).toBe('Captain Mira Voss');
  });
});

describe('startDate', () => {
  it('leaves out this year, adds another one, and the seconds when asked', () => {
    expect(spaced(startDate('2026-05-12T18:52:25', 'en', false, now))).toBe('May 12, 6:52 PM');
    expect(spaced(startDate('2026-05-12T18:52:25', 'en', true, now))).toBe('May 12, 6:52:25 PM');
    expect(spaced(startDate('2025-05-12T18:52:25', 'en', false, now))).toBe('May 12, 2025, 6:52 PM');
    expect(spaced(startDate('2026-05-12T18:52:25', 'ru', false, now))).toBe('12 мая, 18:52');
    expect(spaced(startDate('2026-05-12T08:52:25', 'ru', false, now))).toBe('12 мая, 08:52');
    expect(spaced(startDate('2026-05-12T08:52:25', 'en', false, now))).toBe('May 12, 8:52 AM');
    expect(spaced(startDate('not a date', 'en', false, now))).toBe('');
  });
});

describe('headerSubtitle', () => {
  it("is the chat's own title, else when it began", () => {
    expect(headerSubtitle(chat({ title: 'Voyage' }), 'en', now)).toEqual({ kind: 'title', text: 'Voyage' });
    expect(spaced(headerSubtitle(chat({}), 'en', now))).toEqual({ kind: 'started', date: 'May 12, 6:52 PM' });
  });
});

describe('listSubtitles', () => {
  it('dates only the chats whose name another one on the page shares, to the second when the minute is shared too', () => {
    const rows = [
      chat({ id: 'a', createdAt: '2026-05-12T18:52:25' }),
      chat({ id: 'b', createdAt: '2026-05-12T18:52:40' }),
      chat({ id: 'c', createdAt: '2026-05-10T09:00:00' }),
      chat({ id: 'd', title: 'Voyage' }),
      chat({ id: 'e', botId: quill.id, bot: quill, title: quill.name }),
    ];
    const subtitles = listSubtitles(rows, 'en', now);
    expect(spaced(Object.fromEntries(subtitles))).toEqual({
      a: { kind: 'started', date: 'May 12, 6:52:25 PM' },
      b: { kind: 'started', date: 'May 12, 6:52:40 PM' },
      c: { kind: 'started', date: 'May 10, 9:00 AM' },
      d: { kind: 'title', text: 'Voyage' },
    });
  });

  it('dates the chats of a bot renamed since they began (they share its old name as their title)', () => {
    const renamed = { ...mira, name: 'Mira v2' };
    const a = chat({ id: 'a', bot: renamed, title: 'Captain Mira Voss', createdAt: '2026-05-12T18:52:25' });
    const b = chat({ id: 'b', bot: renamed, title: 'Captain Mira Voss', createdAt: '2026-05-13T09:05:00' });
    const imported = chat({ id: 'i', bot: renamed, title: 'Mira - 2026-05-01@10h00m00s' });
    const subtitles = listSubtitles([a, b, imported], 'en', now);
    expect(subtitles.get('a')?.kind).toBe('started');
    expect(subtitles.get('b')?.kind).toBe('started');
    expect(subtitles.get('a')).not.toEqual(subtitles.get('b'));
    expect(subtitles.get('i')).toEqual({ kind: 'title', text: 'Mira - 2026-05-01@10h00m00s' });
  });

  it('says nothing more for a chat alone with its character', () => {
    expect(listSubtitles([chat({})], 'en', now).size).toBe(0);
  });
});
