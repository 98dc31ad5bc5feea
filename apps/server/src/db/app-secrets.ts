import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { appSecrets } from './schema/users';

/**
 * A secret made once and kept in the database, so that every instance signs cookies with the
 * same one and a restart does not invalidate them.
 */
export async function getOrCreateSecret(db: Database, key: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, key)).limit(1);
  if (!row) throw new Error(`Secret ${key} could not be created`);
  return row.value;
}

/**
 * Like getOrCreateSecret, for a secret that `make` builds (a key pair as JSON): the first instance
 * to insert it wins, and every instance reads back that one.
 */
export async function getOrCreateSecretWith(db: Database, key: string, make: () => string): Promise<string> {
  const [existing] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, key)).limit(1);
  if (existing) return existing.value;
  await db.insert(appSecrets).values({ key, value: make() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, key)).limit(1);
  if (!row) throw new Error(`Secret ${key} could not be created`);
  return row.value;
}
