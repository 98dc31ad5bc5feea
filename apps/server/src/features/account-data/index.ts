/**
 * The account's data (settings-and-referrals.md, Data): its choices, export archives, account deletion and retention.
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { dataSettingsOf, dataSettingsRoutes } from './routes';
