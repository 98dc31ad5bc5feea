/** Texts of subscriptions that the server answers with (the web app has its own translations). */
export const SUBSCRIPTION_MESSAGES = {
  unknownPlan: 'There is no such plan',
  checkoutNotFound: 'Checkout not found',
  checkoutClosed: 'This checkout is no longer waiting for payment',
  alreadySubscribed: 'You already have this plan',
  downgrade: 'To move to a cheaper plan, cancel this one: it stays until the end of the period',
  noSubscription: 'You have no active subscription',
  notCanceling: 'This subscription is not set to end',
  alreadyEnded: 'This subscription has ended',
  unavailable: 'Payments are not available on this server',
  providerFailed: 'The payment provider could not do this now, please try again',
} as const;
