import type { AdminAction } from '@app/shared/admin/rules';
import type { Transaction } from '../../db/client';
import { adminAuditLog } from '../../db/schema/admin';

export interface AdminActionRecord {
  adminId: string;
  action: AdminAction;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Writes an admin action to the audit log, inside the transaction that does the action (decision
 * 023): the type asks for a transaction so that a caller can't write it beside one by mistake.
 */
export async function recordAdminAction(tx: Transaction, entry: AdminActionRecord): Promise<void> {
  await tx.insert(adminAuditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    details: entry.details ?? {},
  });
}
