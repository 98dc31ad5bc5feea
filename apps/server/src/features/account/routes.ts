import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileRoutes } from './profile-routes';
import { sectionRoutes } from './section-routes';
import { snapshotRoutes } from './snapshot-routes';
import { transferRoutes } from './transfer-routes';

/** Profile, privacy, appearance, block list, language, username and email checks, import/export/reset, backups and presets. */
export const accountSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(profileRoutes);
  await app.register(sectionRoutes);
  await app.register(transferRoutes);
  await app.register(snapshotRoutes);
};
