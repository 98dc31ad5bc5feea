import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { bots } from '../db/schema/bots';
import { users } from '../db/schema/users';
import { createAccount } from '../features/auth';
import { hashPassword } from '../lib/passwords';
import { searchColumns } from '../features/bots';
import { DEMO_BOTS } from './demo-bots';

/** The demo accounts; their credentials are in the README and printed when they are created. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@example.com', username: 'admin', displayName: 'Demo Admin', password: 'Admin-Demo-2026!' },
  user: { email: 'demo@example.com', username: 'demo', displayName: 'Demo User', password: 'User-Demo-2026!' },
} as const;

/**
 * Seeds the demo admin, the demo user and the public demo bots, once: when the demo admin
 * exists already, nothing happens. Answers true when it seeded.
 */
export async function seedDemoData(db: Database, config: Config): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email)).limit(1);
  if (existing) return false;

  const ctx = { db, config };
  const admin = await createAccount(ctx, {
    ...DEMO_ACCOUNTS.admin,
    passwordHash: await hashPassword(DEMO_ACCOUNTS.admin.password, config.passwordHashing),
    emailVerified: true,
    role: 'admin',
    isDemo: true,
  });
  await createAccount(ctx, {
    ...DEMO_ACCOUNTS.user,
    passwordHash: await hashPassword(DEMO_ACCOUNTS.user.password, config.passwordHashing),
    emailVerified: true,
    isDemo: true,
  });
  await db.insert(bots).values(
    DEMO_BOTS.map((bot) => ({
      name: bot.name,
      description: bot.description,
      avatarUrl: bot.avatar,
      categoryId: bot.categoryId,
      tags: bot.tags,
      personality: bot.personality,
      scenario: bot.scenario,
      firstMessage: bot.firstMessage,
      exampleMessages: bot.exampleMessages,
      alternateGreetings: bot.alternateGreetings ?? [],
      visibility: 'public' as const,
      createdBy: admin.id,
      ...searchColumns({ name: bot.name, description: bot.description, tags: bot.tags }),
    })),
  );
  return true;
}
