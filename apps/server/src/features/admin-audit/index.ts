/**
 * The admins' audit log (decision 023): every area that does an admin action writes its row here,
 * in the action's own transaction; the console reads it through GET /api/admin/audit-log.
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { recordAdminAction, type AdminActionRecord } from './record';
export { adminAuditRoutes } from './routes';
