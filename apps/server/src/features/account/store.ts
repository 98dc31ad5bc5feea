import { asc, eq, sql } from 'drizzle-orm';
import {
  mergeSection,
  SAVED_SECTIONS,
  SECTION_DEFAULTS,
  ZAppearanceSettings,
  ZPrivacySettings,
  type AllSettings,
  type SavedSection,
} from '@app/shared/account/sections';
import type { Language } from '@app/shared/app/constants';
import { ZDataSettings } from '@app/shared/account-data/settings';
import { ZNotificationSettings } from '@app/shared/notifications/settings';
import type { Executor } from '../../db/client';
import { userBlocks, userSettings } from '../../db/schema/settings';

const SCHEMAS = {
  privacy: ZPrivacySettings,
  notifications: ZNotificationSettings,
  appearance: ZAppearanceSettings,
  data: ZDataSettings,
} as const;

/**
 * A stored section merged over the spec's defaults. A stored value that no longer fits the
 * schema (a set that changed since it was saved) gives way to the default, key by key at the top.
 */
export function withDefaults<S extends SavedSection>(section: S, stored: Record<string, unknown> | undefined): AllSettings[S] {
  const defaults = SECTION_DEFAULTS[section] as AllSettings[S];
  const merged = mergeSection(defaults, stored ?? {});
  const parsed = SCHEMAS[section].safeParse(merged);
  if (parsed.success) return parsed.data as AllSettings[S];
  const repaired: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const candidate = { ...repaired, [key]: (merged as Record<string, unknown>)[key] };
    if (SCHEMAS[section].safeParse(candidate).success) repaired[key] = candidate[key];
  }
  return repaired as AllSettings[S];
}

async function storedRow(db: Executor, userId: string) {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  return row;
}

async function blockListOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: userBlocks.blockedUserId })
    .from(userBlocks)
    .where(eq(userBlocks.userId, userId))
    .orderBy(asc(userBlocks.createdAt));
  return rows.map((r) => r.id);
}

/** One section of a user's settings, as GET answers it (privacy with its block list). */
export async function readSection<S extends SavedSection>(db: Executor, userId: string, section: S): Promise<AllSettings[S]> {
  const row = await storedRow(db, userId);
  const values = withDefaults(section, row?.[section]);
  if (section === 'privacy') (values as AllSettings['privacy']).blockList = await blockListOf(db, userId);
  return values;
}

/** The interface language of a stored appearance section (a settings row's column, or null without a row). */
export const languageOf = (appearance: Record<string, unknown> | null | undefined): Language =>
  withDefaults('appearance', appearance ?? undefined).language;

/** The user's interface language (their appearance), the one the server writes to them in: mails, notices. */
export async function userLanguage(db: Executor, userId: string): Promise<Language> {
  return languageOf((await storedRow(db, userId))?.appearance);
}

/** All four saved sections of a user. */
export async function readAllSettings(db: Executor, userId: string): Promise<AllSettings> {
  const row = await storedRow(db, userId);
  const all = Object.fromEntries(SAVED_SECTIONS.map((s) => [s, withDefaults(s, row?.[s])])) as unknown as AllSettings;
  all.privacy.blockList = await blockListOf(db, userId);
  return all;
}

/**
 * Merges a validated patch into a section and answers the section as saved. The block list is
 * never taken from a patch (it has its own calls). Row-locked, so two saves of one user merge
 * one after the other instead of one losing the other's keys.
 */
export async function saveSection<S extends SavedSection>(
  db: Executor,
  userId: string,
  section: S,
  patch: object,
): Promise<AllSettings[S]> {
  const { blockList: _ignored, ...rest } = patch as Record<string, unknown>;
  const run = async (tx: Executor) => {
    await tx.insert(userSettings).values({ userId }).onConflictDoNothing();
    const [row] = await tx.select().from(userSettings).where(eq(userSettings.userId, userId)).for('update').limit(1);
    const next = mergeSection(withDefaults(section, row?.[section]), rest);
    const { blockList: _b, ...toStore } = next as Record<string, unknown>;
    await tx
      .update(userSettings)
      .set({ [section]: toStore, updatedAt: new Date() })
      .where(eq(userSettings.userId, userId));
  };
  await ('transaction' in db ? db.transaction(run) : run(db));
  return readSection(db, userId, section);
}

/** Restores a section to the spec's defaults (the block list stays: it is not a setting to reset). */
export async function resetSection(db: Executor, userId: string, section: SavedSection): Promise<void> {
  await db
    .insert(userSettings)
    .values({ userId })
    .onConflictDoUpdate({ target: userSettings.userId, set: { [section]: sql`'{}'::jsonb`, updatedAt: new Date() } });
}
