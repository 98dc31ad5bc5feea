/**
 * Chats with characters: streamed replies charged through the ledger, history, ratings, statistics.
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { botChatRoutes } from './bot-routes';
export { branchRoutes } from './branch';
export { groupRoutes } from './group-routes';
export { chatRoutes } from './routes';
