/**
 * Liveness and readiness.
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { healthRoutes } from './routes';
