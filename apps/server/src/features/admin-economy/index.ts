/**
 * The admins' economy: what the platform paid its model provider for API tokens, and the
 * revenue, provider cost and margin report (decision 018). Reads the pricing through its index.
 */
export { adminEconomyRoutes } from './routes';
export { tokenPurchasesOf, type TokenPurchaseStore } from './store';
export { purchaseRevenue, REVENUE_SOURCES, type RevenueSource } from './revenue';
