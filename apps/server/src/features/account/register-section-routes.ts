import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { SECTION_PATCHES, type SavedSection } from '@app/shared/account/sections';
import { requireAuth } from '../../plugins/auth';
import { readSection, saveSection } from './store';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * GET and PATCH /settings/{section} of a saved section: the section merged over the spec's
 * defaults, and a strict partial merged into it (store.ts).
 */
export function registerSectionRoutes(
  app: App,
  opts: {
    section: Exclude<SavedSection, 'data'>;
    answer: z.ZodType;
    failureMessage: string;
    tags: string[];
    getSummary: string;
    patchSummary: string;
  },
): void {
  const { db } = app.ctx;
  const path = `/settings/${opts.section}`;
  const config = { access: 'user' as const, failureMessage: opts.failureMessage };
  app.get(path, { config, schema: { tags: opts.tags, summary: opts.getSummary, response: { 200: opts.answer } } }, async (request) =>
    readSection(db, requireAuth(request).user.id, opts.section),
  );
  app.patch(
    path,
    {
      config,
      schema: { tags: opts.tags, summary: opts.patchSummary, body: SECTION_PATCHES[opts.section], response: { 200: opts.answer } },
    },
    async (request) => saveSection(db, requireAuth(request).user.id, opts.section, request.body as object),
  );
}
