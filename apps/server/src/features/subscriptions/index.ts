/**
 * Subscriptions: the free, premium (PRO) and ultimate plans, billed through Stripe (Checkout in
 * subscription mode and its events) or the in-app sandbox (renewed by a periodic job), with each
 * paid period's token allowance credited once. Other areas import only what this file exports;
 * they learn of changes from the `subscription.changed` event.
 */
export { subscriptionRoutes } from './routes';
export { subscriptionAnswerOf } from './store';
export { subscriptionStripeEvents } from './stripe-events';
export { renewDueSandboxSubscriptions } from './renewals';
