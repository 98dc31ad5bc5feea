/**
 * Characters: their CRUD, access (owner, collaborators), cards, avatars, community (favorites, reports, moderation).
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { requireBot, type BotRow } from './access';
export { deleteAvatarFile } from './avatar-files';
export { botRoutes } from './routes';
export { containsPattern, searchColumns } from './search';
export { createBotsFromCards, optimizeImportedAvatars, type CheckedCard } from './cards/create-from-card';
export { readImport, type ImportKind } from './cards/import-file';
export type { ParsedCard } from './cards/character-card';
