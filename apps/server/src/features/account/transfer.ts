import { SAVED_SECTIONS, SECTION_PATCHES, type AllSettings, type SettingsData } from '@app/shared/account/sections';
import type { Database } from '../../db/client';
import { readAllSettings, resetSection, saveSection } from './store';

/**
 * Merges a settings file's parts into the user's settings, all or nothing: one transaction, each
 * part checked again against its section's PATCH schema (a stored backup may predate a change
 * of the sets). The block list of a file is left alone: blocking has its own calls.
 */
export async function importSettings(db: Database, userId: string, settings: SettingsData): Promise<AllSettings> {
  return db.transaction(async (tx) => {
    for (const section of SAVED_SECTIONS) {
      const part = settings[section];
      if (!part) continue;
      const { blockList: _ignored, ...rest } = part as Record<string, unknown>;
      await saveSection(tx, userId, section, SECTION_PATCHES[section].parse(rest));
    }
    return readAllSettings(tx, userId);
  });
}

/** All four sections back to the spec's defaults at once (the block list stays). */
export async function resetAllSettings(db: Database, userId: string): Promise<AllSettings> {
  return db.transaction(async (tx) => {
    for (const section of SAVED_SECTIONS) await resetSection(tx, userId, section);
    return readAllSettings(tx, userId);
  });
}
