/**
 * Public profiles and follows.
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { profileRoutes } from './routes';
export { visibleProfile } from './visibility';
