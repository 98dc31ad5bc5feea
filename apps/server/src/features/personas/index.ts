/**
 * Personas (issue 20 §2): who a user is in a chat. Chats read a chat's persona with the chat
 * (chatPersonaSql) and check a chosen one (requirePersona); the app registers the routes.
 */
export { personaRoutes } from './routes';
export { chatPersonaSql, defaultSpeaker, setChatPersona, type Speaker } from './store';
export { importPersona } from './import';
