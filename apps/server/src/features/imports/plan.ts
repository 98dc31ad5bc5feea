/**
 * Which files of a SillyTavern user data folder the import reads, and as what. The folder's layout
 * (SillyTavern's data/<user>/): characters/*.png, chats/<character's avatar file>/*.jsonl,
 * groups/*.json, group chats/*.jsonl, worlds/*.json, User Avatars/*, settings.json. A zip may hold
 * the folder at any depth. Files sent by themselves (no folder) are read by what they contain.
 */

export type FileKind = 'settings' | 'avatar' | 'world' | 'character' | 'chat' | 'group' | 'groupChat' | 'loose';

export interface PlannedFile {
  path: string;
  size: number;
  kind: FileKind;
  /** The file's name without its folder. */
  name: string;
  /** A chat's folder under chats/: the character's avatar file without its extension. */
  characterFolder?: string;
}

const KINDS_BY_FOLDER: Record<string, { kind: FileKind; ext: RegExp }> = {
  characters: { kind: 'character', ext: /\.(png|json|ya?ml)$/i },
  worlds: { kind: 'world', ext: /\.json$/i },
  groups: { kind: 'group', ext: /\.json$/i },
  'group chats': { kind: 'groupChat', ext: /\.jsonl$/i },
  'user avatars': { kind: 'avatar', ext: /\.(png|jpe?g|webp|gif)$/i },
};

// SillyTavern's other folders and files (backups, thumbnails, themes, presets, secrets...): not ours to read.
const OTHER_FOLDERS = new Set([
  'backups',
  'thumbnails',
  'themes',
  'movingui',
  'quickreplies',
  'instruct',
  'context',
  'sysprompt',
  'reasoning',
  'backgrounds',
  'assets',
  'extensions',
  'vectors',
  'user',
  'koboldai settings',
  'openai settings',
  'textgen settings',
  'novelai settings',
  '__macosx',
]);
const OTHER_FILES = new Set(['secrets.json', 'stats.json', 'content.log', '.ds_store', 'thumbs.db']);

/** The readable files of a folder, in the order the import takes them; the rest is left alone. */
export function planFiles(files: { path: string; size: number }[]): PlannedFile[] {
  const planned: PlannedFile[] = [];
  for (const file of files) {
    const parts = file.path.replace(/\\/g, '/').split('/').filter(Boolean);
    const name = parts.at(-1);
    if (!name || name.startsWith('._') || OTHER_FILES.has(name.toLowerCase())) continue;
    const folders = parts.slice(0, -1).map((p) => p.toLowerCase());
    if (folders.some((f) => OTHER_FOLDERS.has(f))) continue;
    const parent = folders.at(-1) ?? '';
    const byFolder = KINDS_BY_FOLDER[parent];
    if (byFolder) {
      if (byFolder.ext.test(name)) planned.push({ path: file.path, size: file.size, kind: byFolder.kind, name });
    } else if (folders.at(-2) === 'chats' && /\.jsonl$/i.test(name)) {
      planned.push({ path: file.path, size: file.size, kind: 'chat', name, characterFolder: parts.at(-2)! });
    } else if (name.toLowerCase() === 'settings.json') {
      planned.push({ path: file.path, size: file.size, kind: 'settings', name });
    } else if (!folders.some((f) => f === 'chats' || f in KINDS_BY_FOLDER) && /\.(png|json|jsonl|ya?ml)$/i.test(name)) {
      // Outside SillyTavern's folders (files sent by themselves): read by what they hold. Inside
      // them at another depth (a character's sprites in characters/<name>/...): not ours.
      planned.push({ path: file.path, size: file.size, kind: 'loose', name });
    }
  }
  return planned;
}

/** "Seraphina.png" → "Seraphina": how SillyTavern names a character's chats folder. */
export const stemOf = (name: string) => name.replace(/\.[^.]+$/, '');
