/**
 * What the web app needs to know about the server (the model, the providers).
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { appInfoOf, metaRoutes } from './routes';
