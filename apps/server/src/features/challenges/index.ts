/**
 * Challenges and their rooms (issue 19): timed contests scored from the server's own rows, played
 * in rooms that start and end by the clock and pay their places once. Other areas import only
 * what this file exports (the app registers the routes); they reach it through domain events.
 */
export { challengeRoutes } from './routes';
