import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { bots } from '../../db/schema/bots';
import { botLogs } from '../../db/schema/chats';
import { describeUserAgent } from '../../lib/user-agent';

type Action = (typeof botLogs.$inferInsert)['action'];

/** Where a request came from, as the bot log keeps it (§3 Bot log: ip, user_agent; plus language and device). */
export function originOf(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'] ?? null;
  const language = (request.headers['accept-language'] ?? '').split(',')[0]?.split(';')[0]?.trim().toLowerCase().split('-')[0] || 'unknown';
  const { device } = describeUserAgent(userAgent ?? undefined);
  return { ip: request.ip, userAgent, language, device };
}

export interface BotLogEntry {
  botId: string;
  userId: string | null;
  action: Action;
  origin: ReturnType<typeof originOf>;
  tokensUsed?: number;
  responseTime?: number;
  error?: string;
}

/** The bot_logs row of an entry (every chat start, reply and error writes one). */
export function botLogRow(entry: BotLogEntry): typeof botLogs.$inferInsert {
  return {
    botId: entry.botId,
    userId: entry.userId,
    action: entry.action,
    ip: entry.origin.ip,
    userAgent: entry.origin.userAgent,
    metadata: {
      ...(entry.tokensUsed !== undefined ? { tokensUsed: entry.tokensUsed } : {}),
      ...(entry.responseTime !== undefined ? { responseTime: entry.responseTime } : {}),
      ...(entry.error ? { error: entry.error } : {}),
      language: entry.origin.language,
      device: entry.origin.device,
    },
  };
}

export async function logBot(db: Executor, entry: BotLogEntry) {
  await db.insert(botLogs).values(botLogRow(entry));
}

/**
 * The change to a bot's running totals and its popularity (§9 formula), as the `set` of an
 * update of the bot's row: a reply's last statement carries it along with the reply's own writes.
 */
export function botStatsBump(delta: { chats?: number; messages?: number }) {
  const chats = delta.chats ?? 0;
  const messages = delta.messages ?? 0;
  return {
    totalChats: sql`${bots.totalChats} + ${chats}`,
    totalMessages: sql`${bots.totalMessages} + ${messages}`,
    popularity: sql`least(100, round((0.1 * (${bots.totalChats} + ${chats}) + 0.01 * (${bots.totalMessages} + ${messages}) + 0.2 * ${bots.totalImagesGenerated} + 0.5 * ${bots.totalVideosGenerated})::numeric, 2))`,
  };
}

export async function bumpBotStats(db: Executor, botId: string, delta: { chats?: number; messages?: number }) {
  await db.update(bots).set(botStatsBump(delta)).where(eq(bots.id, botId));
}
