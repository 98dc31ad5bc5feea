/**
 * The admin console: users (search, role, tier, ban), platform analytics, system broadcasts and
 * the job queue; the audit log is the admin-audit area's.
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { adminRoutes } from './routes';
