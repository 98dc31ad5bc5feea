import { and, eq, sql } from 'drizzle-orm';
import type { BotTemplate, Category } from '@app/shared/bots/schemas';
import type { Executor } from '../../db/client';
import { botTemplates, bots, categories } from '../../db/schema/bots';

/** Categories in their order, each with the number of public bots in it. */
export async function listCategories(db: Executor): Promise<Category[]> {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      icon: categories.icon,
      description: categories.description,
      botCount: sql<number>`count(${bots.id})`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(bots, and(eq(bots.categoryId, categories.id), eq(bots.visibility, 'public'), eq(bots.isActive, true)))
    .groupBy(categories.id)
    .orderBy(categories.sortOrder, categories.name);
}

export async function listTemplates(db: Executor): Promise<BotTemplate[]> {
  const rows = await db.select().from(botTemplates).orderBy(botTemplates.sortOrder, botTemplates.name);
  return rows.map((t) => ({ id: t.id, name: t.name, description: t.description, icon: t.icon, category: t.categoryId, fields: t.fields }));
}
