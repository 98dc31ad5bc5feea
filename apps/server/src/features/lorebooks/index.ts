/**
 * Lorebooks (issue 20 §1, decision 030): SillyTavern's world info, activated into a reply's prompt
 * by its rules, and read from and written to SillyTavern's world files and cards' character_book.
 * Other areas import only what this file exports (the app registers the routes).
 */
export { activateLore, type LoreInsertions, type ScanBook } from './activation';
export { toCharacterBook } from './formats';
export { botLorebookRoutes, chatLorebookRoutes, lorebookRoutes } from './routes';
export { adoptCardBook, attachToChat, booksForChat, importLorebook, insertLorebook, lorebookForCard, setBotLorebook } from './store';
