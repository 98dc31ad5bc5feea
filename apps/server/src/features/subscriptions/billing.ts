import type Stripe from 'stripe';
import { PLANS, type PaidPlan } from '@app/shared/subscriptions/plans';

export interface SubscriptionCheckoutRequest {
  checkoutId: string;
  userId: string;
  plan: PaidPlan;
  buyerEmail: string;
  /** The Stripe customer of an earlier subscription, so that one customer keeps every invoice. */
  customerId: string | null;
}

/**
 * Where subscriptions are billed: Stripe (Checkout in subscription mode, then Stripe renews and
 * sends events) or the in-app sandbox (its page activates; a periodic job renews).
 */
export interface SubscriptionBilling {
  readonly name: 'stripe' | 'sandbox';
  startCheckout(request: SubscriptionCheckoutRequest): Promise<{ sessionId: string | null; url: string }>;
  /** Sets or clears the end at period end with the provider (nothing to do for the sandbox). */
  setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void>;
  /** Ends a subscription at once (one replaced by an upgrade), prorated. */
  cancelNow(providerSubscriptionId: string): Promise<void>;
  /** Stripe's customer portal for a customer; null for the sandbox, which has none. */
  portalUrl: ((customerId: string) => Promise<string>) | null;
}

/** The sandbox: the page /subscription/checkout/{id} says it is a test, and its Pay button activates. */
export function sandboxBilling(publicUrl: string): SubscriptionBilling {
  return {
    name: 'sandbox',
    startCheckout: async ({ checkoutId }) => ({ sessionId: null, url: `${publicUrl}/subscription/checkout/${checkoutId}` }),
    setCancelAtPeriodEnd: async () => {},
    cancelNow: async () => {},
    portalUrl: null,
  };
}

/**
 * Stripe: a Checkout Session in subscription mode with the plan's monthly price (price_data with
 * a monthly recurrence: no products to set up in the dashboard), the checkout id as
 * client_reference_id, and metadata on the session and on the subscription (every later event
 * names the user and the plan through it, whatever order they come in).
 */
export function stripeBilling(stripe: Stripe, publicUrl: string): SubscriptionBilling {
  return {
    name: 'stripe',
    async startCheckout({ checkoutId, userId, plan, buyerEmail, customerId }) {
      const metadata = { checkoutId, userId, plan };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          client_reference_id: checkoutId,
          metadata,
          subscription_data: { metadata },
          ...(customerId ? { customer: customerId } : { customer_email: buyerEmail }),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: PLANS[plan].currency,
                unit_amount: PLANS[plan].priceMinor,
                recurring: { interval: 'month' },
                product_data: { name: `Charachat ${PLANS[plan].badge}` },
              },
            },
          ],
          success_url: `${publicUrl}/subscription/checkout/${checkoutId}?result=success`,
          cancel_url: `${publicUrl}/subscription/checkout/${checkoutId}?result=cancel`,
        },
        { idempotencyKey: `subscription-checkout:${checkoutId}` },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a url');
      return { sessionId: session.id, url: session.url };
    },
    async setCancelAtPeriodEnd(providerSubscriptionId, cancel) {
      await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: cancel });
    },
    async cancelNow(providerSubscriptionId) {
      await stripe.subscriptions.cancel(providerSubscriptionId, { prorate: true });
    },
    portalUrl: async (customerId) =>
      (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: `${publicUrl}/settings/billing` })).url,
  };
}
