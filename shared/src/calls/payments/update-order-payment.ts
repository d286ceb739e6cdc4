import { z } from 'zod';
import { boundedText, Id } from '../../schemas/common.js';
import { Payment } from '../../schemas/payment.js';
import { defineCall } from '../define.js';

/** Verify Payment (COMPLETED) on a pending payment, Retry (PROCESSING) on a failed one (spec 2
 * sections 2.8 and 4). `paymentId` names which of the order's payments; else its latest one. */
export const updateOrderPayment = defineCall({
  method: 'POST',
  path: '/api/orders/:orderId/payment',
  summary: "Verifies an order's pending payment or retries its failed one",
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ orderId: Id }),
  entity: 'Order',
  body: z.object({
    status: z.enum(['COMPLETED', 'PROCESSING']),
    paymentIntentId: boundedText(200).optional(),
    paymentId: Id.optional(),
  }),
  answer: Payment,
  permission: 'MANAGE_PAYMENTS',
});
