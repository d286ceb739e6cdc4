import { z } from 'zod';
import { SPLIT } from '../../constants.js';
import { boundedText, Id, Money } from '../../schemas/common.js';
import { Bill, Payment, PaymentMethod } from '../../schemas/payment.js';
import { defineCall } from '../define.js';

/** One split of the bill (spec 3 section 3's split entry). `id` is its idempotency key: a split is
 * paid once. Splits marked `paid` are ones the phone saw paid already and are not charged again. */
export const SplitEntry = z.object({
  id: z.string().trim().min(1).max(100),
  name: boundedText(100).optional(),
  amount: Money,
  items: z.array(z.string().max(100)).max(500).default([]),
  paymentMethod: PaymentMethod,
  paid: z.boolean().default(false),
});
export type SplitEntry = z.infer<typeof SplitEntry>;

/** A card for the demo provider (the embedded demo only); a real card goes to Stripe's page. */
const DemoCard = z.object({ number: z.string().trim().max(30) });

export const ProcessPaymentBody = z.object({
  sessionId: Id,
  /** The bill's version the phone priced on; a changed bill is refused, to be re-priced. */
  billVersion: z.string().min(1).max(100),
  splits: z.array(SplitEntry).min(1).max(SPLIT.maxPeople),
  tipAmount: Money.default('0.00'),
  /** The bill's total the phone saw (tip not included). */
  totalAmount: Money,
  card: DemoCard.optional(),
});

export const ProcessPaymentAnswer = z.object({
  success: z.literal(true),
  payments: z.array(Payment),
  bill: Bill,
  /** Stripe: the PaymentIntent's client secret for the page to confirm the card. */
  clientSecret: z.string().nullable(),
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
