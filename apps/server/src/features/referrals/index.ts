/**
 * Referrals: codes, links and clicks, attaching referred users (at signup through `user.signed_up`,
 * or by applying a code), their rewards on the tokens ledger, the fraud rules and the admins'
 * review. It reacts to auth's and purchases' events; other areas import only what this file exports.
 */
export { referralRoutes } from './routes';
