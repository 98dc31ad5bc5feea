import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { PURCHASE_MESSAGES } from '@app/shared/purchases/messages';
import type { Transaction } from '../../db/client';
import { paymentEvents, purchases } from '../../db/schema/payments';
import type { RecordEvent } from '../../events/bus';
import { AppError } from '../../lib/http-errors';
import { countPosting, type LedgerPosting } from '../tokens';
import { settleExpired, settleMismatched, settlePaid, settleRefunded } from './settle';

/** Stripe's own tolerance: a signature older than five minutes is refused (a replay). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/** Logs something odd about the event being handled. */
export type StripeEventWarn = (message: string, extra?: Record<string, unknown>) => void;

/**
 * Another area's part of the endpoint (subscriptions): called, in order, inside the transaction
 * that records the event id, before this area's own handling. It answers the movements it posted
 * (counted once the transaction commits), or null when the event is none of its business.
 */
export type StripeEventHandler = (
  tx: Transaction,
  record: RecordEvent,
  event: Stripe.Event,
  warn: StripeEventWarn,
) => Promise<LedgerPosting[] | null>;

/**
 * POST /api/payments/stripe/webhook: Stripe's events, checked against STRIPE_WEBHOOK_SECRET on
 * the raw body (a bad or stale signature is 400 and changes nothing). Each event id is handled
 * once: its row in payment_events is written in the same transaction as what it does, so a
 * delivery that fails is retried whole, and two deliveries at the same moment do it once.
 */
export function stripeWebhookRoutes(
  stripe: Stripe,
  webhookSecret: string,
  handlers: readonly StripeEventHandler[] = [],
): FastifyPluginAsync {
  return async (app) => {
    const { db, events, metrics } = app.ctx;
    // The signature covers the exact bytes Stripe sent: this route keeps them instead of parsing JSON.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post(
      '/stripe/webhook',
      {
        config: { access: 'public' },
        schema: {
          tags: ['purchases'],
          summary: "Stripe's events (signed): checkout completed or expired, charge refunded, subscriptions and their invoices",
        },
      },
      async (request, reply) => {
        let event: Stripe.Event;
        try {
          const signature = request.headers['stripe-signature'];
          if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('no signature or body');
          event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
        } catch {
          throw new AppError(400, 'INVALID_SIGNATURE', PURCHASE_MESSAGES.badSignature);
        }
        const postings = await events.inTransaction(db, async (tx, record) => {
          const [fresh] = await tx
            .insert(paymentEvents)
            .values({ provider: 'stripe', eventId: event.id, type: event.type })
            .onConflictDoNothing()
            .returning({ eventId: paymentEvents.eventId });
          if (!fresh) return null; // handled before (or right now, by the delivery that wrote the row)
          const warn: StripeEventWarn = (msg, extra) => request.log.warn({ eventId: event.id, type: event.type, ...extra }, msg);
          for (const other of handlers) {
            const handled = await other(tx, record, event, warn);
            if (handled) return handled;
          }
          return handle(tx, record, event, warn);
        });
        for (const posting of postings ?? []) countPosting(metrics, posting);
        return reply.send({ received: true, duplicate: postings === null });
      },
    );
  };
}

type Warn = StripeEventWarn;

async function handle(tx: Transaction, record: RecordEvent, event: Stripe.Event, warn: Warn): Promise<LedgerPosting[]> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // Paid later by a slow method: async_payment_succeeded follows.
      if (session.mode !== 'payment' || session.payment_status !== 'paid') return [];
      const purchase = await purchaseOfSession(tx, session, warn);
      if (!purchase) return [];
      // Only what was priced is credited: another amount or currency is held for an admin, never credited.
      if (session.amount_total !== purchase.amountMinor || session.currency?.toLowerCase() !== purchase.currency) {
        warn('a Checkout Session paid with another amount or currency than its purchase: held for review, not credited', {
          purchaseId: purchase.id,
          expected: { amount: purchase.amountMinor, currency: purchase.currency },
          paid: { amount: session.amount_total, currency: session.currency },
        });
        await settleMismatched(tx, purchase.id, idOf(session.payment_intent));
        return [];
      }
      return (await settlePaid(tx, record, purchase.id, idOf(session.payment_intent)))?.postings ?? [];
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const purchase = await purchaseOfSession(tx, event.data.object, warn);
      if (purchase) await settleExpired(tx, purchase.id);
      return [];
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      // A partial refund leaves the purchase paid; only a full one takes the credits back.
      if (!charge.refunded) {
        warn('a partial refund: the purchase stays paid', { amountRefunded: charge.amount_refunded });
        return [];
      }
      const paymentId = idOf(charge.payment_intent);
      const [purchase] = paymentId
        ? await tx.select({ id: purchases.id }).from(purchases).where(eq(purchases.providerPaymentId, paymentId)).limit(1)
        : [];
      if (!purchase) {
        warn('a refund of a payment that is no purchase of ours', { paymentId });
        return [];
      }
      return (await settleRefunded(tx, record, purchase.id))?.postings ?? [];
    }
    default:
      return [];
  }
}

/** The purchase a Checkout Session was made for: by metadata.purchaseId, and only if it is that purchase's session. */
async function purchaseOfSession(tx: Transaction, session: Stripe.Checkout.Session, warn: Warn) {
  const purchaseId = session.metadata?.purchaseId ?? session.client_reference_id;
  const [purchase] =
    purchaseId && /^[0-9a-f-]{36}$/i.test(purchaseId) ? await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).limit(1) : [];
  if (!purchase || purchase.providerSessionId !== session.id) {
    warn('a Checkout Session that is no purchase of ours', { sessionId: session.id, purchaseId });
    return null;
  }
  return purchase;
}
