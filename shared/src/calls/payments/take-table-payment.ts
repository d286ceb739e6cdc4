import { z } from 'zod';
import { type AppError, badRequest, conflict } from '../../errors.js';
import { MESSAGES, PAYMENT_MESSAGES } from '../../messages.js';
import { displayMoney, tipProblem, toCents } from '../../rules/money.js';
import { Id, LocalId } from '../../schemas/common.js';
import { PrintJob } from '../../schemas/entities.js';
import { type Bill, Payment } from '../../schemas/payment.js';
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
    /** The payment's own id, made by the client (a terminal's cash taken while the cloud was away
     * keeps the id it was shown and printed with). A new one when absent. */
    paymentId: Id.optional(),
    /** On a terminal: print the receipt on this receipt printer it drives (a cash payment opens its drawer). */
    printerId: LocalId.optional(),
  }),
  answer: z.object({ payment: Payment, sessionComplete: z.boolean(), receiptJob: PrintJob.nullable().optional() }),
  status: 201,
});

/**
 * What staff take for a bill, as either tier decides it: what is left unless an amount is given;
 * refused when nothing is left, for an amount or tip that is not money to take, or beyond what is
 * left; a tip past TIP_LIMIT is refused too.
 */
export function takenCents(
  bill: Pick<Bill, 'left' | 'total'>,
  input: { amount?: string | undefined; tipAmount: string },
): { ok: true; amountCents: number; tipCents: number } | { ok: false; error: AppError } {
  const left = toCents(bill.left);
  const amountCents = input.amount === undefined ? left : toCents(input.amount);
  const tipCents = toCents(input.tipAmount);
  if (left === 0) return { ok: false, error: conflict(PAYMENT_MESSAGES.splitAlreadyPaid, 'split_already_paid') };
  if (amountCents <= 0 || tipCents < 0) {
    return { ok: false, error: badRequest(MESSAGES.invalidField('amount', 'must be more than 0.00'), 'invalid_field') };
  }
  if (amountCents > left) {
    return {
      ok: false,
      error: conflict(
        PAYMENT_MESSAGES.paymentExceedsBill(displayMoney(amountCents), displayMoney(left)),
        'payment_exceeds_bill',
      ),
    };
  }
  const tipRefused = tipProblem(tipCents, toCents(bill.total));
  if (tipRefused) return { ok: false, error: badRequest(tipRefused, 'invalid_field') };
  return { ok: true, amountCents, tipCents };
}
