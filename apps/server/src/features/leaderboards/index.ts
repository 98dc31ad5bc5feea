/**
 * Leaderboards (issue 19, decision 026): boards of XP, messages and favorites received, over all
 * time, the week and the month, counted from the gamification area's XP award rows. Other areas
 * import only what this file exports (the app registers the routes).
 */
export { leaderboardRoutes } from './routes';
