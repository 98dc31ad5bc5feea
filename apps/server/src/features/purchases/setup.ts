import type Stripe from 'stripe';
import type { Config } from '../../config';
import { sandboxProvider, stripeClient, stripeProvider, type PaymentProvider } from './providers';

/**
 * The provider the configuration names: Stripe with STRIPE_SECRET_KEY (and its client, for the
 * webhook), the sandbox when PAYMENTS_SANDBOX allows it, else none (payments are off: buying
 * answers 503 PAYMENTS_UNAVAILABLE).
 */
export function paymentProviderFor(config: Pick<Config, 'stripe' | 'publicUrl' | 'payments'>): {
  provider: PaymentProvider | null;
  stripe: Stripe | null;
} {
  if (!config.stripe) return { provider: config.payments === 'sandbox' ? sandboxProvider(config.publicUrl) : null, stripe: null };
  const stripe = stripeClient(config.stripe);
  return { provider: stripeProvider(stripe, config.publicUrl), stripe };
}
