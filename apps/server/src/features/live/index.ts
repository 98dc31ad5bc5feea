/**
 * Live updates (issue 18 §1): the signed-in user's event stream, `GET /api/events`.
 * Other areas import only what this file exports; they reach it through domain events.
 */
export { liveRoutes, setLiveCookie } from './routes';
