/**
 * Tokens: the balance and the append-only ledger every charge and grant goes through.
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { tokenRoutes } from './routes';
export { ledgerTotals, listTransactions } from './history';
export {
  countPosting,
  getBalance,
  InsufficientBalanceError,
  onPostingCounted,
  postLedgerEntry,
  postingSteps,
  postingValues,
  type LedgerMetrics,
  type Currency,
  type LedgerPosting,
} from './wallet';
