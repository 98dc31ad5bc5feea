/**
 * Pricing: what generation costs the platform and its users, the token packs priced from it, and
 * the admins' form. Other areas read the current pricing through pricingOf.
 */
export { adminPricingRoutes, pricingRoutes } from './routes';
export { pricingOf, type PricingStore } from './store';
