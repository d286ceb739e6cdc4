// A guest paying a share by card through Stripe, as a venue with Stripe keys runs it: the cloud
// creates the PaymentIntent (on a local server answering Stripe's PaymentIntents calls, through
// STRIPE_API_BASE), the page's card form confirms it with Stripe.js, and the signed webhook turns
// the share paid on every phone live. Stripe.js itself cannot be loaded here (no network): the
// page is given a stand-in at js.stripe.com that implements the calls the form makes (elements,
// create, mount, confirmPayment) and refuses a declined test number as Stripe.js does. What this
// cannot show: Stripe's real Payment Element, 3-D Secure, wallets.
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  intentEvent,
  type LocalStripeApi,
  postSignedWebhook,
  startStripeApi,
} from '../cloud/src/testkit/stripe-api.js';
import { type DemoCloud, startDemoCloud } from './support/demo-cloud.js';
import { phoneAt, seatedParty } from './support/guest-party.js';

const SHOTS_DIR = process.env.SHOTS_DIR;
const WEBHOOK_SECRET = 'whsec_e2e_card';
const PUBLISHABLE_KEY = 'pk_test_e2e_card';

test.describe.configure({ mode: 'serial' });

let api: LocalStripeApi | undefined;
let stack: DemoCloud | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  api = await startStripeApi();
  const base = api.url;
  stack = await startDemoCloud('stripe', () => ({
    STRIPE_SECRET_KEY: 'sk_test_e2e_card',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_API_BASE: base,
  }));
});

test.afterAll(async () => {
  await stack?.close();
  await api?.close();
});

/** The stand-in for Stripe.js: what it was asked is kept on window.__stripe for the test to read. */
const FAKE_STRIPE_JS = `
window.__stripe = { keys: [], secrets: [], confirmed: [] };
window.Stripe = function (key) {
  window.__stripe.keys.push(key);
  return {
    elements: function (options) {
      window.__stripe.secrets.push(options.clientSecret);
      return {
        create: function () {
          var input;
          return {
            mount: function (host) {
              input = document.createElement('input');
              input.setAttribute('data-testid', 'stripe-card-number');
              input.setAttribute('aria-label', 'Card number');
              host.appendChild(input);
            },
            destroy: function () { if (input) input.remove(); },
            on: function () {},
          };
        },
      };
    },
    confirmPayment: function (args) {
      var number = document.querySelector('[data-testid="stripe-card-number"]').value.replace(/ /g, '');
      if (number === '4000000000000002') return Promise.resolve({ error: { type: 'card_error', message: 'Your card was declined.' } });
      window.__stripe.confirmed.push(args.redirect);
      return Promise.resolve({ paymentIntent: { status: 'processing' } });
    },
  };
};`;

async function withStripeStandIn(page: Page): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
  );
}

test('a card share is confirmed in the card form and turns paid on every phone when Stripe says so', async ({
  browser,
}) => {
  const cloud = stack as DemoCloud;
  const stripeApi = api as LocalStripeApi;
  const party = await seatedParty(cloud, '5');
  const phones = [
    await phoneAt(browser, cloud, party, { width: 390, height: 844 }),
    await phoneAt(browser, cloud, party, { width: 1280, height: 800 }),
  ];
  const [payer, other] = phones.map((p) => p.page) as [Page, Page];
  await withStripeStandIn(payer);
  // Not the demo: no demo label, no card number on the page itself.
  await expect(payer.getByTestId('demo-payments')).toHaveCount(0);

  await payer.getByTestId('method-card').click();
  await payer.getByTestId('tip-18').click();
  await payer.getByTestId('share').nth(0).getByTestId('pay-share').click();
  const form = payer.getByTestId('card-form');
  await expect(form).toHaveAttribute('data-state', 'ready');
  // The intent was created for this share and the form confirms that intent with the venue's key.
  expect(stripeApi.seen.filter((c) => c.path === '/v1/payment_intents')).toHaveLength(1);
  const secrets = (await payer.evaluate('window.__stripe')) as { keys: string[]; secrets: string[] };
  expect(secrets.keys).toEqual([PUBLISHABLE_KEY]);
  expect(secrets.secrets).toEqual(['pi_test_1_secret_abc']);
  await expect(payer.getByTestId('share').nth(0)).toHaveAttribute('data-paid', 'true');
  if (SHOTS_DIR) await payer.screenshot({ path: join(SHOTS_DIR, 'stripe-card-form-390.png'), fullPage: true });

  // A declined card: the spec's toast with the bank's words, and the same form takes another card.
  await payer.getByTestId('stripe-card-number').fill('4000 0000 0000 0002');
  await payer.getByTestId('card-confirm').click();
  await expect(payer.getByTestId('card-form-error')).toHaveText('Your card was declined.');
  await expect(payer.getByText('Payment Failed')).toBeVisible();
  await payer.getByTestId('stripe-card-number').fill('4242 4242 4242 4242');
  await payer.getByTestId('card-confirm').click();
  await expect(payer.getByTestId('card-awaiting')).toBeVisible();
  // Still pending until Stripe's webhook says the intent succeeded.
  await expect(other.getByTestId('bill-pending')).toBeVisible();

  const payment = (
    await cloud.db.query("SELECT id, status FROM payments WHERE session_id = $1 AND provider = 'stripe'", [
      party.sessionId,
    ])
  ).rows as Array<{ id: string; status: string }>;
  expect(payment).toHaveLength(1);
  expect(payment[0]?.status).toBe('PENDING');
  const hook = await postSignedWebhook(
    cloud.url,
    intentEvent('payment_intent.succeeded', 'pi_test_1', payment[0]?.id ?? ''),
    WEBHOOK_SECRET,
  );
  expect(hook.status).toBe(200);
  // Both phones see the bill paid, live; one payment, charged once.
  await expect(other.getByTestId('bill-paid')).toBeVisible();
  await expect(payer.getByTestId('bill-paid')).toBeVisible();
  if (SHOTS_DIR) await other.screenshot({ path: join(SHOTS_DIR, 'stripe-card-paid-1280.png'), fullPage: true });
  const after = await cloud.db.query('SELECT status FROM payments WHERE session_id = $1', [party.sessionId]);
  expect(after.rows).toEqual([{ status: 'COMPLETED' }]);
  for (const p of phones) await p.context.close();
});
