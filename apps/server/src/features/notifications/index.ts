/**
 * Notifications: the inbox, email and Web Push channels, digests, and the notifications that other areas' events raise.
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { listNotifications } from './inbox';
export { notificationRoutes } from './routes';
