import { describe, expect, it } from 'vitest';
import { withDefaultSettings } from '@app/shared/bots/validation';
import { offlineReply } from '../../src/llm/offline';

const request = (lastUserMessage: string) => ({
  messages: [],
  settings: withDefaultSettings({}),
  character: { name: 'Mira', personality: 'Calm and steady.', scenario: 'On the bridge.', userName: 'Sam', lastUserMessage },
});

describe('the offline responder', () => {
  it("answers in character from the bot's fields and the user's words", () => {
    const reply = offlineReply(request('What cargo are we hauling?'));
    expect(reply).toContain('*Mira considers your question for a moment.*');
    expect(reply).toContain('"What cargo hauling" — that is worth talking about, Sam.');
    expect(reply).toContain('Calm and steady.');
    expect(reply).toMatch(/What made you ask\?$/);
  });

  it('says its own words in Russian to a user who writes in Russian', () => {
    const reply = offlineReply(request('Расскажи про корабль'));
    expect(reply).toContain('*Mira внимательно слушает.*');
    expect(reply).toContain('«Расскажи корабль» — об этом стоит поговорить, Sam.');
    expect(reply).toMatch(/Продолжайте, я слушаю\.$/);
    expect(reply).not.toMatch(/listening|worth talking/);
  });
});
