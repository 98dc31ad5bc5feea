import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBlockBody, ZBlockParams, ZLanguageBody } from '@app/shared/account/schemas';
import { SETTINGS_FAILURES } from '@app/shared/settings/messages';
import { ZAppearanceSettings, ZPrivacySettings } from '@app/shared/account/sections';
import { requireAuth } from '../../plugins/auth';
import { registerSectionRoutes } from './register-section-routes';
import { readSection, saveSection } from './store';
import { blockUser, unblockUser } from './blocks';

const tags = ['settings'];

/** Privacy (with the block list), appearance and the language. */
export const sectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  registerSectionRoutes(app, {
    section: 'privacy',
    answer: ZPrivacySettings,
    failureMessage: SETTINGS_FAILURES.privacy,
    tags,
    getSummary: "The caller's privacy settings, with the block list",
    patchSummary: 'Change privacy settings (the block list changes through /api/user/block)',
  });
  registerSectionRoutes(app, {
    section: 'appearance',
    answer: ZAppearanceSettings,
    failureMessage: SETTINGS_FAILURES.appearance,
    tags,
    getSummary: "The caller's appearance settings",
    patchSummary: 'Change appearance settings',
  });

  app.post(
    '/language',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.changeLanguage },
      schema: { tags, summary: 'Change the language of the interface', body: ZLanguageBody, response: { 200: ZLanguageBody } },
    },
    async (request) => {
      const saved = await saveSection(db, requireAuth(request).user.id, 'appearance', { language: request.body.language });
      return { language: saved.language };
    },
  );

  app.post(
    '/block',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.blockUser },
      schema: {
        tags,
        summary: 'Block a user: they no longer see your profile, and follows between you end',
        body: ZBlockBody,
        response: { 200: ZPrivacySettings },
      },
    },
    async (request) => {
      const me = requireAuth(request).user.id;
      await blockUser(db, me, request.body.userId);
      return readSection(db, me, 'privacy');
    },
  );

  app.delete(
    '/block/:userId',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.unblockUser },
      schema: { tags, summary: 'Unblock a user', params: ZBlockParams, response: { 200: ZPrivacySettings } },
    },
    async (request) => {
      const me = requireAuth(request).user.id;
      await unblockUser(db, me, request.params.userId);
      return readSection(db, me, 'privacy');
    },
  );
};
