import { asc, eq, inArray, sql } from 'drizzle-orm';
import { CHAT_MESSAGES, type TurnOrder } from '@app/shared/chats/schemas';
import type { Executor } from '../../db/client';
import { bots } from '../../db/schema/bots';
import { chatBots, chatMessages, chats } from '../../db/schema/chats';
import { ERROR_CODES } from '@app/shared/http/errors';
import { AppError, badRequest } from '../../lib/http-errors';
import type { BotRow } from '../bots';
import { fillMacros } from './prompt';

/**
 * Group chats (issue 20 §3, decision 033): who speaks next, and what each character is told of
 * the others. A group's characters are its chat_bots rows, in list order.
 */

/** A group's characters, in list order. */
export async function membersOf(db: Executor, chatId: string): Promise<BotRow[]> {
  const rows = await db
    .select({ bot: bots })
    .from(chatBots)
    .innerJoin(bots, eq(bots.id, chatBots.botId))
    .where(eq(chatBots.chatId, chatId))
    .orderBy(asc(chatBots.position));
  return rows.map((r) => r.bot);
}

/** SillyTavern's talkativeness: a card's `extensions.talkativeness`, 0 to 1, 0.5 when it has none. */
export function talkativenessOf(bot: Pick<BotRow, 'extensions'>): number {
  const raw = (bot.extensions as Record<string, unknown> | null)?.talkativeness;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where a text first names a character, or -1: its whole name or any word of it of three letters
 * or more ("Mira" names Captain Mira Voss), as a word of the text, in any case.
 */
function mentionAt(text: string, name: string): number {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => [...w].length >= 3);
  let at = -1;
  for (const candidate of new Set([name.trim(), ...words])) {
    if (candidate.length < 2) continue;
    const match = new RegExp(`(?<![\\p{L}\\p{N}])${escape(candidate)}(?![\\p{L}\\p{N}])`, 'iu').exec(text);
    if (match && (at === -1 || match.index < at)) at = match.index;
  }
  return at;
}

/**
 * Who replies to `said` when the user did not choose (SillyTavern's natural order for the user's
 * message, one reply a turn): a character the message names, the first named, even the one who
 * spoke last (SillyTavern bars the last speaker only from answering itself, which a user's turn
 * never is); else a draw weighted by talkativeness, a silent (0) character only if all are.
 * List: the one after the last speaker, in list order. Manual: nobody (the user picks).
 */
export function chooseSpeaker(opts: {
  members: BotRow[];
  order: TurnOrder;
  said: string;
  lastSpeakerId: string | null;
  random?: () => number;
}): BotRow | null {
  const { members, order, said, lastSpeakerId } = opts;
  if (members.length === 0 || order === 'manual') return null;
  if (order === 'list') {
    const last = members.findIndex((m) => m.id === lastSpeakerId);
    return members[(last + 1) % members.length]!;
  }
  const named = members
    .map((m) => ({ m, at: mentionAt(said, m.name) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at);
  if (named.length > 0) return named[0]!.m;
  const weights = members.map(talkativenessOf);
  const total = weights.reduce((a, b) => a + b, 0);
  const random = opts.random ?? Math.random;
  if (total === 0) return members[Math.floor(random() * members.length)]!;
  let roll = random() * total;
  for (const [i, w] of weights.entries()) {
    roll -= w;
    if (roll < 0 && w > 0) return members[i]!;
  }
  return members.findLast((_, i) => weights[i]! > 0)!;
}

/** The names of every character who has spoken in a chat, members or not any more (the prompt says who said what). */
export async function speakerNamesOf(db: Executor, chatId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectDistinct({ id: bots.id, name: bots.name })
    .from(chatMessages)
    .innerJoin(bots, eq(bots.id, chatMessages.botId))
    .where(eq(chatMessages.chatId, chatId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The character who spoke last in a chat (its latest shown reply's), or null. */
export async function lastSpeakerOf(db: Executor, chatId: string): Promise<string | null> {
  const [row] = await db
    .select({ botId: chatMessages.botId })
    .from(chatMessages)
    .where(sql`${chatMessages.chatId} = ${chatId} and ${chatMessages.selected} and ${chatMessages.role} = 'assistant'`)
    .orderBy(sql`${chatMessages.id} desc`)
    .limit(1);
  return row?.botId ?? null;
}

/** A chat's first message from `bot`: its greeting, alternate greetings as alternatives, filled for `userName`. */
export async function insertGreetings(tx: Executor, chatId: string, bot: BotRow, userName: string, speaker: string | null) {
  const greetings = [bot.firstMessage, ...bot.alternateGreetings].map((g) => fillMacros(g, bot.name, userName));
  const rows = await tx
    .insert(chatMessages)
    .values(
      greetings.map((content, variant) => ({
        chatId,
        role: 'assistant' as const,
        content,
        variant,
        selected: variant === 0,
        botId: speaker,
      })),
    )
    .returning({ id: chatMessages.id });
  await tx
    .update(chatMessages)
    .set({ groupId: rows[0]!.id })
    .where(
      inArray(
        chatMessages.id,
        rows.map((r) => r.id),
      ),
    );
}

/** A group's title: its characters' names. */
export const groupTitle = (members: Pick<BotRow, 'name'>[]) =>
  members
    .map((m) => m.name)
    .join(', ')
    .slice(0, 200);

/** Creates a group chat with its characters (in this order) and each one's greeting; answers its id. */
export async function createGroupChat(
  db: Executor,
  opts: { userId: string; members: BotRow[]; turnOrder: TurnOrder; userName: string },
): Promise<string> {
  const { members } = opts;
  return db.transaction(async (tx) => {
    const [chat] = await tx
      .insert(chats)
      .values({
        userId: opts.userId,
        botId: members[0]!.id,
        title: groupTitle(members),
        turnOrder: opts.turnOrder,
        messageCount: members.length,
      })
      .returning({ id: chats.id });
    await tx.insert(chatBots).values(members.map((m, position) => ({ chatId: chat!.id, botId: m.id, position })));
    for (const m of members) await insertGreetings(tx, chat!.id, m, opts.userName, m.id);
    return chat!.id;
  });
}

/** A character joins a group, at the end of the list. */
export async function addMember(db: Executor, chatId: string, bot: BotRow, max: number) {
  await db.transaction(async (tx) => {
    // The chat's row locked: two joins at once can't pass the limit together.
    await tx.select({ id: chats.id }).from(chats).where(eq(chats.id, chatId)).for('update');
    const members = await tx
      .select({ botId: chatBots.botId, position: chatBots.position })
      .from(chatBots)
      .where(eq(chatBots.chatId, chatId));
    if (members.some((m) => m.botId === bot.id)) throw badRequest(CHAT_MESSAGES.alreadyInGroup, 'botId');
    if (members.length >= max) throw badRequest(CHAT_MESSAGES.groupSize, 'botId');
    const position = Math.max(-1, ...members.map((m) => m.position)) + 1;
    await tx.insert(chatBots).values({ chatId, botId: bot.id, position });
    await tx
      .update(chats)
      .set({ title: groupTitle([...(await membersOf(tx, chatId))]) })
      .where(eq(chats.id, chatId));
  });
}

/** A character leaves a group; its replies stay. The chat's first character becomes the next one if it leaves. */
export async function removeMember(db: Executor, chatId: string, botId: string) {
  await db.transaction(async (tx) => {
    await tx.select({ id: chats.id }).from(chats).where(eq(chats.id, chatId)).for('update');
    const members = await membersOf(tx, chatId);
    if (!members.some((m) => m.id === botId)) throw new AppError(404, ERROR_CODES.NOT_FOUND, CHAT_MESSAGES.notInGroup, 'botId');
    if (members.length <= 1) throw badRequest(CHAT_MESSAGES.lastInGroup, 'botId');
    await tx.delete(chatBots).where(sql`${chatBots.chatId} = ${chatId} and ${chatBots.botId} = ${botId}`);
    const left = members.filter((m) => m.id !== botId);
    await tx
      .update(chats)
      .set({ botId: left[0]!.id, title: groupTitle(left) })
      .where(eq(chats.id, chatId));
  });
}
