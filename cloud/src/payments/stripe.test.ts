// The Stripe adapter against a local HTTP server answering the PaymentIntents calls it makes, and
// its webhook signed with the library's own test helper. What needs a live key (Stripe's real
// answers, 3-D Secure, the card form) is not tried here.
import { Bill, PAYMENT_MESSAGES, ProcessPaymentAnswer } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, checkInGuest, type Harness, loginAs, startHarness } from '../testkit/harness.js';
import { intentEvent, type LocalStripeApi, postSignedWebhook, startStripeApi } from '../testkit/stripe-api.js';
import { stripeSettingsFrom } from './providers.js';

const WEBHOOK_SECRET = 'whsec_test_secret';

let api: LocalStripeApi;
let h: Harness;
let staff: Client;

beforeAll(async () => {
  api = await startStripeApi();
  h = await startHarness({
    payments: {
      stripe: {
        secretKey: 'sk_test_local',
        webhookSecret: WEBHOOK_SECRET,
        publishableKey: 'pk_test_local',
        host: '127.0.0.1',
        port: api.port,
        protocol: 'http',
      },
    },
  });
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
});
afterAll(async () => {
  await h?.close();
  await api?.close();
});

const webhook = (event: object, secret = WEBHOOK_SECRET) => postSignedWebhook(h.cloud.url, event, secret);

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
    // The page's card form confirms it with Stripe.js and the publishable key.
    expect(answer.publishableKey).toBe('pk_test_local');
    // 7.00 + 0.61 tax + 1.00 tip, in cents; our payment id rides along.
    expect(api.seen[0]?.form.get('amount')).toBe('861');
    expect(api.seen[0]?.form.get('currency')).toBe('usd');
    expect(api.seen[0]?.form.get('metadata[paymentId]')).toBe(payment?.id);
    expect(api.seen[0]?.idempotencyKey).toBe(`payment-${payment?.id}`);
    expect(api.seen[0]?.auth).toBe('Bearer sk_test_local');
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

describe('Stripe settings from the environment', () => {
  const keys = {
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  };

  it('needs the webhook secret and the publishable key with the secret key, naming what is missing', () => {
    expect(stripeSettingsFrom({})).toBeUndefined();
    expect(() => stripeSettingsFrom({ ...keys, STRIPE_WEBHOOK_SECRET: '' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => stripeSettingsFrom({ ...keys, STRIPE_PUBLISHABLE_KEY: ' ' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(stripeSettingsFrom(keys)).toEqual({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      publishableKey: 'pk_test_x',
    });
  });

  it('points the client at STRIPE_API_BASE when given, refusing one that is not an http address', () => {
    expect(stripeSettingsFrom({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toMatchObject({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(() => stripeSettingsFrom({ ...keys, STRIPE_API_BASE: 'not a url' })).toThrow(/STRIPE_API_BASE/);
    expect(() => stripeSettingsFrom({ ...keys, STRIPE_API_BASE: 'ftp://x' })).toThrow(/STRIPE_API_BASE/);
  });
});
