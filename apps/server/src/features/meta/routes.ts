import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_NAME, APP_VERSION } from '@app/shared/app/constants';
import { ZAppInfo, type AppInfo } from '@app/shared/app/schemas';
import type { AppContext } from '../../context';

/** GET /api/app/info's answer: about this installation. */
export function appInfoOf(ctx: AppContext): AppInfo {
  return {
    name: APP_NAME,
    version: APP_VERSION,
    mail: ctx.mailer.kind,
    model: { offline: ctx.model.offline, name: ctx.model.name },
    payments: ctx.config.payments,
  };
}

export const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/info',
    { config: { access: 'public' }, schema: { tags: ['app'], summary: 'About this installation', response: { 200: ZAppInfo } } },
    async () => appInfoOf(app.ctx),
  );
};
