import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Profile, privacy, appearance, block list, language, username and email checks, import/export/reset, backups and presets. */
export const accountSettingsRoutes: FastifyPluginAsyncZod = async () => {};
