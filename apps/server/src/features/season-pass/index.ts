/**
 * The season pass (issue 19, decision 028): seasons an admin sets up, passes bought with gems and
 * tier rewards claimed with the XP earned in the season. It pays through the tokens ledger and
 * the gamification area's award and badge paths. Other areas import only what this file exports
 * (the app registers the routes).
 */
export { adminSeasonRoutes, seasonPassRoutes } from './routes';
