/**
 * A real OpenID Connect provider (panva's oidc-provider, with its development login form) for
 * the browser tests: `node --import tsx tools/oidc-provider.ts <port> <redirect_uri>`.
 * Any login name signs in; the account's email is `<login>@idp.example.com`, verified.
 */
import http from 'node:http';
import Provider from 'oidc-provider';

const [port = '4890', redirectUri = 'http://localhost:3210/auth/callback'] = process.argv.slice(2);
const issuer = `http://localhost:${port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'charachat-e2e',
      client_secret: 'e2e-client-secret-of-enough-length',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => true },
  cookies: { keys: ['e2e-provider-cookie-key'] },
  async findAccount(_ctx, sub) {
    return {
      accountId: sub,
      claims: async () => ({ sub, email: `${sub}@idp.example.com`, email_verified: true, name: `${sub} (IdP)`, preferred_username: sub }),
    };
  },
  // Consent is granted up front: the login form is the only step.
  async loadExistingGrant(ctx) {
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
});

http.createServer(provider.callback()).listen(Number(port), '127.0.0.1', () => console.log(`OIDC provider on ${issuer}`));
