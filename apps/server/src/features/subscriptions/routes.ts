import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { PLANS, tierRank } from '@app/shared/subscriptions/plans';
import { SUBSCRIPTION_MESSAGES } from '@app/shared/subscriptions/messages';
import {
  ZPortalSession,
  ZSubscription,
  ZSubscriptionCheckout,
  ZSubscriptionCheckoutCreated,
  ZSubscriptionCheckoutParams,
  ZSubscriptionCheckoutRequest,
  ZSubscriptionInvoiceList,
} from '@app/shared/subscriptions/schemas';
import { subscriptionCheckouts, subscriptionInvoices } from '../../db/schema/subscriptions';
import { AppError, badRequest, conflict, notFound } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { countPosting, type LedgerPosting } from '../tokens';
import { activateSandboxCheckout, CANCEL_REPLACED_JOB } from './activation';
import { sandboxBilling, stripeBilling, type SubscriptionBilling } from './billing';
import { renewDueSandboxSubscriptions, RENEWAL_SCAN_MS } from './renewals';
import {
  applySubscriptionState,
  isEntitled,
  lockSubscriber,
  subscriptionAnswerOf,
  subscriptionOf,
  tierOf,
  toCheckout,
  toInvoice,
  toSubscription,
  type SubscriptionRow,
} from './store';

const tags = ['subscriptions'];
/** The invoices list answers at most this many (one a month: years of them). */
const INVOICE_LIMIT = 120;

/**
 * /api/subscription: the caller's plan, subscribing (Stripe Checkout in subscription mode, or the
 * sandbox page), ending at period end and resuming, invoices, Stripe's customer portal. `stripe`
 * is the client of the purchases area's provider; without it, `sandbox` says whether the sandbox
 * may take checkouts (PAYMENTS_SANDBOX): if not, payments are off and subscribing answers 503.
 */
export const subscriptionRoutes: FastifyPluginAsyncZod<{ stripe: Stripe | null; sandbox: boolean }> = async (app, { stripe, sandbox }) => {
  const { db, events, metrics, jobs, config } = app.ctx;
  const billing: SubscriptionBilling = stripe ? stripeBilling(stripe, config.publicUrl) : sandboxBilling(config.publicUrl);
  const open = stripe !== null || sandbox;

  // Sandbox subscriptions renew while the sandbox is on; otherwise (Stripe or payments off) they
  // end at their period's end: no month is credited that nobody paid for.
  jobs.every('subscription-renewals', RENEWAL_SCAN_MS, () =>
    renewDueSandboxSubscriptions({ db, events, metrics }, new Date(), { renew: billing.name === 'sandbox' && open }),
  );
  if (billing.name === 'stripe') {
    jobs.handle(CANCEL_REPLACED_JOB, async (payload) => {
      await billing.cancelNow(String(payload.providerSubscriptionId));
    });
  }

  const count = (postings: LedgerPosting[] | null) => (postings ?? []).forEach((p) => countPosting(metrics, p));

  /** Calls the provider; a refusal is a 502 in the house shape, logged with its cause. */
  async function withProvider<T>(what: string, log: { error(o: object, m: string): void }, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      log.error({ err }, `the payment provider refused: ${what}`);
      throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', SUBSCRIPTION_MESSAGES.providerFailed);
    }
  }

  async function ownCheckout(userId: string, id: string) {
    const [row] = await db
      .select()
      .from(subscriptionCheckouts)
      .where(and(eq(subscriptionCheckouts.id, id), eq(subscriptionCheckouts.userId, userId)))
      .limit(1);
    if (!row) throw notFound(SUBSCRIPTION_MESSAGES.checkoutNotFound);
    return row;
  }

  app.get(
    '',
    {
      config: { access: 'user' },
      schema: { tags, summary: "The caller's plan and status, and the plans on offer", response: { 200: ZSubscription } },
    },
    async (request) => subscriptionAnswerOf(db, requireAuth(request).user.id, billing.portalUrl !== null),
  );

  app.post(
    '/checkout',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Starts subscribing to a plan (or upgrading to a higher one): where to pay for it',
        body: z.object({ plan: z.string().max(40) }).strict(),
        response: { 201: ZSubscriptionCheckoutCreated },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const parsed = ZSubscriptionCheckoutRequest.safeParse(request.body);
      if (!parsed.success) throw badRequest(SUBSCRIPTION_MESSAGES.unknownPlan, 'plan');
      const { plan } = parsed.data;
      if (!open) throw new AppError(503, 'PAYMENTS_UNAVAILABLE', SUBSCRIPTION_MESSAGES.unavailable);
      const current = await subscriptionOf(db, user.id);
      const tier = tierOf(current);
      if (tier === plan) throw conflict('ALREADY_SUBSCRIBED', SUBSCRIPTION_MESSAGES.alreadySubscribed, 'plan');
      if (tierRank(plan) < tierRank(tier)) throw conflict('PLAN_DOWNGRADE', SUBSCRIPTION_MESSAGES.downgrade, 'plan');
      const [pending] = await db
        .insert(subscriptionCheckouts)
        .values({ userId: user.id, plan, provider: billing.name, amountMinor: PLANS[plan].priceMinor, currency: PLANS[plan].currency })
        .returning();
      try {
        const checkout = await billing.startCheckout({
          checkoutId: pending!.id,
          userId: user.id,
          plan,
          buyerEmail: user.email,
          customerId: current?.provider === 'stripe' ? current.providerCustomerId : null,
        });
        await db
          .update(subscriptionCheckouts)
          .set({ checkoutUrl: checkout.url, providerSessionId: checkout.sessionId })
          .where(eq(subscriptionCheckouts.id, pending!.id));
        return reply.code(201).send({ id: pending!.id, checkoutUrl: checkout.url });
      } catch (err) {
        request.log.error({ err, checkoutId: pending!.id }, 'the payment provider refused to start a subscription checkout');
        await db.update(subscriptionCheckouts).set({ status: 'failed' }).where(eq(subscriptionCheckouts.id, pending!.id));
        throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', SUBSCRIPTION_MESSAGES.providerFailed);
      }
    },
  );

  app.get(
    '/checkout/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "One of the caller's subscription checkouts (the checkout page)",
        params: ZSubscriptionCheckoutParams,
        response: { 200: ZSubscriptionCheckout },
      },
    },
    async (request) => toCheckout(await ownCheckout(requireAuth(request).user.id, request.params.id)),
  );

  /** The caller's entitled subscription, or 409. */
  async function activeOf(userId: string): Promise<SubscriptionRow> {
    const row = await subscriptionOf(db, userId);
    if (!row || !isEntitled(row.status)) throw conflict('NO_SUBSCRIPTION', SUBSCRIPTION_MESSAGES.noSubscription);
    return row;
  }

  /** Sets the end-at-period-end flag with the provider, then here (Stripe's customer.subscription.updated confirms it). */
  async function setCancel(userId: string, cancel: boolean, log: { error(o: object, m: string): void }) {
    const row = await activeOf(userId);
    if (!cancel && !row.cancelAtPeriodEnd) throw conflict('NOT_CANCELING', SUBSCRIPTION_MESSAGES.notCanceling);
    if (row.cancelAtPeriodEnd !== cancel) {
      await withProvider('cancel at period end', log, () => billing.setCancelAtPeriodEnd(row.providerSubscriptionId, cancel));
      await events.inTransaction(db, (tx, record) =>
        applySubscriptionState(
          tx,
          record,
          {
            userId,
            plan: row.tier,
            status: row.status,
            provider: row.provider,
            providerSubscriptionId: row.providerSubscriptionId,
            providerCustomerId: row.providerCustomerId,
            currentPeriodStart: row.currentPeriodStart,
            currentPeriodEnd: row.currentPeriodEnd,
            cancelAtPeriodEnd: cancel,
          },
          { takeOver: false },
        ),
      );
    }
    return toSubscription(await subscriptionOf(db, userId), billing.portalUrl !== null);
  }

  app.post(
    '/cancel',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Ends the subscription at the end of the period it is paid for', response: { 200: ZSubscription } },
    },
    async (request) => setCancel(requireAuth(request).user.id, true, request.log),
  );

  app.post(
    '/resume',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Keeps a subscription that was set to end: it renews again', response: { 200: ZSubscription } },
    },
    async (request) => setCancel(requireAuth(request).user.id, false, request.log),
  );

  app.get(
    '/invoices',
    {
      config: { access: 'user' },
      schema: { tags, summary: "The caller's paid subscription periods, newest first", response: { 200: ZSubscriptionInvoiceList } },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(subscriptionInvoices)
        .where(eq(subscriptionInvoices.userId, requireAuth(request).user.id))
        .orderBy(desc(subscriptionInvoices.paidAt), desc(subscriptionInvoices.periodStart))
        .limit(INVOICE_LIMIT);
      return { items: rows.map(toInvoice) };
    },
  );

  if (billing.portalUrl) {
    const portalUrl = billing.portalUrl;
    app.post(
      '/portal',
      {
        config: { access: 'user' },
        schema: { tags, summary: "Stripe's customer portal for the caller (payment methods, invoices)", response: { 200: ZPortalSession } },
      },
      async (request) => {
        const row = await subscriptionOf(db, requireAuth(request).user.id);
        if (!row?.providerCustomerId || row.provider !== 'stripe') throw conflict('NO_SUBSCRIPTION', SUBSCRIPTION_MESSAGES.noSubscription);
        return { url: await withProvider('portal session', request.log, () => portalUrl(row.providerCustomerId!)) };
      },
    );
  }

  // The sandbox page's buttons: only without Stripe (404 otherwise), only the subscriber's checkout.
  if (billing.name !== 'sandbox' || !open) return;

  app.post(
    '/checkout/:id/sandbox/complete',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Pays a subscription checkout in the sandbox: activates exactly as Stripe’s events would',
        params: ZSubscriptionCheckoutParams,
        response: { 200: ZSubscriptionCheckout },
      },
    },
    async (request) => {
      const own = await ownCheckout(requireAuth(request).user.id, request.params.id);
      if (own.status === 'completed') return toCheckout(own); // a second click: activated once
      const done = await events.inTransaction(db, async (tx, record) => {
        const [checkout] = await tx
          .update(subscriptionCheckouts)
          .set({ status: 'completed', completedAt: new Date(), checkoutUrl: null })
          .where(and(eq(subscriptionCheckouts.id, own.id), eq(subscriptionCheckouts.status, 'pending')))
          .returning();
        if (!checkout) return null;
        // An upgrade's checkout made before a cancel or another upgrade, or another checkout paid at
        // the same moment: still a higher plan than the current one? Read under the account's lock,
        // so that concurrent payments see each other; a refused one rolls back and is never charged.
        const current = await lockSubscriber(tx, checkout.userId);
        if (tierRank(checkout.plan) <= tierRank(tierOf(current)))
          throw conflict('ALREADY_SUBSCRIBED', SUBSCRIPTION_MESSAGES.alreadySubscribed);
        return { checkout, postings: await activateSandboxCheckout(tx, record, jobs, checkout) };
      });
      if (!done) {
        const now = await ownCheckout(own.userId, own.id);
        if (now.status === 'completed') return toCheckout(now);
        throw conflict('CHECKOUT_CLOSED', SUBSCRIPTION_MESSAGES.checkoutClosed);
      }
      count(done.postings);
      return toCheckout(done.checkout);
    },
  );

  app.post(
    '/checkout/:id/sandbox/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Cancels an unpaid sandbox subscription checkout',
        params: ZSubscriptionCheckoutParams,
        response: { 200: ZSubscriptionCheckout },
      },
    },
    async (request) => {
      const own = await ownCheckout(requireAuth(request).user.id, request.params.id);
      if (own.status === 'canceled') return toCheckout(own);
      const [closed] = await db
        .update(subscriptionCheckouts)
        .set({ status: 'canceled', checkoutUrl: null })
        .where(and(eq(subscriptionCheckouts.id, own.id), eq(subscriptionCheckouts.status, 'pending')))
        .returning();
      if (!closed) throw conflict('CHECKOUT_CLOSED', SUBSCRIPTION_MESSAGES.checkoutClosed);
      return toCheckout(closed);
    },
  );
};
