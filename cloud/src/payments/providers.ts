// Who takes the money for a payment, behind one interface (issue 11): staff at the venue (cash,
// the venue's own card terminal), the embedded demo's test cards, or Stripe PaymentIntents.
import { DEMO_TEST_CARDS, PAYMENT_MESSAGES, type PaymentMethod } from '@tablewise/shared';
import { StripeProvider, type StripeSettings } from './stripe.js';

export interface ChargeRequest {
  /** Our payment's id: the provider's idempotency key, so a retried charge is charged once. */
  paymentId: string;
  amountCents: number;
  currency: string;
  method: PaymentMethod;
  card?: { number: string } | undefined;
  metadata: Record<string, string>;
}

/** What the provider did: taken (COMPLETED), waiting for confirmation (PENDING), or refused. */
export type ChargeOutcome =
  | { status: 'COMPLETED'; intentId: string | null }
  | { status: 'PENDING'; intentId: string | null; clientSecret: string | null }
  | { status: 'FAILED'; reason: string };

export interface PaymentProvider {
  readonly name: 'venue' | 'demo' | 'stripe';
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
}

/** Cash and the venue's card terminal: staff take the money and record or verify it. */
const venueProvider: PaymentProvider = {
  name: 'venue',
  async charge() {
    return { status: 'PENDING', intentId: null, clientSecret: null };
  },
};

/** The embedded demo's card provider: the networks' public test numbers succeed, nothing else. */
const demoProvider: PaymentProvider = {
  name: 'demo',
  async charge(request) {
    const digits = (request.card?.number ?? '').replace(/[\s-]/g, '');
    if (!(DEMO_TEST_CARDS as readonly string[]).includes(digits)) {
      return { status: 'FAILED', reason: PAYMENT_MESSAGES.demoCardRefused };
    }
    return { status: 'COMPLETED', intentId: `demo_${request.paymentId}` };
  },
};

export interface PaymentSettings {
  /** Stripe, when STRIPE_SECRET_KEY is set. */
  stripe?: StripeSettings | undefined;
  /** The embedded demo: cards go to the demo provider (the page says so). Never with Stripe. */
  demo?: boolean | undefined;
}

export interface PaymentProviders {
  /** The provider for cards and wallets, or null when the venue takes none online. */
  card: PaymentProvider | null;
  stripe: StripeProvider | null;
  demo: boolean;
}

export function paymentProviders(settings: PaymentSettings | undefined): PaymentProviders {
  if (settings?.stripe && settings.demo) throw new Error('Demo payments and Stripe cannot be on together');
  if (settings?.stripe) {
    const stripe = new StripeProvider(settings.stripe);
    return { card: stripe, stripe, demo: false };
  }
  if (settings?.demo) return { card: demoProvider, stripe: null, demo: true };
  return { card: null, stripe: null, demo: false };
}

/** The provider for a guest's method: cash is the venue's; cards and wallets go online. */
export function providerFor(providers: PaymentProviders, method: PaymentMethod): PaymentProvider | null {
  return method === 'cash' ? venueProvider : providers.card;
}

/**
 * STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY from the environment;
 * STRIPE_API_BASE points the client at another Stripe API (stripe-mock, a test's server).
 */
export function stripeSettingsFrom(env: NodeJS.ProcessEnv): StripeSettings | undefined {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!webhookSecret)
    throw new Error('STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY (webhooks confirm payments)');
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY?.trim();
  if (!publishableKey)
    throw new Error("STRIPE_PUBLISHABLE_KEY must be set with STRIPE_SECRET_KEY (the guest page's card form uses it)");
  const base = env.STRIPE_API_BASE?.trim();
  if (!base) return { secretKey, webhookSecret, publishableKey };
  let api: URL;
  try {
    api = new URL(base);
  } catch {
    throw new Error(`STRIPE_API_BASE is not a URL: ${base}`);
  }
  if (api.protocol !== 'http:' && api.protocol !== 'https:') throw new Error('STRIPE_API_BASE must be http or https');
  return {
    secretKey,
    webhookSecret,
    publishableKey,
    host: api.hostname,
    port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
    protocol: api.protocol === 'https:' ? 'https' : 'http',
  };
}
