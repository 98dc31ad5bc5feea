import { describe, expect, it } from 'vitest';
import { ZAuthProviders } from '@app/shared/auth/schemas';
import { createTestApp } from '../helpers/app';

describe('GET /api/auth/providers', () => {
  it('offers no provider when none is configured', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(res.statusCode).toBe(200);
      expect(ZAuthProviders.strict().parse(res.json())).toEqual({ oidc: null });
    } finally {
      await t.close();
    }
  });

  it('offers the configured OIDC provider by its display name, without revealing its secret', async () => {
    const t = await createTestApp({
      env: {
        OIDC_ISSUER: 'https://id.example.com',
        OIDC_CLIENT_ID: 'charachat',
        OIDC_CLIENT_SECRET: 'very-secret-value',
        OIDC_PROVIDER_NAME: 'Acme ID',
      },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ oidc: { name: 'Acme ID', authorizeUrl: '/api/auth/oidc/authorize' } });
      expect(res.body).not.toContain('very-secret-value');
    } finally {
      await t.close();
    }
  });
});
