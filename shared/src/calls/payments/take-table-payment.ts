import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { Payment } from '../../schemas/payment.js';
import { defineCall } from '../define.js';
import { Amount } from './process-payment.js';

/** Staff take a cash or card-terminal payment for a table's session (spec 2 section 2.8): what is
 * left unless an amount is given. A cash payment opens the receipt printer's drawer. */
export const takeTablePayment = defineCall({
  method: 'POST',
  path: '/api/payments/take',
  summary: 'Records a cash or card-terminal payment staff took for a dining session',
  audience: ['staff', 'terminal'],
  tiers: ['cloud'],
  body: z.object({
    sessionId: Id,
    method: z.enum(['cash', 'card']),
    amount: Amount.optional(),
    tipAmount: Amount.default('0.00'),
  }),
  answer: z.object({ payment: Payment, sessionComplete: z.boolean() }),
  status: 201,
});
