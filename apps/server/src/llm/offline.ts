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

interface Phrases {
  /** The user's words between the language's quotation marks. */
  quote: (text: string) => string;
  /** Openers for a question, then for anything else. */
  asked: ((name: string) => string)[];
  told: ((name: string) => string)[];
  /** What the character says of the quoted words, and what it says when there is nothing to quote. */
  worthIt: ((quoted: string, user: string) => string)[];
  tellMore: ((user: string) => string)[];
  /** Closers for a question, then for anything else. */
  whyAsk: string[];
  goOn: string[];
}

/**
 * The responder's own words, in the language the user writes in (Cyrillic → Russian); the
 * character's traits stay in the language their creator wrote them in. Each slot has a few
 * wordings: the first answer to a message takes the first of each, and every regeneration the next.
 */
const PHRASES: Record<'en' | 'ru', Phrases> = {
  en: {
    quote: (text) => `“${text}”`,
    asked: [
      (name) => `*${name} considers your question for a moment.*`,
      (name) => `*${name} tilts their head, thinking it over.*`,
      (name) => `*${name} takes a breath before answering.*`,
    ],
    told: [(name) => `*${name} listens closely.*`, (name) => `*${name} nods slowly.*`, (name) => `*${name} smiles and leans in.*`],
    worthIt: [
      (quoted, user) => `${quoted} — that is worth talking about, ${user}.`,
      (quoted, user) => `You said ${quoted}, ${user}. I have been thinking about that too.`,
      (quoted, user) => `${quoted}… I like where this is going, ${user}.`,
    ],
    tellMore: [(user) => `Tell me more, ${user}.`, (user) => `I am all ears, ${user}.`, (user) => `Say that again, ${user}?`],
    whyAsk: ['What made you ask?', 'Why do you want to know?', 'What do you think yourself?'],
    goOn: ['Go on, I am listening.', 'And then what happened?', 'Tell me the rest.'],
  },
  ru: {
    quote: (text) => `«${text}»`,
    asked: [
      (name) => `*${name} обдумывает ваш вопрос.*`,
      (name) => `*${name} задумчиво склоняет голову.*`,
      (name) => `*${name} делает вдох перед ответом.*`,
    ],
    told: [
      (name) => `*${name} внимательно слушает.*`,
      (name) => `*${name} медленно кивает.*`,
      (name) => `*${name} улыбается и подаётся вперёд.*`,
    ],
    worthIt: [
      (quoted, user) => `${quoted} — об этом стоит поговорить, ${user}.`,
      (quoted, user) => `Вы сказали ${quoted}, ${user}. Я тоже об этом думаю.`,
      (quoted, user) => `${quoted}… Мне нравится, куда это ведёт, ${user}.`,
    ],
    tellMore: [(user) => `Расскажите подробнее, ${user}.`, (user) => `Я вас слушаю, ${user}.`, (user) => `Повторите, ${user}?`],
    whyAsk: ['Почему вы спрашиваете?', 'Зачем вам это знать?', 'А вы сами что думаете?'],
    goOn: ['Продолжайте, я слушаю.', 'А что было дальше?', 'Расскажите, что было потом.'],
  },
};

/** How much of the user's message a reply quotes, at most. */
const QUOTE_CHARS = 80;

/**
 * A deterministic reply made of the character's traits and what the user said: the same message
 * and variant give the same words (tests rely on it), another variant other words.
 */
export function offlineReply({ character, settings, variant = 0 }: GenerationRequest): string {
  const { name, personality, scenario, userName, lastUserMessage } = character;
  const say = /\p{Script=Cyrillic}/u.test(lastUserMessage) ? PHRASES.ru : PHRASES.en;
  // The quote's wording turns with every variant, the opener and the closer once per round of it:
  // nine regenerations in a row read differently.
  const pick = <T>(options: T[], round = 0): T => options[(variant + round * Math.floor(variant / options.length)) % options.length]!;
  const trait = firstSentence(personality);
  const setting = firstSentence(scenario);
  const question = lastUserMessage.trim().endsWith('?');
  const quoted = quotable(lastUserMessage, question);
  const parts = [
    pick(question ? say.asked : say.told, 1)(name),
    quoted ? pick(say.worthIt)(say.quote(quoted), userName) : pick(say.tellMore)(userName),
    trait,
    setting && settings.maxTokens > 200 ? `*${setting}*` : '',
    pick(question ? say.whyAsk : say.goOn, 1),
  ];
  return parts.filter(Boolean).join(' ');
}

function firstSentence(text: string): string {
  const match = /[^.!?]+[.!?]/.exec(text.replace(/\s+/g, ' ').trim());
  return (match?.[0] ?? text).trim().slice(0, 200);
}

/**
 * The sentence of the user's message worth quoting, as they wrote it (its own punctuation kept):
 * the question when they asked one, else the first sentence; cut at a word and marked with "…"
 * when long. Empty for a message with no words (only emoji or punctuation).
 */
function quotable(message: string, question: boolean): string {
  const text = message.replace(/\s+/g, ' ').trim();
  if (!/[\p{L}\p{N}]/u.test(text)) return '';
  const sentences = text
    .match(/[^.!?…]+(?:[.!?…]+|$)/gu)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [text];
  const sentence = (question ? sentences.at(-1) : sentences[0]) ?? text;
  if (sentence.length <= QUOTE_CHARS) return sentence;
  const cut = sentence.slice(0, QUOTE_CHARS);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), QUOTE_CHARS / 2));
  return `${atWord.replace(/[\s,;:—-]+$/u, '')}…`;
}
