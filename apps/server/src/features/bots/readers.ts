/**
 * Characters' pure readers of files (no database, no I/O): what the SillyTavern import's worker
 * thread loads without the area's routes (decision 036). The rest of the area is in index.ts.
 */
export { checkedCardFields, type ParsedCard } from './cards/character-card';
export { readImport, type ImportKind } from './cards/import-file';
