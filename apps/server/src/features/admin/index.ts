/**
 * The admin console: users and roles.
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { adminRoutes } from './routes';
