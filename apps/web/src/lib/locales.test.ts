import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_ECONOMY_MESSAGES } from '@app/shared/admin-economy/messages';
import { BOT_FAILURES, BOT_MESSAGES } from '@app/shared/bots/messages';
import { CHAT_MESSAGES } from '@app/shared/chats/schemas';
import { GEM_MESSAGES } from '@app/shared/gems/messages';
import { LEADERBOARD_MESSAGES } from '@app/shared/leaderboards/schemas';
import { IMPORT_MESSAGES } from '@app/shared/imports/rules';
import { LORE_MESSAGES } from '@app/shared/lorebooks/rules';
import { PERSONA_MESSAGES } from '@app/shared/personas/rules';
import { PURCHASE_MESSAGES } from '@app/shared/purchases/messages';
import { PROFILE_MESSAGES } from '@app/shared/profiles/schemas';
import { SEASON_MESSAGES } from '@app/shared/season-pass/messages';
import { SETTINGS_FAILURES, SETTINGS_MESSAGES } from '@app/shared/settings/messages';
import { SUBSCRIPTION_MESSAGES } from '@app/shared/subscriptions/messages';

const SRC = path.resolve(import.meta.dirname, '..');
type Tree = { [key: string]: string | string[] | Tree };

/** Every locale file of one language: the core one and each feature's (see i18n.ts). */
function filesOf(language: string): string[] {
  const found = [path.join(SRC, 'locales', `${language}.json`)];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (full.endsWith(path.join('locales', `${language}.json`))) found.push(full);
    }
  };
  walk(path.join(SRC, 'features'));
  return found;
}

/** Keys as paths; plural forms (_one, _few...) count as their base key. */
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const name = `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`;
    return typeof value === 'object' && !Array.isArray(value) ? keysOf(value, `${name}.`) : [name];
  });
}

const keys = (language: string) => new Set(filesOf(language).flatMap((f) => keysOf(JSON.parse(fs.readFileSync(f, 'utf8')) as Tree)));

describe('translations', () => {
  it('Russian has every English key, and English every Russian one', () => {
    const en = keys('en');
    const ru = keys('ru');
    expect([...en].filter((k) => !ru.has(k))).toEqual([]);
    expect([...ru].filter((k) => !en.has(k))).toEqual([]);
  });

  it('every bot, profile, chat, settings, purchase, admin economy, season pass, leaderboard, lorebook and persona message of the server has a Russian translation', () => {
    // The core file and each feature's locales/ru-messages.json, as i18n.ts merges them.
    const files = [path.join(SRC, 'locales', 'ru-messages.json'), ...filesOf('ru-messages').slice(1)];
    const ru = Object.assign({}, ...files.map((f) => JSON.parse(fs.readFileSync(f, 'utf8')) as Record<string, string>)) as Record<
      string,
      string
    >;
    // Texts with a placeholder are composed by the server per call and shown as they come.
    const messages = [
      ...Object.values(BOT_MESSAGES),
      ...Object.values(BOT_FAILURES),
      ...Object.values(PROFILE_MESSAGES),
      ...Object.values(CHAT_MESSAGES),
      ...Object.values(SETTINGS_FAILURES),
      ...Object.values(SETTINGS_MESSAGES),
      ...Object.values(PURCHASE_MESSAGES),
      ...Object.values(SUBSCRIPTION_MESSAGES),
      ...Object.values(ADMIN_ECONOMY_MESSAGES),
      ...Object.values(SEASON_MESSAGES),
      ...Object.values(LEADERBOARD_MESSAGES),
      ...Object.values(LORE_MESSAGES),
      ...Object.values(PERSONA_MESSAGES),
      ...Object.values(IMPORT_MESSAGES),
      GEM_MESSAGES.insufficientGems,
    ].filter((m) => !m.includes('{'));
    expect(messages.filter((m) => !ru[m])).toEqual([]);
  });
});
