import { asc, desc, eq } from 'drizzle-orm';
import { costPerTokenOf, costRubOf, TOKEN_PURCHASES_CACHE_MS } from '@app/shared/admin-economy/rules';
import type { TokenPurchase, TokenPurchaseInput, TokenPurchasePatch } from '@app/shared/admin-economy/schemas';
import type { Database } from '../../db/client';
import { apiTokenPurchases } from '../../db/schema/provider-tokens';
import { recordAdminAction } from '../admin-audit';

type Row = typeof apiTokenPurchases.$inferSelect;

/** A row as the API answers it: cost_rub as stored (100 × price), cost_per_token computed. */
function toPurchase(row: Row): TokenPurchase {
  const pricePaidEur = Number(row.pricePaidEur);
  return {
    id: row.id,
    platform: row.platform,
    tokens_purchased: Number(row.tokensPurchased),
    cost_usd: Number(row.costUsd),
    price_paid_eur: pricePaidEur,
    cost_rub: Number(row.costRub),
    cost_per_token: costPerTokenOf(pricePaidEur, Number(row.tokensPurchased)),
    supplier: row.supplier,
    purchase_date: row.purchaseDate,
    notes: row.notes,
  };
}

/** Money as numeric(14,4) holds it. */
const money = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * The API token purchases, newest purchase date first. The list is cached for
 * TOKEN_PURCHASES_CACHE_MS (bots-header-auth.md §9: 300 000 ms); every write drops the cache at
 * once, and `invalidate` (on a `token-purchases.changed` event from another instance, once the
 * bus crosses instances) does too. Built like the PricingStore.
 */
export class TokenPurchaseStore {
  private cached: { items: TokenPurchase[]; until: number } | null = null;

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async list(): Promise<TokenPurchase[]> {
    if (this.cached && this.cached.until > this.now()) return this.cached.items;
    const rows = await this.db
      .select()
      .from(apiTokenPurchases)
      .orderBy(desc(apiTokenPurchases.purchaseDate), desc(apiTokenPurchases.createdAt), asc(apiTokenPurchases.id));
    const items = rows.map(toPurchase);
    this.cached = { items, until: this.now() + TOKEN_PURCHASES_CACHE_MS };
    return items;
  }

  async create(input: TokenPurchaseInput, by: string): Promise<TokenPurchase> {
    const price = money(input.price_paid_eur);
    const row = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(apiTokenPurchases)
        .values({
          platform: input.platform,
          tokensPurchased: input.tokens_purchased,
          costUsd: money(input.cost_usd),
          pricePaidEur: price,
          costRub: costRubOf(price),
          supplier: input.supplier,
          purchaseDate: input.purchase_date,
          notes: input.notes,
          createdBy: by,
        })
        .returning();
      await recordAdminAction(tx, {
        adminId: by,
        action: 'token_purchase.created',
        targetType: 'token_purchase',
        targetId: created!.id,
        details: { ...input },
      });
      return created!;
    });
    this.invalidate();
    return toPurchase(row);
  }

  /** Null when there is no such purchase. */
  async update(id: string, patch: TokenPurchasePatch, by: string): Promise<TokenPurchase | null> {
    const price = patch.price_paid_eur === undefined ? undefined : money(patch.price_paid_eur);
    const row = await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(apiTokenPurchases)
        .set({
          ...(patch.platform !== undefined ? { platform: patch.platform } : {}),
          ...(patch.tokens_purchased !== undefined ? { tokensPurchased: patch.tokens_purchased } : {}),
          ...(patch.cost_usd !== undefined ? { costUsd: money(patch.cost_usd) } : {}),
          ...(price !== undefined ? { pricePaidEur: price, costRub: costRubOf(price) } : {}),
          ...(patch.supplier !== undefined ? { supplier: patch.supplier } : {}),
          ...(patch.purchase_date !== undefined ? { purchaseDate: patch.purchase_date } : {}),
          ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
          updatedAt: new Date(),
        })
        .where(eq(apiTokenPurchases.id, id))
        .returning();
      if (updated)
        await recordAdminAction(tx, {
          adminId: by,
          action: 'token_purchase.updated',
          targetType: 'token_purchase',
          targetId: id,
          details: { ...patch },
        });
      return updated;
    });
    this.invalidate();
    return row ? toPurchase(row) : null;
  }

  /** False when there was no such purchase. */
  async remove(id: string, by: string): Promise<boolean> {
    const removed = await this.db.transaction(async (tx) => {
      const [row] = await tx.delete(apiTokenPurchases).where(eq(apiTokenPurchases.id, id)).returning();
      if (row)
        await recordAdminAction(tx, {
          adminId: by,
          action: 'token_purchase.deleted',
          targetType: 'token_purchase',
          targetId: id,
          details: { removed: toPurchase(row) },
        });
      return Boolean(row);
    });
    this.invalidate();
    return removed;
  }

  invalidate(): void {
    this.cached = null;
  }
}

const stores = new WeakMap<Database, TokenPurchaseStore>();

/** The API token purchases of a database: one store (one cache) per database the app runs on. */
export function tokenPurchasesOf(db: Database): TokenPurchaseStore {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new TokenPurchaseStore(db)));
  return store;
}
