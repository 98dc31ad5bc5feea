import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { TestApp } from './app';

/**
 * A stand-in for Stripe's API (STRIPE_API_URL): answers Checkout Session creation (either mode),
 * subscription updates and cancels, and customer portal sessions the way Stripe does, and keeps
 * what it was sent. `failOnce` makes the next call fail as Stripe refuses one.
 */
export function stripeStandIn(opts: { sessionPrefix?: string } = {}) {
  const calls: { method: string; path: string; form: URLSearchParams; idempotencyKey: string | undefined }[] = [];
  let failNext = false;
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const path = (req.url ?? '').split('?')[0]!;
      calls.push({ method: req.method ?? '', path, form, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
      res.setHeader('content-type', 'application/json');
      const answer = (status: number, json: object) => {
        res.statusCode = status;
        res.end(JSON.stringify(json));
      };
      if (failNext) {
        failNext = false;
        return answer(400, { error: { type: 'invalid_request_error', message: 'Your account cannot currently make live charges.' } });
      }
      n += 1;
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `${opts.sessionPrefix ?? 'cs_test_'}${n}`;
        return answer(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, mode: form.get('mode') });
      }
      const subscription = /^\/v1\/subscriptions\/(\w+)$/.exec(path);
      if (subscription && (req.method === 'POST' || req.method === 'DELETE')) {
        return answer(200, {
          id: subscription[1],
          object: 'subscription',
          cancel_at_period_end: form.get('cancel_at_period_end') === 'true',
        });
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        return answer(200, { id: `bps_${n}`, object: 'billing_portal.session', url: `https://billing.stripe.test/p/session/${n}` });
      }
      return answer(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  });
  return {
    calls,
    failOnce: () => (failNext = true),
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Signs test webhook payloads (no call to Stripe is ever made with it). */
export const stripeSigner = new Stripe('sk_test_signer');

/**
 * Delivers events to the app's webhook as Stripe does: the JSON body signed with the endpoint's
 * secret (t=, v1=); `secret`, `timestamp` or `signature` (null: no header) make bad deliveries.
 */
export function stripeWebhookSender(t: () => TestApp, webhookSecret: string) {
  return (event: object, opts: { secret?: string; timestamp?: number; signature?: string | null } = {}) => {
    const payload = JSON.stringify(event);
    const signature =
      opts.signature !== undefined
        ? opts.signature
        : stripeSigner.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? webhookSecret, timestamp: opts.timestamp });
    return t().app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
      payload,
    });
  };
}
