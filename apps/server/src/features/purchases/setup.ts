import type Stripe from 'stripe';
import type { Config } from '../../config';
import { sandboxProvider, stripeClient, stripeProvider, type PaymentProvider } from './providers';

/** The provider the configuration names: Stripe with STRIPE_SECRET_KEY (and its client, for the webhook), else the sandbox. */
export function paymentProviderFor(config: Pick<Config, 'stripe' | 'publicUrl'>): { provider: PaymentProvider; stripe: Stripe | null } {
  if (!config.stripe) return { provider: sandboxProvider(config.publicUrl), stripe: null };
  const stripe = stripeClient(config.stripe);
  return { provider: stripeProvider(stripe, config.publicUrl), stripe };
}
