// A local HTTP server answering the PaymentIntents calls the Stripe adapter makes, as Stripe's API
// does (an intent waiting for the card), and webhooks signed with the stripe package's own test
// helper: what the cloud's Stripe tests and the guest card journey stand on. Stripe's real
// answers, 3-D Secure and wallets need a live key and are not tried with it.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A call the server answered: its path, credentials, Idempotency-Key and form body. */
interface SeenStripeCall {
  path: string;
  auth: string | undefined;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

export interface LocalStripeApi {
  /** http://127.0.0.1:<port>, for STRIPE_API_BASE. */
  url: string;
  port: number;
  seen: SeenStripeCall[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startStripeApi(): Promise<LocalStripeApi> {
  const seen: SeenStripeCall[] = [];
  const api = createServer(async (req, res) => {
    const form = new URLSearchParams(await readBody(req));
    seen.push({
      path: req.url ?? '',
      auth: req.headers.authorization,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      form,
    });
    if (req.method === 'POST' && req.url === '/v1/payment_intents') {
      const n = seen.length;
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${n}` });
      res.end(
        JSON.stringify({
          id: `pi_test_${n}`,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency'),
          status: 'requires_payment_method',
          client_secret: `pi_test_${n}_secret_abc`,
          metadata: { paymentId: form.get('metadata[paymentId]') },
        }),
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unknown path' } }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const port = (api.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () => new Promise((resolve) => api.close(() => resolve())),
  };
}

const signer = new Stripe('sk_test_signer');

/** A payment_intent event as Stripe sends it to the webhook. */
export const intentEvent = (type: string, intentId: string, paymentId: string) => ({
  id: `evt_${intentId}_${type}`,
  object: 'event',
  type,
  data: { object: { id: intentId, object: 'payment_intent', metadata: { paymentId } } },
});

/** Posts `event` to the cloud's Stripe webhook, signed with `secret` as Stripe signs it. */
export function postSignedWebhook(cloudUrl: string, event: object, secret: string): Promise<Response> {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  return fetch(`${cloudUrl}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
}
