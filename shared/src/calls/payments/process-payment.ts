import { z } from 'zod';
import { SPLIT } from '../../constants.js';
import { boundedText, Id, Money, moneyIn } from '../../schemas/common.js';
import { Bill, Payment, PaymentMethod } from '../../schemas/payment.js';
import { defineCall } from '../define.js';

/** An amount a payment names, as text or a JSON number: at most 9,999,999,999.99, so it is exact in cents. */
export const Amount = moneyIn(Money.max(13, { error: 'must be at most 9999999999.99' }));

/** One split of the bill (spec 3 section 3's split entry). `id` is its idempotency key: a split is
 * paid once. A split marked `paid` is skipped only when a payment of the bill holds its id; else it
 * is charged like any other (the client's word is not a payment). */
const SplitEntry = z.object({
  id: boundedText(100).min(1),
  name: boundedText(100).optional(),
  amount: Amount,
  items: z.array(boundedText(100)).max(500).default([]),
  paymentMethod: PaymentMethod,
  paid: z.boolean().default(false),
});

/** A card for the demo provider (the embedded demo only); a real card goes to Stripe's page. */
const DemoCard = z.object({ number: boundedText(30) });

export const ProcessPaymentBody = z.object({
  sessionId: Id,
  /** The bill's version the phone priced on, when it knows it (our guest site does; the spec's
   * client sends only totalAmount): a changed bill is refused, to be re-priced. */
  billVersion: boundedText(100).min(1).optional(),
  splits: z.array(SplitEntry).min(1).max(SPLIT.maxPeople),
  tipAmount: Amount.default('0.00'),
  /** The bill's total the phone saw (tip not included), checked against the bill as it is now. */
  totalAmount: Amount,
  card: DemoCard.optional(),
});

export const ProcessPaymentAnswer = z.object({
  success: z.literal(true),
  payments: z.array(Payment),
  bill: Bill,
  /** Stripe: the PaymentIntent's client secret for the page to confirm the card. */
  clientSecret: z.string().nullable(),
  /** Stripe: the publishable key the page's card form (Stripe.js) confirms the intent with. */
  publishableKey: z.string().nullable().default(null),
  redirectUrl: z.string().nullable(),
});
export type ProcessPaymentAnswer = z.infer<typeof ProcessPaymentAnswer>;

export const processPayment = defineCall({
  method: 'POST',
  path: '/api/payments/process',
  summary: 'Pays one or more splits of a bill; never twice (idempotent per split, serialized per bill)',
  audience: ['guest', 'staff'],
  tiers: ['cloud'],
  body: ProcessPaymentBody,
  answer: ProcessPaymentAnswer,
});
