import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRICING_MESSAGES } from '@app/shared/pricing/messages';
import { invalidPricingField, quoteGeneration, TOKEN_PACKS, tokensForPrice } from '@app/shared/pricing/rules';
import { ZPricingConfig, ZPricingQuote, ZPricingQuoteQuery, ZTokenPacks } from '@app/shared/pricing/schemas';
import { badRequest } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { pricingOf } from './store';

/** Public reads of the pricing: what a generation costs in tokens, and the token packs on sale. */
export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  const pricing = pricingOf(app.ctx.db);
  // Every instance drops its cached pricing when an admin saves (the saving one has the new value already).
  app.ctx.events.subscribeEverywhere('pricing.changed', 'pricing-cache', () => pricing.invalidate());

  app.get(
    '/pricing/quote',
    {
      config: { access: 'public' },
      schema: {
        tags: ['pricing'],
        summary: 'What one generation of a type costs: provider cost, user price (EUR) and tokens',
        querystring: ZPricingQuoteQuery,
        response: { 200: ZPricingQuote },
      },
    },
    async (request) => quoteGeneration(await pricing.get(), request.query.type),
  );

  app.get(
    '/tokens/packs',
    {
      config: { access: 'public' },
      schema: {
        tags: ['tokens'],
        summary: "The token packs on sale, with the tokens each gives at today's pricing",
        response: { 200: ZTokenPacks },
      },
    },
    async () => {
      const { user_token_cost_eur } = await pricing.get();
      return { items: TOKEN_PACKS.map((p) => ({ ...p, tokens: tokensForPrice(p.priceEur, user_token_cost_eur) })) };
    },
  );
};

/** The admins' pricing form. */
export const adminPricingRoutes: FastifyPluginAsyncZod = async (app) => {
  const pricing = pricingOf(app.ctx.db);

  app.get(
    '/pricing',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'The pricing config', response: { 200: ZPricingConfig } } },
    async () => pricing.get(),
  );

  app.put(
    '/pricing',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Saves the pricing config (refused unless valid: token costs > 0, markup 10–200, generation costs ≥ 0)',
        body: ZPricingConfig,
        response: { 200: ZPricingConfig },
      },
    },
    async (request) => {
      const field = invalidPricingField(request.body);
      if (field) throw badRequest(PRICING_MESSAGES.invalid, field);
      const { user } = requireAuth(request);
      const saved = await pricing.save(request.body, user.id);
      await app.ctx.events.publish('pricing.changed', { updatedBy: user.id });
      return saved;
    },
  );
};
