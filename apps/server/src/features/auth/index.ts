/**
 * Accounts and sessions: signup, sign-in (password, OIDC), refresh, email verification; the session lookup the auth plugin is handed.
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { createAccount, grantAdminIfConfigured } from './accounts';
export { clearRefreshCookie } from './cookies';
export { OIDC_COOKIE, OidcProvider, oidcCookieOptions, oidcRedirectUri } from './oidc';
export { usePasswordResetLinks } from './password-reset';
export { authRoutes } from './routes';
export {
  countOtherActiveSessions,
  listActiveSessions,
  revokeAllSessions,
  revokeOtherSessions,
  revokeOwnSession,
  SessionAuthenticator,
} from './sessions';
