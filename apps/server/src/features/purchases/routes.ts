import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GEM_MESSAGES } from '@app/shared/gems/messages';
import { PURCHASE_MESSAGES } from '@app/shared/purchases/messages';
import { ZCreatePurchase, ZPurchase, ZPurchaseList, ZPurchaseParams } from '@app/shared/purchases/schemas';
import { purchases } from '../../db/schema/payments';
import { AppError, conflict, notFound } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { countPosting } from '../tokens';
import { priceItem } from './catalog';
import type { PaymentProvider } from './providers';
import { settleExpired, settlePaid, type Settlement } from './settle';
import { toPurchase } from './view';

const tags = ['purchases'];
/** The list answers at most this many (a buyer's history is short; /settings/billing shows it all). */
const LIST_LIMIT = 100;

/** `provider` null: payments are off (no Stripe, no sandbox): buying answers 503, the history still reads. */
export const purchaseRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider | null }> = async (app, { provider }) => {
  const { db, events, metrics } = app.ctx;

  /** The caller's purchase, or 404 (another user's is not theirs to see). */
  async function ownPurchase(userId: string, id: string) {
    const [row] = await db
      .select()
      .from(purchases)
      .where(and(eq(purchases.id, id), eq(purchases.userId, userId)))
      .limit(1);
    if (!row) throw notFound(PURCHASE_MESSAGES.notFound);
    return row;
  }

  app.post(
    '',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Starts buying a gem package or a token pack: a pending purchase and where to pay for it',
        body: ZCreatePurchase,
        response: { 201: ZPurchase },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      if (!provider) throw new AppError(503, 'PAYMENTS_UNAVAILABLE', PURCHASE_MESSAGES.unavailable);
      const item = await priceItem(db, request.body);
      const [pending] = await db
        .insert(purchases)
        .values({
          userId: user.id,
          kind: item.kind,
          itemId: item.itemId,
          amountMinor: item.amountMinor,
          currency: item.currency,
          credits: item.credits,
          provider: provider.name,
        })
        .returning();
      try {
        const checkout = await provider.startCheckout({
          purchaseId: pending!.id,
          name: item.name,
          amountMinor: item.amountMinor,
          currency: item.currency,
          buyerEmail: user.email,
        });
        const [started] = await db
          .update(purchases)
          .set({ checkoutUrl: checkout.url, providerSessionId: checkout.sessionId })
          .where(eq(purchases.id, pending!.id))
          .returning();
        return reply.code(201).send(toPurchase(started!));
      } catch (err) {
        request.log.error({ err, purchaseId: pending!.id }, 'the payment provider refused to start a checkout');
        await db.update(purchases).set({ status: 'failed', closedAt: new Date() }).where(eq(purchases.id, pending!.id));
        // gamification.md §5: a failed gem purchase says so in these words.
        throw new AppError(
          502,
          'PAYMENT_PROVIDER_ERROR',
          item.kind === 'gems' ? GEM_MESSAGES.purchaseFailed : PURCHASE_MESSAGES.providerFailed,
        );
      }
    },
  );

  app.get(
    '',
    {
      config: { access: 'user' },
      schema: { tags, summary: "The caller's purchases, newest first", response: { 200: ZPurchaseList } },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(purchases)
        .where(eq(purchases.userId, requireAuth(request).user.id))
        .orderBy(desc(purchases.createdAt), desc(purchases.id))
        .limit(LIST_LIMIT);
      return { items: rows.map(toPurchase) };
    },
  );

  app.get(
    '/:id',
    {
      config: { access: 'user' },
      schema: { tags, summary: "One of the caller's purchases", params: ZPurchaseParams, response: { 200: ZPurchase } },
    },
    async (request) => toPurchase(await ownPurchase(requireAuth(request).user.id, request.params.id)),
  );

  // The sandbox checkout's buttons: only without Stripe (404 otherwise), only the buyer's purchase.
  if (provider?.name !== 'sandbox') return;

  app.post(
    '/:id/sandbox/complete',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Pays a purchase in the sandbox (no Stripe configured): credited exactly as a paid webhook would',
        params: ZPurchaseParams,
        response: { 200: ZPurchase },
      },
    },
    async (request) => {
      const own = await ownPurchase(requireAuth(request).user.id, request.params.id);
      if (own.status === 'paid') return toPurchase(own); // a second click: paid once, nothing more
      const settled: Settlement | null = await events.inTransaction(db, (tx, record) => settlePaid(tx, record, own.id));
      if (!settled) {
        // Another click got there first: paid once, answered as paid. Closed otherwise.
        const now = await ownPurchase(own.userId, own.id);
        if (now.status === 'paid') return toPurchase(now);
        throw conflict('PURCHASE_CLOSED', PURCHASE_MESSAGES.notPending);
      }
      for (const posting of settled.postings) countPosting(metrics, posting);
      return toPurchase(settled.purchase);
    },
  );

  app.post(
    '/:id/sandbox/cancel',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Cancels an unpaid sandbox purchase', params: ZPurchaseParams, response: { 200: ZPurchase } },
    },
    async (request) => {
      const own = await ownPurchase(requireAuth(request).user.id, request.params.id);
      if (own.status === 'expired') return toPurchase(own);
      const closed = await db.transaction((tx) => settleExpired(tx, own.id));
      if (!closed) throw conflict('PURCHASE_CLOSED', PURCHASE_MESSAGES.notPending);
      return toPurchase(closed);
    },
  );
};
