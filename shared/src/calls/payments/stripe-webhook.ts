import { z } from 'zod';
import { defineCall } from '../define.js';

/** Stripe's webhook (issue 11): the raw body, believed only when its Stripe-Signature verifies. */
export const stripeWebhook = defineCall({
  method: 'POST',
  path: '/api/payments/stripe/webhook',
  summary: 'Stripe confirms or fails a PaymentIntent; the signature is verified before anything moves',
  audience: ['public'],
  tiers: ['cloud'],
  body: z.string().max(1_048_576),
  answer: z.object({ received: z.literal(true) }),
});
