import { eq } from 'drizzle-orm';
import { DEFAULT_REFERRAL_SETTINGS, type ReferralSettings } from '@app/shared/referrals/rules';
import type { Database, Executor } from '../../db/client';
import { referralConfig } from '../../db/schema/referrals';
import { recordAdminAction } from '../admin-audit';

/** The program's settings: the saved row, over the defaults (a field added later keeps its default). */
export async function referralSettings(db: Executor): Promise<ReferralSettings> {
  const [row] = await db.select({ config: referralConfig.config }).from(referralConfig).where(eq(referralConfig.id, 1)).limit(1);
  return { ...DEFAULT_REFERRAL_SETTINGS, ...(row?.config ?? {}) };
}

export async function saveReferralSettings(db: Database, config: ReferralSettings, by: string): Promise<ReferralSettings> {
  await db.transaction(async (tx) => {
    await tx
      .insert(referralConfig)
      .values({ id: 1, config, updatedBy: by, updatedAt: new Date() })
      .onConflictDoUpdate({ target: referralConfig.id, set: { config, updatedBy: by, updatedAt: new Date() } });
    await recordAdminAction(tx, { adminId: by, action: 'referral_config.saved', targetType: 'referral_config', details: { to: config } });
  });
  return config;
}
