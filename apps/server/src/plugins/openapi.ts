import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_NAME, APP_VERSION } from '@app/shared/app/constants';

/**
 * The OpenAPI 3 document, generated from the same zod schemas that validate the routes, at
 * /api/openapi.json, with a browsable page at /api/docs. Register before the routes.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${APP_NAME} API`,
        version: APP_VERSION,
        description:
          'Failed calls answer `{error: {code, message, field?}}`. Authenticate with `Authorization: Bearer <accessToken>` from /api/auth/login.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    hideUntagged: true,
  });
});

/** Registered after the routes, so that the document lists them all. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs', // Swagger UI's own policy, without upgrade-insecure-requests (it would break http://localhost).
    staticCSP:
      "default-src 'self'; base-uri 'self'; img-src 'self' data:; object-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
