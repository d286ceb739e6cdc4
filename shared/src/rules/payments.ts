// Payments (spec 2 sections 2.8, 4 and 9): urgency of pending payments and the two staff moves.
import { type PAYMENT_STATUSES, PAYMENT_URGENT_AFTER_MS } from '../constants.js';
import type { ErrorId } from '../errors.js';
import { MESSAGES, PAYMENT_MESSAGES } from '../messages.js';
import type { Bill, Payment } from '../schemas/payment.js';
import { heldShares } from './bill-shares.js';
import { displayMoney, toCents } from './money.js';

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A pending payment older than 5 minutes (300000 ms) is urgent; at exactly 5 minutes it is not. */
export function isPaymentUrgent(payment: { status: string; createdAt: Date }, now: Date): boolean {
  return payment.status === 'PENDING' && now.getTime() - payment.createdAt.getTime() > PAYMENT_URGENT_AFTER_MS;
}

/**
 * A payment waiting for staff: a guest's cash (or a card) still PENDING, or a retried one
 * (PROCESSING) staff verify once they see it taken. The one rule for what the payments screen's
 * Pending tab lists and counts, and what the dashboard's Payments Pending and alerts count.
 */
export function isWaitingForStaff(payment: { status: string }): boolean {
  return payment.status === 'PENDING' || payment.status === 'PROCESSING';
}

export type PaymentAction = 'verify' | 'retry';

/** Verify Payment on a pending row sets COMPLETED; Retry on a failed one sets PROCESSING. */
export function paymentTransition(
  status: PaymentStatus,
  action: PaymentAction,
): { ok: true; to: PaymentStatus } | { ok: false; reason: string } {
  switch (action) {
    case 'verify':
      return status === 'PENDING'
        ? { ok: true, to: 'COMPLETED' }
        : { ok: false, reason: MESSAGES.paymentTransitionRefused(status, 'COMPLETED') };
    case 'retry':
      return status === 'FAILED'
        ? { ok: true, to: 'PROCESSING' }
        : { ok: false, reason: MESSAGES.paymentTransitionRefused(status, 'PROCESSING') };
    default: {
      const never: never = action;
      throw new Error(`Unknown payment action ${String(never)}`);
    }
  }
}

/**
 * Why Retry cannot take a failed payment again, judged on its session's bill: its share was paid
 * (or waits for staff) by a later payment, as when a guest's card is refused and the next one is
 * taken, or the bill has less left than the payment. Null when Retry may go. The cloud refuses
 * Retry by it, and the payments screen does not offer Retry on such a row and says why instead.
 */
export function retryRefusal(
  payment: Pick<Payment, 'id' | 'splitId' | 'amount'>,
  bill: { payments: readonly Pick<Payment, 'id' | 'splitId' | 'status'>[]; left: Bill['left'] },
): { id: Extract<ErrorId, 'split_already_paid' | 'payment_exceeds_bill'>; message: string } | null {
  const holder = payment.splitId === null ? undefined : heldShares(bill.payments).get(payment.splitId);
  if (holder && holder.id !== payment.id)
    return { id: 'split_already_paid', message: PAYMENT_MESSAGES.splitAlreadyPaid };
  const left = toCents(bill.left);
  if (toCents(payment.amount) > left) {
    return {
      id: 'payment_exceeds_bill',
      message: PAYMENT_MESSAGES.paymentExceedsBill(displayMoney(toCents(payment.amount)), displayMoney(left)),
    };
  }
  return null;
}

/** The row action the payments screen offers for a status. */
export function paymentRowAction(status: PaymentStatus): PaymentAction | null {
  switch (status) {
    case 'PENDING':
      return 'verify';
    case 'FAILED':
      return 'retry';
    case 'PROCESSING':
    case 'COMPLETED':
    case 'REFUNDED':
      return null;
    default: {
      const never: never = status;
      throw new Error(`Unknown payment status ${String(never)}`);
    }
  }
}

export interface PaymentStats {
  totalRevenueCents: number;
  pending: number;
  completed: number;
  failed: number;
}

/** The stat cards: revenue is the sum of completed payments, in cents. */
export function paymentStats(payments: readonly { status: string; amount: string }[]): PaymentStats {
  const stats: PaymentStats = { totalRevenueCents: 0, pending: 0, completed: 0, failed: 0 };
  for (const p of payments) {
    if (isWaitingForStaff(p)) stats.pending += 1;
    else if (p.status === 'FAILED') stats.failed += 1;
    else if (p.status === 'COMPLETED') {
      stats.completed += 1;
      stats.totalRevenueCents += toCents(p.amount);
    }
  }
  return stats;
}
