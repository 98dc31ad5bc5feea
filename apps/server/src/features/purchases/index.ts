/**
 * Purchases: buying gem packages and token packs through a payment provider (Stripe Checkout, or
 * the in-app sandbox when Stripe is not configured), crediting each paid purchase once and
 * taking a refund back. Other areas import only what this file exports.
 */
export { paymentProviderFor } from './setup';
export { purchaseRoutes } from './routes';
export { stripeWebhookRoutes, type StripeEventHandler, type StripeEventWarn } from './stripe-webhook';
export type { PaymentProvider } from './providers';
