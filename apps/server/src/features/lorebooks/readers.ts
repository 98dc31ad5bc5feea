/**
 * Lorebooks' pure readers of files (no database, no I/O): what the SillyTavern import's worker
 * thread loads without the area's routes (decision 036). The rest of the area is in index.ts.
 */
export { lorebookFromFile } from './formats';
