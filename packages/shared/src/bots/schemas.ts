import { z } from 'zod';
import { ZPageQuery, zPage } from '../http/pagination';

export const BOT_VISIBILITIES = ['private', 'unlisted', 'public'] as const;
export type BotVisibility = (typeof BOT_VISIBILITIES)[number];

export const ZCategory = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  description: z.string(),
});
export type Category = z.infer<typeof ZCategory>;

export const ZBotStats = z.object({
  totalChats: z.number(),
  totalMessages: z.number(),
  avgRating: z.number().nullable(),
  ratingCount: z.number(),
  popularity: z.number(),
});

/** A bot as lists show it: a summary, never the whole record (lists stay small). */
export const ZBotSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  avatarUrl: z.string().nullable(),
  category: ZCategory.pick({ id: true, name: true, icon: true }).nullable(),
  tags: z.array(z.string()),
  visibility: z.enum(BOT_VISIBILITIES),
  isPublic: z.boolean(),
  nsfw: z.boolean(),
  stats: ZBotStats,
  creator: z.object({ id: z.string(), username: z.string(), displayName: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BotSummary = z.infer<typeof ZBotSummary>;

export const ZPublicBotsQuery = ZPageQuery;
export const ZBotSummaryPage = zPage(ZBotSummary);
export const ZCategoryList = z.object({ items: z.array(ZCategory) });
