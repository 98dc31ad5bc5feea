/**
 * Lorebook activation (issue 20, performance: "lorebook activation adds ≤ 1 ms p50 to building a
 * prompt with 1,000 entries"). Builds a book of 1,000 entries as SillyTavern users write them
 * (two to four keys each from a vocabulary of 400 words, a fifth with secondary keys, some
 * /regex/ keys, a few constant ones), a chat of 40 messages, and times buildPrompt without lore
 * and activateLore + buildPrompt together, over the same histories; prints p50 and p95 of each and
 * of the difference, for plain and whole-word matching and for recursive scanning.
 *
 *   npm run bench:lorebook
 *   BENCH_ENTRIES=2000 BENCH_RUNS=2000 npm run bench:lorebook
 */
import { performance } from 'node:perf_hooks';
import { ZLoreEntry, ZLoreSettings, type LoreEntry } from '../packages/shared/src/lorebooks/schemas';
import { activateLore, type ScanBook } from '../apps/server/src/features/lorebooks/activation';
import { buildPrompt, CONTEXT_TOKENS } from '../apps/server/src/features/chats/prompt';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 1_000);

// A fixed pseudo-random sequence: the same book and chat on every run.
let seed = 20261127;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

const VOCABULARY = Array.from({ length: 400 }, (_, i) => `word${i.toString(36)}${'xyzq'[i % 4]}`);
const FILLER = ['the', 'ship', 'night', 'river', 'castle', 'you', 'said', 'looked', 'at', 'old', 'map', 'quietly', 'and'];

function entry(id: number): LoreEntry {
  const keys = Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(VOCABULARY));
  if (id % 50 === 0) keys.push(`/${pick(VOCABULARY)}s?/i`);
  return ZLoreEntry.parse({
    id,
    name: `Entry ${id}`,
    keys,
    secondaryKeys: id % 5 === 0 ? [pick(VOCABULARY), pick(VOCABULARY)] : [],
    selectiveLogic: (['andAny', 'notAll', 'notAny', 'andAll'] as const)[id % 4],
    content: `${pick(FILLER)} ${pick(VOCABULARY)} ${pick(FILLER)} `.repeat(8),
    constant: id % 200 === 0,
    order: Math.floor(random() * 1000),
    position: (['beforeChar', 'afterChar', 'atDepth'] as const)[id % 3],
  });
}

/** A chat's message: filler with a few words that are keys. */
const message = (i: number) =>
  `${i % 2 ? 'Alice' : 'Mira'}: ${Array.from({ length: 30 }, () => (random() < 0.1 ? pick(VOCABULARY) : pick(FILLER))).join(' ')}`;

const bot = {
  name: 'Mira',
  systemPrompt: '',
  personality: 'Calm under fire. Loyal to her crew.',
  scenario: '{{user}} has just signed on as the newest crew member.',
  exampleMessages: '<START>\n{{user}}: What are we hauling?\n{{char}}: Medical supplies. Officially.',
  postHistoryInstructions: '',
  settings: { responseStyle: 'balanced' as const, memoryEnabled: true, contextLength: 50, maxTokens: 1000 },
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function time(label: string, book: ScanBook) {
  const plain: number[] = [];
  const withLore: number[] = [];
  let activated = 0;
  for (let run = 0; run < RUNS + 100; run++) {
    const chat = Array.from({ length: 40 }, (_, i) => message(i + run));
    const history = chat.map((content, i) => ({ role: i % 2 ? ('user' as const) : ('assistant' as const), content }));
    const t0 = performance.now();
    buildPrompt({ bot, userName: 'Alice', history });
    const t1 = performance.now();
    const lore = activateLore({ books: [book], messages: [...chat].reverse(), contextTokens: CONTEXT_TOKENS, fill: (s) => s });
    buildPrompt({ bot, userName: 'Alice', history, lore });
    const t2 = performance.now();
    // The first 100 runs warm the JIT up.
    if (run >= 100) {
      plain.push(t1 - t0);
      withLore.push(t2 - t1);
      activated += lore.activated.length;
    }
  }
  plain.sort((a, b) => a - b);
  withLore.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(3).padStart(7);
  console.log(
    `${label.padEnd(28)} ${f(percentile(plain, 50))} ${f(percentile(withLore, 50))} ${f(percentile(withLore, 50) - percentile(plain, 50))} ${f(percentile(withLore, 95) - percentile(plain, 95))}   ${(activated / RUNS).toFixed(1)}`,
  );
}

const entries = Array.from({ length: ENTRIES }, (_, i) => entry(i));
const book = (settings: object): ScanBook => ({ id: 'bench', settings: ZLoreSettings.parse(settings), entries });
console.log(`${ENTRIES} entries, ${RUNS} runs; ms (p50 without lore, p50 with, p50 added, p95 added), entries activated per prompt`);
console.log('book                         no lore    lore   added  p95 add   activated');
time('keys, scan depth 2', book({}));
time('whole words, scan depth 10', book({ matchWholeWords: true, scanDepth: 10 }));
time('recursive, scan depth 4', book({ recursive: true, scanDepth: 4 }));
