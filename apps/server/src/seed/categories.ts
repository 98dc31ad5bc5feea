import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { categories } from '../db/schema/bots';

/** The bot categories (bots-header-auth.md §2 icon map, plus the default 'general'); icons are lucide names. */
export const CATEGORIES = [
  { id: 'general', name: 'General', icon: 'message-circle', description: 'Everyday conversation partners', sortOrder: 0 },
  { id: 'assistant', name: 'Assistant', icon: 'bot', description: 'Helpers that answer questions and get things done', sortOrder: 1 },
  { id: 'creative', name: 'Creative', icon: 'palette', description: 'Storytellers, writers and artists', sortOrder: 2 },
  { id: 'educational', name: 'Educational', icon: 'graduation-cap', description: 'Tutors and teachers for any subject', sortOrder: 3 },
  { id: 'entertainment', name: 'Entertainment', icon: 'drama', description: 'Adventures, games and role-play', sortOrder: 4 },
  { id: 'productivity', name: 'Productivity', icon: 'zap', description: 'Coaches and planners', sortOrder: 5 },
  { id: 'other', name: 'Other', icon: 'sparkles', description: 'Everything else', sortOrder: 6 },
] as const;

/** Reference data: inserted on every start, names and icons kept up to date. */
export async function seedCategories(db: Database): Promise<void> {
  await db
    .insert(categories)
    .values([...CATEGORIES])
    .onConflictDoUpdate({
      target: categories.id,
      set: {
        name: sql`excluded.name`,
        icon: sql`excluded.icon`,
        description: sql`excluded.description`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}
