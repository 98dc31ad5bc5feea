import { GEM_PACKAGES } from '@app/shared/gems/rules';
import { TOKEN_PACKS, tokensForPrice } from '@app/shared/pricing/rules';
import { PURCHASE_MESSAGES } from '@app/shared/purchases/messages';
import type { CreatePurchase } from '@app/shared/purchases/schemas';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/http-errors';
import { pricingOf } from '../pricing';

/** What a purchase buys, priced by the server: the client names only the package or pack. */
export interface CatalogItem {
  kind: CreatePurchase['kind'];
  itemId: string;
  /** As the checkout shows it. */
  name: string;
  amountMinor: number;
  currency: string;
  /** Gems or tokens credited when paid. */
  credits: number;
}

/**
 * Prices a purchase, in euros as the whole shop is (one currency on one page, and on the Stripe
 * checkout): a gem package at its price, a token pack with the tokens today's pricing gives. Unknown → 400.
 */
export async function priceItem(db: Database, order: CreatePurchase): Promise<CatalogItem> {
  if (order.kind === 'gems') {
    const pkg = GEM_PACKAGES.find((p) => p.id === order.packageId);
    if (!pkg) throw badRequest(PURCHASE_MESSAGES.unknownPackage, 'packageId');
    return {
      kind: 'gems',
      itemId: pkg.id,
      name: `${pkg.name}: ${pkg.gems.toLocaleString('en-US')} gems`,
      amountMinor: Math.round(pkg.priceEur * 100),
      currency: 'eur',
      credits: pkg.gems,
    };
  }
  const pack = TOKEN_PACKS.find((p) => p.id === order.packId);
  if (!pack) throw badRequest(PURCHASE_MESSAGES.unknownPack, 'packId');
  const tokens = tokensForPrice(pack.priceEur, (await pricingOf(db).get()).user_token_cost_eur);
  return {
    kind: 'tokens',
    itemId: pack.id,
    name: `${pack.name}: ${tokens.toLocaleString('en-US')} tokens`,
    amountMinor: Math.round(pack.priceEur * 100),
    currency: 'eur',
    credits: tokens,
  };
}
