/**
 * The app shell's one call (decision 043): GET /api/shell, built from the other areas' own reads.
 * Other areas import only what this file exports (the app registers the route).
 */
export { shellRoutes } from './routes';
