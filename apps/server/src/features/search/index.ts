/**
 * Ctrl/Cmd+K search: bots, users, the caller's chats and pages in one call, recent and trending searches.
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { searchRoutes } from './routes';
