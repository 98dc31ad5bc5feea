import { setTimeout as sleep } from 'node:timers/promises';
import type { ChatModel, GenerationRequest } from './types';

/**
 * The built-in responder, used when no model is configured: it answers in character from the
 * bot's own fields, so that the platform works out of the box. It is no language model, and the
 * UI says so and explains how to connect one.
 */
export class OfflineResponder implements ChatModel {
  readonly name = 'offline';
  readonly offline = true;
  constructor(private readonly wordDelayMs: number) {}

  async *stream(request: GenerationRequest, signal: AbortSignal): AsyncIterable<string> {
    const words = offlineReply(request).split(/(?<=\s)/);
    for (const word of words) {
      if (signal.aborted) return;
      if (this.wordDelayMs) await sleep(this.wordDelayMs, undefined, { signal }).catch(() => undefined);
      yield word;
    }
  }
}

/**
 * The responder's own words, in the language the user writes in (Cyrillic → Russian); the
 * character's traits stay in the language their creator wrote them in.
 */
const PHRASES = {
  en: {
    considers: (name: string) => `*${name} considers your question for a moment.*`,
    listens: (name: string) => `*${name} listens closely.*`,
    worthIt: (topic: string, user: string) => `"${topic}" — that is worth talking about, ${user}.`,
    tellMore: (user: string) => `Tell me more, ${user}.`,
    whyAsk: 'What made you ask?',
    goOn: 'Go on, I am listening.',
  },
  ru: {
    considers: (name: string) => `*${name} обдумывает ваш вопрос.*`,
    listens: (name: string) => `*${name} внимательно слушает.*`,
    worthIt: (topic: string, user: string) => `«${topic}» — об этом стоит поговорить, ${user}.`,
    tellMore: (user: string) => `Расскажите подробнее, ${user}.`,
    whyAsk: 'Почему вы спрашиваете?',
    goOn: 'Продолжайте, я слушаю.',
  },
};

/** A deterministic reply made of the character's traits and what the user said. */
export function offlineReply({ character, settings }: GenerationRequest): string {
  const { name, personality, scenario, userName, lastUserMessage } = character;
  const say = /\p{Script=Cyrillic}/u.test(lastUserMessage) ? PHRASES.ru : PHRASES.en;
  const trait = firstSentence(personality);
  const setting = firstSentence(scenario);
  const topic = keyPhrase(lastUserMessage);
  const question = lastUserMessage.trim().endsWith('?');
  const parts = [
    question ? say.considers(name) : say.listens(name),
    topic ? say.worthIt(capitalise(topic), userName) : say.tellMore(userName),
    trait,
    setting && settings.maxTokens > 200 ? `*${setting}*` : '',
    question ? say.whyAsk : say.goOn,
  ];
  return parts.filter(Boolean).join(' ');
}

function firstSentence(text: string): string {
  const match = /[^.!?]+[.!?]/.exec(text.replace(/\s+/g, ' ').trim());
  return (match?.[0] ?? text).trim().slice(0, 200);
}

function keyPhrase(text: string): string {
  const words = text
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 3);
  return words.slice(0, 4).join(' ');
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
