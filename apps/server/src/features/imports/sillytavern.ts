/**
 * The parts of a SillyTavern folder other areas don't read: personas in settings.json
 * (power_user.personas, persona_descriptions, default_persona) and groups (groups/*.json).
 */

import { isObject } from '../../lib/json-object';

export interface StPersona {
  /** Its avatar's file in User Avatars/, which is also its key in SillyTavern. */
  avatar: string;
  name: string;
  description: string;
  isDefault: boolean;
}

export interface StGroup {
  name: string;
  /** Its characters' avatar files, in list order. */
  members: string[];
  /** Its chats: files in group chats/ without the .jsonl. */
  chats: string[];
  turnOrder: 'natural' | 'list' | 'manual';
}

export const isSettings = (json: unknown): boolean => isObject(json) && isObject(json.power_user);

/** The personas of a settings.json, in its order; the default one marked. */
export function personasOf(settings: unknown): StPersona[] {
  if (!isObject(settings) || !isObject(settings.power_user)) return [];
  const power = settings.power_user;
  const names = isObject(power.personas) ? power.personas : {};
  const descriptions = isObject(power.persona_descriptions) ? power.persona_descriptions : {};
  const fallbackDefault = typeof settings.user_avatar === 'string' ? settings.user_avatar : null;
  const defaultAvatar = typeof power.default_persona === 'string' ? power.default_persona : fallbackDefault;
  return Object.entries(names)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '')
    .map(([avatar, name]) => {
      const about = descriptions[avatar];
      // PostgreSQL's text holds no NUL character: dropped.
      return {
        avatar,
        name: name.replace(/\0/g, ''),
        description: isObject(about) && typeof about.description === 'string' ? about.description.replace(/\0/g, '') : '',
        isDefault: avatar === defaultAvatar,
      };
    });
}

// SillyTavern's group_activation_strategy: 0 natural, 1 list, 2 manual, 3 pooled (closest to natural here).
const TURN_ORDERS = ['natural', 'list', 'manual', 'natural'] as const;

export function isGroup(json: unknown): boolean {
  return isObject(json) && Array.isArray(json.members) && (typeof json.id === 'string' || typeof json.id === 'number');
}

/** A group file, or null when it is not one. Disabled (muted) members stay members here. */
export function groupOf(json: unknown): StGroup | null {
  if (!isObject(json) || !isGroup(json)) return null;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const chats = strings(json.chats);
  if (typeof json.chat_id === 'string' && !chats.includes(json.chat_id)) chats.push(json.chat_id);
  const strategy = typeof json.activation_strategy === 'number' ? json.activation_strategy : 0;
  return {
    name: typeof json.name === 'string' && json.name.replace(/\0/g, '').trim() ? json.name.replace(/\0/g, '').trim() : 'Group chat',
    members: strings(json.members),
    chats,
    turnOrder: TURN_ORDERS[strategy] ?? 'natural',
  };
}

/** A world file: its `entries` is an object (SillyTavern) or an array (a character_book). */
export function isWorld(json: unknown): boolean {
  return isObject(json) && (isObject(json.entries) || Array.isArray(json.entries)) && !('spec' in json) && !('first_mes' in json);
}
