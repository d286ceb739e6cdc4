// The Stripe adapter against a local HTTP server answering the PaymentIntents calls it makes, and
// its webhook signed with the library's own test helper. What needs a live key (Stripe's real
// answers, 3-D Secure, the card form) is not tried here.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Bill, PAYMENT_MESSAGES, ProcessPaymentAnswer } from '@tablewise/shared';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, checkInGuest, type Harness, loginAs, startHarness } from '../testkit/harness.js';

const WEBHOOK_SECRET = 'whsec_test_secret';
const signer = new Stripe('sk_test_signer');

interface Seen {
  path: string;
  auth: string | undefined;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

let api: Server;
const seen: Seen[] = [];
let h: Harness;
let staff: Client;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  // Answers POST /v1/payment_intents as Stripe does: an intent waiting for the card.
  api = createServer(async (req, res) => {
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
  h = await startHarness({
    payments: {
      stripe: { secretKey: 'sk_test_local', webhookSecret: WEBHOOK_SECRET, host: '127.0.0.1', port, protocol: 'http' },
    },
  });
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
});
afterAll(async () => {
  await h?.close();
  await new Promise((resolve) => api?.close(resolve));
});

function webhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  return fetch(`${h.cloud.url}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
}

const intentEvent = (type: string, intentId: string, paymentId: string) => ({
  id: `evt_${intentId}_${type}`,
  object: 'event',
  type,
  data: { object: { id: intentId, object: 'payment_intent', metadata: { paymentId } } },
});

describe('Stripe PaymentIntents', () => {
  it('creates an intent for the card share (our payment id as its idempotency key) and waits for the webhook', async () => {
    const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[0] as string);
    const placed = await guest.post('/api/orders', {
      sessionId,
      items: [{ menuItemId: h.fixture.a.menu.lemonade, quantity: 2, course: 'drink' }],
    });
    expect(placed.status).toBe(201);
    const bill = Bill.parse((await guest.get(`/api/orders/payment/${sessionId}`)).body);
    expect(bill.demoPayments).toBe(false);
    const reply = await guest.post('/api/payments/process', {
      sessionId,
      billVersion: bill.version,
      totalAmount: bill.total,
      tipAmount: '1.00',
      splits: [{ id: 'card-1', amount: bill.total, paymentMethod: 'card' }],
    });
    expect(reply.status).toBe(200);
    const answer = ProcessPaymentAnswer.parse(reply.body);
    const payment = answer.payments[0];
    expect(payment).toMatchObject({ status: 'PENDING', provider: 'stripe', paymentIntentId: 'pi_test_1' });
    expect(answer.clientSecret).toBe('pi_test_1_secret_abc');
    // 7.00 + 0.61 tax + 1.00 tip, in cents; our payment id rides along.
    expect(seen[0]?.form.get('amount')).toBe('861');
    expect(seen[0]?.form.get('currency')).toBe('usd');
    expect(seen[0]?.form.get('metadata[paymentId]')).toBe(payment?.id);
    expect(seen[0]?.idempotencyKey).toBe(`payment-${payment?.id}`);
    expect(seen[0]?.auth).toBe('Bearer sk_test_local');
    // Held while Stripe confirms: nothing more can be paid, nothing is complete yet.
    expect(answer.bill).toMatchObject({ pending: bill.total, left: '0.00', complete: false });

    // A webhook not signed with the endpoint's secret moves nothing.
    const forged = await webhook(
      intentEvent('payment_intent.succeeded', 'pi_test_1', payment?.id ?? ''),
      'whsec_other',
    );
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({
      message: PAYMENT_MESSAGES.webhookSignatureInvalid,
      id: 'webhook_signature_invalid',
    });
    expect((await h.database.db('payments').where({ id: payment?.id }).first()).status).toBe('PENDING');

    const ok = await webhook(intentEvent('payment_intent.succeeded', 'pi_test_1', payment?.id ?? ''));
    expect(ok.status).toBe(200);
    // Stripe delivers at least once: a repeat changes nothing.
    expect((await webhook(intentEvent('payment_intent.succeeded', 'pi_test_1', payment?.id ?? ''))).status).toBe(200);
    const after = Bill.parse((await guest.get(`/api/orders/payment/${sessionId}`)).body);
    expect(after).toMatchObject({ paid: bill.total, left: '0.00', complete: true, tips: '1.00' });
    const completed = await h.database
      .db('events')
      .where({ type: 'payment.completed' })
      .whereRaw("payload_json->>'sessionId' = ?", [sessionId]);
    expect(completed.map((e) => e.payload_json.sessionComplete)).toEqual([true]);
  });

  it('marks a payment FAILED when Stripe says so, freeing its share of the bill', async () => {
    const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[1] as string);
    await guest.post('/api/orders', {
      sessionId,
      items: [{ menuItemId: h.fixture.a.menu.lemonade, quantity: 1, course: 'drink' }],
    });
    const bill = Bill.parse((await guest.get(`/api/orders/payment/${sessionId}`)).body);
    const reply = await guest.post('/api/payments/process', {
      sessionId,
      billVersion: bill.version,
      totalAmount: bill.total,
      splits: [{ id: 'card-2', amount: bill.total, paymentMethod: 'google_pay' }],
    });
    const payment = ProcessPaymentAnswer.parse(reply.body).payments[0];
    expect(
      (await webhook(intentEvent('payment_intent.payment_failed', payment?.paymentIntentId ?? '', payment?.id ?? '')))
        .status,
    ).toBe(200);
    expect((await h.database.db('payments').where({ id: payment?.id }).first()).status).toBe('FAILED');
    expect(Bill.parse((await guest.get(`/api/orders/payment/${sessionId}`)).body).left).toBe(bill.total);
  });
});
