/**
 * Gamification: XP and levels from the server's own events (awards.ts, listeners.ts), ranks and the
 * rules' config. Other areas import only what this file exports (the app registers the routes).
 */
export { gamificationRoutes } from './routes';
