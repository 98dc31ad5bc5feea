/**
 * Chats with characters: streamed replies charged through the ledger, history, ratings, statistics.
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { botChatRoutes } from './bot-routes';
export { branchRoutes } from './branch';
export { groupRoutes } from './group-routes';
export { chatRoutes } from './routes';
export { chatExportRoutes } from './export-route';
export { insertImportedChats, type ImportedChat, type ImportedMessage } from './import';
export { parseStChat, StChatError, type StChat, type StMessage } from './sillytavern-format';
export { fillMacros } from './prompt';
