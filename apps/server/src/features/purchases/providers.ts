import Stripe from 'stripe';
import type { Config } from '../../config';

export interface CheckoutRequest {
  purchaseId: string;
  name: string;
  amountMinor: number;
  currency: string;
  buyerEmail: string;
}

export interface Checkout {
  /** The provider's id of the checkout (a Stripe Checkout Session), null for the sandbox. */
  sessionId: string | null;
  url: string;
}

/** Where a purchase is paid: Stripe Checkout when Stripe is configured, otherwise the in-app sandbox page. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  startCheckout(request: CheckoutRequest): Promise<Checkout>;
}

/** The in-app test checkout (`/checkout/{id}`): no money moves; its Pay button completes the purchase as a paid webhook would. */
export function sandboxProvider(publicUrl: string): PaymentProvider {
  return {
    name: 'sandbox',
    startCheckout: async ({ purchaseId }) => ({ sessionId: null, url: `${publicUrl}/checkout/${purchaseId}` }),
  };
}

/** The official client, pointed at STRIPE_API_URL when set (a stand-in in tests). */
export function stripeClient(stripe: NonNullable<Config['stripe']>): Stripe {
  const api = stripe.apiUrl ? new URL(stripe.apiUrl) : null;
  return new Stripe(stripe.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/**
 * Stripe Checkout in payment mode: one line with the server's price, the purchase's id as
 * client_reference_id and metadata.purchaseId (the webhook finds the purchase by them), back to
 * the in-app checkout page afterwards. The purchase id is the idempotency key, so a retried call
 * makes no second session.
 */
export function stripeProvider(stripe: Stripe, publicUrl: string): PaymentProvider {
  return {
    name: 'stripe',
    async startCheckout({ purchaseId, name, amountMinor, currency, buyerEmail }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: purchaseId,
          metadata: { purchaseId },
          payment_intent_data: { metadata: { purchaseId } },
          customer_email: buyerEmail,
          line_items: [{ quantity: 1, price_data: { currency, unit_amount: amountMinor, product_data: { name } } }],
          success_url: `${publicUrl}/checkout/${purchaseId}?result=success`,
          cancel_url: `${publicUrl}/checkout/${purchaseId}?result=cancel`,
        },
        { idempotencyKey: `checkout:${purchaseId}` },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a url');
      return { sessionId: session.id, url: session.url };
    },
  };
}
