// Payments staff take at the table, decided once (spec 2 section 2.8): cash (or a card terminal's)
// for what is left on the session's bill, or the amount staff name. The cloud takes it on its own
// bill (through its venue provider); a terminal takes cash on the replica's bill while the cloud is
// away and holds it PENDING until the cloud records it under the same id. Both refuse alike.

import { takenCents } from '../calls/payments/take-table-payment.js';
import { DEFAULT_CURRENCY } from '../constants.js';
import { conflict, notFound } from '../errors.js';
import { MESSAGES, PAYMENT_MESSAGES } from '../messages.js';
import { formatCents } from '../rules/money.js';
import type { Bill, Payment } from '../schemas/payment.js';
import { Changes, type Decided } from './decision.js';

export interface TakePaymentState {
  venueId: string;
  /** The session paying and its bill; null when this tier does not know the session. */
  session: { id: string; active: boolean; tableName: string | null; bill: Bill } | null;
  /** Whether the payment id the request names is a payment already. */
  paymentTaken: boolean;
  /** The payment's id when the request names none (the caller makes it). */
  freshPaymentId: string;
}

export interface TakePaymentInput {
  method: 'cash' | 'card';
  amount?: string | undefined;
  tipAmount: string;
  paymentId?: string | undefined;
}

/** What a payment taken at the table is: the amount and tip in cents and the payment as taken
 * (staff hold the money: COMPLETED). Refused when the session is unknown or closed, the bill has
 * nothing on it or nothing left, the amount is not money to take or more than is left, or the
 * payment's id names a payment already. */
export function decideTakePayment(
  state: TakePaymentState,
  input: TakePaymentInput,
  now: Date,
): Decided<Payment> & { amountCents: number; tipCents: number } {
  const { session } = state;
  if (!session) throw notFound('Order');
  if (!session.active) throw conflict(MESSAGES.sessionClosed, 'session_closed');
  if (session.bill.items.length === 0) throw conflict(PAYMENT_MESSAGES.noOrdersToPay, 'nothing_to_pay');
  const taken = takenCents(session.bill, input);
  if (!taken.ok) throw taken.error;
  // A client's id names one payment: sent again under another key, it is not taken twice.
  if (input.paymentId && state.paymentTaken) throw conflict(PAYMENT_MESSAGES.splitAlreadyPaid, 'split_already_paid');
  const at = now.toISOString();
  const payment: Payment = {
    id: input.paymentId ?? state.freshPaymentId,
    venueId: state.venueId,
    orderId: session.bill.orderIds.at(-1) ?? null,
    sessionId: session.id,
    tableName: session.tableName,
    amount: formatCents(taken.amountCents),
    tipAmount: formatCents(taken.tipCents),
    currency: DEFAULT_CURRENCY,
    status: 'COMPLETED',
    paymentMethod: input.method,
    provider: 'venue',
    splitId: null,
    splitLabel: null,
    splitItems: [],
    paymentIntentId: null,
    createdAt: at,
    paidAt: at,
  };
  const decided = new Changes()
    .write({ kind: 'payment.take', payment })
    .announce({ type: 'payment.status.changed', payment })
    .answer(payment);
  return { ...decided, amountCents: taken.amountCents, tipCents: taken.tipCents };
}
