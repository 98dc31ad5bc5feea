import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_NAME, APP_VERSION } from '@app/shared/app/constants';
import { ZAppInfo } from '@app/shared/app/schemas';

export const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/info',
    { config: { access: 'public' }, schema: { tags: ['app'], summary: 'About this installation', response: { 200: ZAppInfo } } },
    async () => ({
      name: APP_NAME,
      version: APP_VERSION,
      mail: app.ctx.mailer.kind,
      model: { offline: app.ctx.model.offline, name: app.ctx.model.name },
      payments: app.ctx.config.payments,
    }),
  );
};
