import { and, count, desc, eq } from 'drizzle-orm';
import type { BotSummary } from '@app/shared/bots/schemas';
import type { Executor } from '../../db/client';
import { bots, categories } from '../../db/schema/bots';
import { users } from '../../db/schema/users';

const summaryColumns = {
  bot: {
    id: bots.id,
    name: bots.name,
    description: bots.description,
    avatarUrl: bots.avatarUrl,
    tags: bots.tags,
    visibility: bots.visibility,
    nsfw: bots.nsfw,
    totalChats: bots.totalChats,
    totalMessages: bots.totalMessages,
    avgRating: bots.avgRating,
    ratingCount: bots.ratingCount,
    popularity: bots.popularity,
    createdAt: bots.createdAt,
    updatedAt: bots.updatedAt,
  },
  category: { id: categories.id, name: categories.name, icon: categories.icon },
  creator: { id: users.id, username: users.username, displayName: users.displayName },
};

type SummaryRow = {
  bot: {
    id: string;
    name: string;
    description: string;
    avatarUrl: string | null;
    tags: string[];
    visibility: 'private' | 'unlisted' | 'public';
    nsfw: boolean;
    totalChats: number;
    totalMessages: number;
    avgRating: number | null;
    ratingCount: number;
    popularity: number;
    createdAt: Date;
    updatedAt: Date;
  };
  category: { id: string; name: string; icon: string } | null;
  creator: { id: string; username: string; displayName: string };
};

function toSummary({ bot, category, creator }: SummaryRow): BotSummary {
  return {
    id: bot.id,
    name: bot.name,
    description: bot.description,
    avatarUrl: bot.avatarUrl,
    category,
    tags: bot.tags,
    visibility: bot.visibility,
    isPublic: bot.visibility === 'public',
    nsfw: bot.nsfw,
    stats: {
      totalChats: bot.totalChats,
      totalMessages: bot.totalMessages,
      avgRating: bot.avgRating,
      ratingCount: bot.ratingCount,
      popularity: bot.popularity,
    },
    creator,
    createdAt: bot.createdAt.toISOString(),
    updatedAt: bot.updatedAt.toISOString(),
  };
}

/** Public bots, newest first, one page of summaries. NSFW bots are left out (opting in comes with Explore). */
export async function listPublicBots(db: Executor, page: number, limit: number): Promise<{ items: BotSummary[]; total: number }> {
  const where = and(eq(bots.visibility, 'public'), eq(bots.isActive, true), eq(bots.nsfw, false));
  const rows = await db
    .select(summaryColumns)
    .from(bots)
    .innerJoin(users, eq(users.id, bots.createdBy))
    .leftJoin(categories, eq(categories.id, bots.categoryId))
    .where(where)
    .orderBy(desc(bots.createdAt), desc(bots.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await db.select({ n: count() }).from(bots).where(where);
  return { items: rows.map(toSummary), total: total?.n ?? 0 };
}

export async function listCategories(db: Executor) {
  return db
    .select({ id: categories.id, name: categories.name, icon: categories.icon, description: categories.description })
    .from(categories)
    .orderBy(categories.sortOrder, categories.name);
}
