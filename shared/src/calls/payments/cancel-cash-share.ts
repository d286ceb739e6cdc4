import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { Bill, Payment } from '../../schemas/payment.js';
import { defineCall } from '../define.js';

/**
 * A guest's cash share still waiting for staff, taken back (issue 27): by a phone of its party or
 * by staff. It holds the bill no more (FAILED: not taken), so the party can pay another way. A
 * share nobody verifies or cancels runs out by itself after PENDING_CASH_SHARE_TTL_MS.
 */
export const cancelCashShare = defineCall({
  method: 'POST',
  path: '/api/payments/:paymentId/cancel',
  summary: "Cancels a guest's pending cash share, so the bill can be paid another way",
  audience: ['guest', 'staff'],
  tiers: ['cloud'],
  params: z.object({ paymentId: Id }),
  entity: 'Payment',
  answer: z.object({ payment: Payment, bill: Bill }),
});
