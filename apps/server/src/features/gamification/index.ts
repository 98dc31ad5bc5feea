/**
 * Gamification: XP and levels from the server's own events (awards.ts, listeners.ts), ranks and the
 * rules' config, and the profile's blocks (activity, stats, achievements). Other areas import only
 * what this file exports (the app registers the routes).
 */
export { profileProgressRoutes } from './profile-routes';
export { headerProgressOf } from './own-progress';
export { gamificationRoutes } from './routes';
export { announceRewardProgress, awardSeasonXp, grantBadge, levelBefore, xpEarnedBetween } from './reward-payments';
