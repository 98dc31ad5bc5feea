import { describe, expect, it } from 'vitest';
import {
  formatCreateDate,
  formatSendDate,
  parseSendDate,
  parseStChat,
  StChatError,
  writeStChat,
} from '../../src/features/chats/sillytavern-format';

describe("SillyTavern's chat file", () => {
  it('reads send dates in every format SillyTavern writes, and refuses the rest', () => {
    const iso = (v: unknown) => parseSendDate(v)?.toISOString() ?? null;
    expect(iso('June 19, 2023 2:20pm')).toBe('2023-06-19T14:20:00.000Z');
    expect(iso('June 19, 2023 12:05am')).toBe('2023-06-19T00:05:00.000Z');
    expect(iso('December 1, 2024 12:30pm')).toBe('2024-12-01T12:30:00.000Z');
    expect(iso('2024-7-12@01h31m37s')).toBe('2024-07-12T01:31:37.000Z');
    expect(iso('2024-6-5 @14h 56m 50s 682ms')).toBe('2024-06-05T14:56:50.682Z');
    expect(iso(1_700_000_000_000)).toBe('2023-11-14T22:13:20.000Z');
    expect(iso('1700000000000')).toBe('2023-11-14T22:13:20.000Z');
    expect(iso('2025-03-04T05:06:07.089Z')).toBe('2025-03-04T05:06:07.089Z');
    // A long text is not a date, and is not scanned (the patterns are quadratic on long input).
    const started = Date.now();
    expect(iso(`${'a'.repeat(100_000)} 1, 2024 1:00pm`)).toBeNull();
    expect(Date.now() - started).toBeLessThan(100);
    for (const bad of ['', 'yesterday', 'Smarch 3, 2024 1:00pm', null, undefined, {}, -5, 'June 99, 2023 2:20pm'])
      expect(iso(bad)).toBeNull();
  });

  it('writes dates as SillyTavern does, and reads them back', () => {
    const at = new Date('2026-11-27T18:44:42.123Z');
    expect(formatSendDate(at)).toBe('November 27, 2026 6:44pm');
    expect(formatSendDate(new Date('2026-01-02T00:05:00Z'))).toBe('January 2, 2026 12:05am');
    expect(formatCreateDate(at)).toBe('2026-11-27@18h44m42s');
    expect(parseSendDate(formatSendDate(at))?.toISOString()).toBe('2026-11-27T18:44:00.000Z');
    expect(parseSendDate(formatCreateDate(at))?.toISOString()).toBe('2026-11-27T18:44:42.000Z');
  });

  it('reads a header, messages, swipes and the chosen swipe; mes wins over a swipe that disagrees', () => {
    const chat = parseStChat(
      [
        JSON.stringify({
          user_name: 'Alex',
          character_name: 'Mira',
          create_date: '2024-7-12@01h31m37s',
          chat_metadata: { persona: 'alex.png', world_info: 'Harbor' },
        }),
        JSON.stringify({
          name: 'Mira',
          is_user: false,
          send_date: 'July 12, 2024 1:31am',
          mes: 'Two',
          swipes: ['One', 'Two', 'Three'],
          swipe_id: 1,
        }),
        '',
        JSON.stringify({ name: 'Alex', is_user: true, send_date: 'July 12, 2024 1:32am', mes: 'Hi', swipes: ['ignored'] }),
        JSON.stringify({ name: 'Mira', is_user: false, mes: 'Edited', swipes: ['Old'], swipe_id: 0, original_avatar: 'Mira.png' }),
        JSON.stringify({ name: 'Mira', is_user: false, mes: 'B', swipes: ['A', 'B'], swipe_id: 7 }),
      ].join('\r\n'),
    );
    expect(chat).toMatchObject({ userName: 'Alex', characterName: 'Mira', persona: 'alex.png', world: 'Harbor' });
    expect(chat.createdAt?.toISOString()).toBe('2024-07-12T01:31:37.000Z');
    expect(chat.messages.map((m) => [m.isUser, m.text, m.swipes, m.swipeId])).toEqual([
      [false, 'Two', ['One', 'Two', 'Three'], 1],
      [true, 'Hi', ['Hi'], 0],
      [false, 'Edited', ['Edited'], 0],
      [false, 'B', ['A', 'B'], 1],
    ]);
    expect(chat.messages[2]!.avatar).toBe('Mira.png');
    expect(chat.messages[2]!.sentAt).toBeNull();
  });

  it('reads a group chat of older versions, which has no header line', () => {
    const chat = parseStChat(JSON.stringify({ name: 'Mira', is_user: false, mes: 'Hello', original_avatar: 'Mira.png' }));
    expect(chat.characterName).toBeNull();
    expect(chat.messages).toHaveLength(1);
  });

  it('refuses a file cut in the middle of a line, or with a line that is not a message', () => {
    const good = [
      JSON.stringify({ user_name: 'A', character_name: 'B' }),
      JSON.stringify({ name: 'B', is_user: false, mes: 'Hello there' }),
    ].join('\n');
    expect(() => parseStChat(good.slice(0, -5))).toThrow(StChatError);
    expect(() => parseStChat(`${good}\n[1,2]`)).toThrow(StChatError);
    expect(() => parseStChat(`${good}\n{"name":"B"}`)).toThrow(StChatError);
    expect(() => parseStChat('not json')).toThrow(StChatError);
  });

  it('writes a chat that reads back the same: texts, swipes, the chosen one, exact times, our ids', () => {
    const sentAt = new Date('2026-11-27T18:44:42.123Z');
    const text = writeStChat({
      userName: 'Alex',
      characterName: 'Mira',
      createdAt: sentAt,
      title: 'At the harbor',
      botIds: ['b1'],
      messages: [
        { name: 'Mira', isUser: false, sentAt, swipes: ['Hello', 'Ahoy'], swipeId: 1, botId: null, avatar: null },
        {
          name: 'Alex',
          isUser: true,
          sentAt: new Date(sentAt.getTime() + 1500),
          swipes: ['Hi "there"\nfriend'],
          swipeId: 0,
          botId: null,
          avatar: null,
        },
      ],
    });
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[1]!)).toMatchObject({
      name: 'Mira',
      is_user: false,
      is_system: false,
      mes: 'Ahoy',
      swipes: ['Hello', 'Ahoy'],
      swipe_id: 1,
      send_date: 'November 27, 2026 6:44pm',
    });
    expect(JSON.parse(lines[2]!)).not.toHaveProperty('swipes');
    const back = parseStChat(text);
    expect(back.own).toEqual({ title: 'At the harbor', botIds: ['b1'] });
    expect(back.messages.map((m) => [m.text, m.swipes, m.swipeId, m.sentAt?.toISOString()])).toEqual([
      ['Ahoy', ['Hello', 'Ahoy'], 1, '2026-11-27T18:44:42.123Z'],
      ['Hi "there"\nfriend', ['Hi "there"\nfriend'], 0, '2026-11-27T18:44:43.623Z'],
    ]);
  });
});
