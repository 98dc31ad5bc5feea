import type { PromptMessage } from '../../llm/types';
import type { LoreInsertions } from '../lorebooks';

/** What a prompt is made of: the bot's fields and the visible history, oldest first, ending with the user's message. */
export interface PromptInput {
  bot: {
    name: string;
    systemPrompt: string;
    personality: string;
    scenario: string;
    exampleMessages: string;
    postHistoryInstructions: string;
    settings: { responseStyle: 'concise' | 'balanced' | 'detailed'; memoryEnabled: boolean; contextLength: number; maxTokens: number };
  };
  /** Who the user is: `{{user}}` becomes this name (their persona's, else their display name). */
  userName: string;
  /** The persona's description, placed as SillyTavern's story string places it: after the scenario and its lore. */
  persona?: string;
  /** In a group chat, the other characters' names: the bot is told it is one of several, and speaks only for itself. */
  group?: string[];
  history: { role: 'user' | 'assistant'; content: string }[];
  /** The lorebook entries this reply activated (lorebooks' activateLore). */
  lore?: Pick<LoreInsertions, 'before' | 'after' | 'atDepth'>;
}

/** The context window we plan for, in tokens (most hosted and local models have at least this). */
export const CONTEXT_TOKENS = 8192;
/** A token is about four characters of English: enough to budget without a tokenizer. */
const CHARS_PER_TOKEN = 4;

const STYLE: Record<PromptInput['bot']['settings']['responseStyle'], string> = {
  concise: 'Keep replies short: one to three sentences.',
  balanced: 'Keep replies to a paragraph or two.',
  detailed: 'Give rich, detailed replies.',
};

/** {{char}} and {{user}} as SillyTavern reads them (any case). */
export function fillMacros(text: string, charName: string, userName: string): string {
  return text.replace(/\{\{char\}\}/gi, charName).replace(/\{\{user\}\}/gi, userName);
}

/** The example dialogues: blocks that start with <START>. */
export function exampleBlocks(examples: string): string[] {
  return examples
    .split(/<START>/i)
    .map((b) => b.trim())
    .filter(Boolean);
}

/**
 * The prompt as the rivals build it: system prompt, the character (personality, scenario), the
 * examples, then the history newest-first while it fits the budget (context minus the reply's
 * length, at most `contextLength` messages; only the last one without memory), then the
 * post-history instructions. Creator notes never enter it. Lorebook entries go where SillyTavern's
 * default story string puts them: before the character, after the scenario, or into the history
 * `depth` messages from its end. The persona's description closes the character's part, as
 * SillyTavern's default story string ends with `{{persona}}`.
 */
export function buildPrompt({ bot, userName, persona, group, history, lore }: PromptInput): PromptMessage[] {
  const fill = (text: string) => fillMacros(text, bot.name, userName);
  const system = [
    bot.systemPrompt ? fill(bot.systemPrompt) : `You are ${bot.name}. Stay in character and never speak for ${userName}.`,
    lore?.before ?? '',
    bot.personality ? `${bot.name}'s personality: ${fill(bot.personality)}` : '',
    bot.scenario ? `Scenario: ${fill(bot.scenario)}` : '',
    lore?.after ?? '',
    persona ? fill(persona) : '',
    group?.length
      ? `${bot.name} is in a group chat with ${[...group, userName].join(', ')}. Write only ${bot.name}'s next reply, never another's.`
      : '',
    STYLE[bot.settings.responseStyle],
  ]
    .filter(Boolean)
    .join('\n\n');
  const examples = exampleBlocks(bot.exampleMessages).map((block) => `Example of how ${bot.name} talks:\n${fill(block)}`);
  const head: PromptMessage[] = [{ role: 'system', content: system }, ...examples.map((content) => ({ role: 'system' as const, content }))];
  const tail: PromptMessage[] = bot.postHistoryInstructions ? [{ role: 'system', content: fill(bot.postHistoryInstructions) }] : [];

  const atDepth = lore?.atDepth ?? [];
  const used = [...head, ...tail, ...atDepth].reduce((n, m) => n + m.content.length, 0);
  let budget = (CONTEXT_TOKENS - bot.settings.maxTokens) * CHARS_PER_TOKEN - used;
  const maxMessages = bot.settings.memoryEnabled ? Math.max(1, bot.settings.contextLength) : 1;
  const kept: PromptMessage[] = [];
  for (let i = history.length - 1; i >= 0 && kept.length < maxMessages; i--) {
    const message = history[i]!;
    // The newest message always goes in, cut if it must; older ones only while they fit.
    if (message.content.length > budget && kept.length > 0) break;
    kept.unshift({ role: message.role, content: message.content.slice(-Math.max(budget, 1000)) });
    budget -= message.content.length;
  }
  // Deepest first, so that each goes `depth` messages from the end of the history as it was.
  for (const group of [...atDepth].sort((a, b) => b.depth - a.depth)) {
    kept.splice(Math.max(0, kept.length - group.depth), 0, { role: group.role, content: group.content });
  }
  return [...head, ...kept, ...tail];
}
