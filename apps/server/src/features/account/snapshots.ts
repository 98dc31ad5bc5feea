import { and, count, desc, eq } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  BUILT_IN_PRESET_PREFIX,
  BUILT_IN_PRESETS,
  MAX_BACKUPS,
  MAX_PRESETS,
  type Backup,
  type Preset,
  type SnapshotBody,
} from '@app/shared/account/schemas';
import { ZSettingsData, type SettingsData } from '@app/shared/account/sections';
import type { Database, Executor } from '../../db/client';
import { settingsSnapshots } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { AppError, forbidden, notFound } from '../../lib/http-errors';

type Kind = 'backup' | 'preset';
type SnapshotRow = typeof settingsSnapshots.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIMITS = { backup: MAX_BACKUPS, preset: MAX_PRESETS } as const;
const LIMIT_MESSAGES = { backup: ACCOUNT_MESSAGES.tooManyBackups, preset: ACCOUNT_MESSAGES.tooManyPresets } as const;
const NOT_FOUND = { backup: ACCOUNT_MESSAGES.backupNotFound, preset: ACCOUNT_MESSAGES.presetNotFound } as const;

/** Stored data read back through the file schema; a part that no longer fits is dropped, not served. */
function dataOf(row: SnapshotRow): SettingsData {
  const parsed = ZSettingsData.safeParse(row.data);
  if (parsed.success) return parsed.data;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row.data)) {
    if (ZSettingsData.safeParse({ [key]: value }).success) kept[key] = value;
  }
  return kept as SettingsData;
}

export const toBackup = (row: SnapshotRow): Backup => ({
  id: row.id,
  name: row.name,
  data: dataOf(row),
  createdAt: row.createdAt.toISOString(),
});

export const toPreset = (row: SnapshotRow): Preset => ({
  id: row.id,
  name: row.name,
  description: '',
  builtIn: false,
  data: dataOf(row),
  createdAt: row.createdAt.toISOString(),
});

/** The user's snapshots of one kind, newest first. */
export async function listSnapshots(db: Executor, userId: string, kind: Kind): Promise<SnapshotRow[]> {
  return db
    .select()
    .from(settingsSnapshots)
    .where(and(eq(settingsSnapshots.userId, userId), eq(settingsSnapshots.kind, kind)))
    .orderBy(desc(settingsSnapshots.createdAt), desc(settingsSnapshots.id));
}

/**
 * Saves a snapshot within the per-user limit. The user's row is locked while counting, so two
 * saves at once cannot both take the last place.
 */
export async function createSnapshot(db: Database, userId: string, kind: Kind, body: SnapshotBody): Promise<SnapshotRow> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [existing] = await tx
      .select({ n: count() })
      .from(settingsSnapshots)
      .where(and(eq(settingsSnapshots.userId, userId), eq(settingsSnapshots.kind, kind)));
    if ((existing?.n ?? 0) >= LIMITS[kind]) throw new AppError(409, 'LIMIT_REACHED', LIMIT_MESSAGES[kind]);
    const [row] = await tx.insert(settingsSnapshots).values({ userId, kind, name: body.name, data: body.data }).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  });
}

/** One of the user's snapshots; another user's, or one of another kind, is not found. */
export async function ownSnapshot(db: Executor, userId: string, kind: Kind, id: string): Promise<SnapshotRow> {
  if (!UUID.test(id)) throw notFound(NOT_FOUND[kind]);
  const [row] = await db
    .select()
    .from(settingsSnapshots)
    .where(and(eq(settingsSnapshots.id, id), eq(settingsSnapshots.userId, userId), eq(settingsSnapshots.kind, kind)))
    .limit(1);
  if (!row) throw notFound(NOT_FOUND[kind]);
  return row;
}

export async function deleteSnapshot(db: Executor, userId: string, kind: Kind, id: string): Promise<void> {
  if (kind === 'preset' && id.startsWith(BUILT_IN_PRESET_PREFIX)) {
    if (BUILT_IN_PRESETS.some((p) => p.id === id)) throw forbidden(ACCOUNT_MESSAGES.builtInPreset);
    throw notFound(NOT_FOUND.preset);
  }
  const row = await ownSnapshot(db, userId, kind, id);
  await db.delete(settingsSnapshots).where(eq(settingsSnapshots.id, row.id));
}

/** A built-in preset or one of the user's own. */
export async function findPreset(db: Executor, userId: string, id: string): Promise<Preset> {
  const builtIn = BUILT_IN_PRESETS.find((p) => p.id === id);
  if (builtIn) return builtIn;
  return toPreset(await ownSnapshot(db, userId, 'preset', id));
}
