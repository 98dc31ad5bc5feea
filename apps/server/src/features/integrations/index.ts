/**
 * Integrations: API keys (and the authenticator the auth plugin is handed), signed webhooks, connected services.
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { apiKeyAuthenticator } from './api-keys';
export { integrationRoutes } from './routes';
