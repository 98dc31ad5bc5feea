import { eq } from 'drizzle-orm';
import { DEFAULT_PRICING, type PricingConfig } from '@app/shared/pricing/rules';
import type { Database } from '../../db/client';
import { pricingConfig } from '../../db/schema/pricing';
import { recordAdminAction } from '../admin-audit';

/** How long a read of the pricing is trusted (bots-header-auth.md §9: 600 000 ms). */
export const PRICING_CACHE_MS = 600_000;

/**
 * The pricing the server charges by: the saved config (row 1), or the spec's defaults before
 * the first save. Reads are cached for PRICING_CACHE_MS; a save replaces the cached value at
 * once, and `invalidate` (on a `pricing.changed` event from another instance) drops it.
 */
export class PricingStore {
  private cached: { config: PricingConfig; until: number } | null = null;

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<PricingConfig> {
    if (this.cached && this.cached.until > this.now()) return this.cached.config;
    const [row] = await this.db.select({ config: pricingConfig.config }).from(pricingConfig).where(eq(pricingConfig.id, 1)).limit(1);
    const config = row?.config ?? DEFAULT_PRICING;
    this.cached = { config, until: this.now() + PRICING_CACHE_MS };
    return config;
  }

  async save(config: PricingConfig, by: string): Promise<PricingConfig> {
    await this.db.transaction(async (tx) => {
      const [previous] = await tx.select({ config: pricingConfig.config }).from(pricingConfig).where(eq(pricingConfig.id, 1)).for('update');
      await tx
        .insert(pricingConfig)
        .values({ id: 1, config, updatedBy: by, updatedAt: new Date() })
        .onConflictDoUpdate({ target: pricingConfig.id, set: { config, updatedBy: by, updatedAt: new Date() } });
      // The audit row keeps what the save replaced, so the log shows the change (decision 023).
      await recordAdminAction(tx, {
        adminId: by,
        action: 'pricing.saved',
        targetType: 'pricing',
        details: { from: previous?.config ?? DEFAULT_PRICING, to: config },
      });
    });
    this.cached = { config, until: this.now() + PRICING_CACHE_MS };
    return config;
  }

  invalidate(): void {
    this.cached = null;
  }
}

const stores = new WeakMap<Database, PricingStore>();

/** The pricing of a database: one store (one cache) per database the app runs on. */
export function pricingOf(db: Database): PricingStore {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new PricingStore(db)));
  return store;
}
