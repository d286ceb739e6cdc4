import { z } from 'zod';
import { Id, LocalId } from '../../schemas/common.js';
import { PrintJob } from '../../schemas/entities.js';
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
  tiers: ['cloud', 'terminal'],
  body: z.object({
    sessionId: Id,
    method: z.enum(['cash', 'card']),
    amount: Amount.optional(),
    tipAmount: Amount.default('0.00'),
    /** On a terminal: print the receipt on this receipt printer it drives (a cash payment opens its drawer). */
    printerId: LocalId.optional(),
  }),
  answer: z.object({ payment: Payment, sessionComplete: z.boolean(), receiptJob: PrintJob.nullable().optional() }),
  status: 201,
});
