import { z } from 'zod';
import { Id, Money } from '../../schemas/common.js';
import { Payment } from '../../schemas/payment.js';
import { defineCall } from '../define.js';

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
    amount: Money.optional(),
    tipAmount: Money.default('0.00'),
  }),
  answer: z.object({ payment: Payment, sessionComplete: z.boolean() }),
  status: 201,
});
