import { describe, expect, it } from 'vitest';
import { withDefaultSettings } from '@app/shared/bots/validation';
import { offlineReply } from '../../src/llm/offline';

const request = (lastUserMessage: string, variant?: number) => ({
  variant,
  messages: [],
  settings: withDefaultSettings({}),
  character: { name: 'Mira', personality: 'Calm and steady.', scenario: 'On the bridge.', userName: 'Sam', lastUserMessage },
});

describe('the offline responder', () => {
  it("answers in character from the bot's fields and the user's words", () => {
    const reply = offlineReply(request('What cargo are we hauling?'));
    expect(reply).toContain('*Mira considers your question for a moment.*');
    expect(reply).toContain('“What cargo are we hauling?” — that is worth talking about, Sam.');
    expect(reply).toContain('Calm and steady.');
    expect(reply).toMatch(/What made you ask\?$/);
  });

  it('quotes the user cleanly: their own words and punctuation, one sentence, between proper quotation marks', () => {
    const greeting = offlineReply(request('Good morning Barnaby! What are you up to today?'));
    // The question is the sentence quoted, whole; no words dropped, no sentences run together.
    expect(greeting).toContain('“What are you up to today?”');
    expect(greeting).not.toMatch(/Barnaby What|"/);
    expect(offlineReply(request('Good morning, Barnaby. Nice weather.'))).toContain(
      '“Good morning, Barnaby.” — that is worth talking about, Sam.',
    );
    const long = offlineReply(request(`I ${'really '.repeat(30)}want to see the sea`));
    expect(long).toMatch(/“I really( really)+…”/);
    expect(offlineReply(request('🙂 !!!'))).toContain('Tell me more, Sam.');
    expect(offlineReply(request('«Привет», — сказал он. Как дела?'))).toContain('«Как дела?»');
  });

  it('words each regeneration differently, and the same variant the same way', () => {
    const replies = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((v) => offlineReply(request('Where are we going?', v)));
    expect(new Set(replies).size).toBe(9);
    expect(offlineReply(request('Where are we going?', 4))).toBe(replies[4]);
    expect(offlineReply(request('Куда мы летим?', 1))).not.toBe(offlineReply(request('Куда мы летим?', 0)));
  });

  it('says its own words in Russian to a user who writes in Russian', () => {
    const reply = offlineReply(request('Расскажи про корабль'));
    expect(reply).toContain('*Mira внимательно слушает.*');
    expect(reply).toContain('«Расскажи про корабль» — об этом стоит поговорить, Sam.');
    expect(reply).toMatch(/Продолжайте, я слушаю\.$/);
    expect(reply).not.toMatch(/listening|worth talking/);
  });
});
