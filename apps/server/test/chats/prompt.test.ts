import { describe, expect, it } from 'vitest';
import { buildPrompt, exampleBlocks, fillMacros } from '../../src/features/chats/prompt';

const bot = {
  name: 'Mira',
  systemPrompt: '',
  personality: 'Calm; protects {{user}}.',
  scenario: '{{user}} boards the ship of {{char}}.',
  exampleMessages: '<START>\n{{user}}: Hi\n{{char}}: Hello.\n<START>\n{{user}}: Cargo?\n{{char}}: Medical.',
  postHistoryInstructions: 'Answer as {{char}}.',
  settings: { responseStyle: 'concise' as const, memoryEnabled: true, contextLength: 10, maxTokens: 1000 },
};

describe('the prompt', () => {
  it('replaces the macros in any case', () => {
    expect(fillMacros('{{char}} and {{USER}}', 'Mira', 'Sam')).toBe('Mira and Sam');
  });

  it('splits example blocks at <START>', () => {
    expect(exampleBlocks(bot.exampleMessages)).toHaveLength(2);
    expect(exampleBlocks('')).toEqual([]);
  });

  it('puts the character first, the history in order, the post-history instructions last; never creator notes', () => {
    const prompt = buildPrompt({
      bot,
      userName: 'Sam',
      history: [
        { role: 'assistant', content: 'Welcome aboard.' },
        { role: 'user', content: 'Thanks!' },
      ],
    });
    expect(prompt[0]).toMatchObject({ role: 'system' });
    expect(prompt[0]!.content).toContain("Mira's personality: Calm; protects Sam.");
    expect(prompt[0]!.content).toContain('Scenario: Sam boards the ship of Mira.');
    expect(prompt[1]!.content).toContain('Sam: Hi\nMira: Hello.');
    expect(prompt.slice(3, 5)).toEqual([
      { role: 'assistant', content: 'Welcome aboard.' },
      { role: 'user', content: 'Thanks!' },
    ]);
    expect(prompt.at(-1)).toEqual({ role: 'system', content: 'Answer as Mira.' });
    expect(JSON.stringify(prompt)).not.toContain('creator');
  });

  it('keeps the newest messages within contextLength, or only the last without memory', () => {
    const history = Array.from({ length: 30 }, (_, i) => ({ role: i % 2 ? ('assistant' as const) : ('user' as const), content: `m${i}` }));
    const kept = buildPrompt({ bot, userName: 'Sam', history }).filter((m) => m.role !== 'system');
    expect(kept.map((m) => m.content)).toEqual(history.slice(-10).map((m) => m.content));
    const none = buildPrompt({ bot: { ...bot, settings: { ...bot.settings, memoryEnabled: false } }, userName: 'Sam', history });
    expect(none.filter((m) => m.role !== 'system').map((m) => m.content)).toEqual(['m29']);
  });

  it('drops old messages that do not fit the token budget, newest first', () => {
    const big = 'x'.repeat(20_000);
    const history = [
      { role: 'user' as const, content: big },
      { role: 'assistant' as const, content: big },
      { role: 'user' as const, content: 'latest' },
    ];
    const kept = buildPrompt({ bot, userName: 'Sam', history }).filter((m) => m.role !== 'system');
    expect(kept.map((m) => m.content.length)).toEqual([20_000, 6]);
  });
});

describe('the prompt with lorebook entries', () => {
  const history = [
    { role: 'assistant' as const, content: 'one' },
    { role: 'user' as const, content: 'two' },
    { role: 'assistant' as const, content: 'three' },
    { role: 'user' as const, content: 'four' },
  ];

  it('puts them before the character, after the scenario, and depth messages from the end with their role', () => {
    const prompt = buildPrompt({
      bot,
      userName: 'Sam',
      history,
      lore: {
        before: 'LORE BEFORE',
        after: 'LORE AFTER',
        atDepth: [
          { depth: 0, role: 'system', content: 'at the end' },
          { depth: 2, role: 'user', content: 'two back' },
          { depth: 9, role: 'assistant', content: 'deeper than the history' },
        ],
      },
    });
    const system = prompt[0]!.content;
    expect(system.indexOf('LORE BEFORE')).toBeLessThan(system.indexOf("Mira's personality"));
    expect(system.indexOf('Scenario:')).toBeLessThan(system.indexOf('LORE AFTER'));
    expect(prompt.slice(3, -1).map((m) => m.content)).toEqual([
      'deeper than the history',
      'one',
      'two',
      'two back',
      'three',
      'four',
      'at the end',
    ]);
    expect(prompt.find((m) => m.content === 'two back')!.role).toBe('user');
    // The post-history instructions stay last.
    expect(prompt.at(-1)!.content).toBe('Answer as Mira.');
  });

  it('counts them against the history’s budget', () => {
    const long = 'x'.repeat(20_000);
    const without = buildPrompt({ bot, userName: 'Sam', history: history.map((m) => ({ ...m, content: long })) });
    const withLore = buildPrompt({
      bot,
      userName: 'Sam',
      history: history.map((m) => ({ ...m, content: long })),
      lore: { before: 'y'.repeat(9_000), after: '', atDepth: [] },
    });
    expect(withLore.filter((m) => m.content === long).length).toBeLessThan(without.filter((m) => m.content === long).length);
  });
});
