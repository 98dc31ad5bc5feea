/**
 * Gems: the second currency, on the same ledger as tokens. A new account's welcome gems, the
 * balance and its history, the packages on sale, quotes, and the spending that features which
 * sell something use. Other areas import only what this file exports.
 */
export { gemBalanceOf, gemRoutes } from './routes';
export { insufficientGems, spendGems, welcomeGemsPosting, type GemSpend } from './spend';
