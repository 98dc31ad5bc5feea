/**
 * Security: password change, two-factor and the sign-in's second step, sessions, login alerts.
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { securityLimitsOf } from './limits';
export { completeLoginChallenge, startLoginChallenge } from './login-challenge';
export { securityRoutes } from './routes';
export { devSmsRoutes } from './sms';
