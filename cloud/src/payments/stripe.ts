// Stripe PaymentIntents through the official package: an intent per payment (our payment id as
// Stripe's idempotency key), confirmed by the payment_intent.succeeded / payment_failed webhook,
// whose signature is verified with the endpoint's secret before anything is believed.
import Stripe from 'stripe';
import type { ChargeOutcome, ChargeRequest, PaymentProvider } from './providers.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The publishable key the guest page's card form (Stripe.js) confirms the intent with. */
  publishableKey: string;
  /** Another API host (tests answer the PaymentIntents calls from a local server). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** What a verified webhook says about a payment. */
export interface StripeIntentUpdate {
  intentId: string;
  paymentId: string | null;
  status: 'COMPLETED' | 'FAILED';
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly client: Stripe;

  /** For the guest page's card form. */
  get publishableKey(): string {
    return this.settings.publishableKey;
  }

  constructor(private readonly settings: StripeSettings) {
    this.client = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      ...(settings.host ? { host: settings.host } : {}),
      ...(settings.port ? { port: settings.port } : {}),
      ...(settings.protocol ? { protocol: settings.protocol } : {}),
    });
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    try {
      const intent = await this.client.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          metadata: { ...request.metadata, paymentId: request.paymentId },
        },
        { idempotencyKey: `payment-${request.paymentId}` },
      );
      if (intent.status === 'succeeded') return { status: 'COMPLETED', intentId: intent.id };
      return { status: 'PENDING', intentId: intent.id, clientSecret: intent.client_secret };
    } catch (error) {
      const reason = error instanceof Stripe.errors.StripeError ? error.message : String(error);
      return { status: 'FAILED', reason };
    }
  }

  /** The webhook's event, if its signature is the endpoint's; null for events that move nothing. */
  verifyWebhook(rawBody: string, signature: string): StripeIntentUpdate | null {
    // Throws Stripe.errors.StripeSignatureVerificationError on a bad or stale signature.
    const event = this.client.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return null;
    const intent = event.data.object;
    return {
      intentId: intent.id,
      paymentId: intent.metadata?.paymentId ?? null,
      status: event.type === 'payment_intent.succeeded' ? 'COMPLETED' : 'FAILED',
    };
  }
}
