/**
 * Imports of another app's data (issue 20 §5): a SillyTavern user data folder brought in by a job
 * that makes characters, chats, group chats, lorebooks and personas through their areas.
 * Other areas import only what this file exports (the app registers the routes).
 */
export { importRoutes } from './routes';
