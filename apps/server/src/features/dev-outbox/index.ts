/**
 * The dev outbox: mail kept in the database when no SMTP server is configured.
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { devOutboxRoutes } from './routes';
