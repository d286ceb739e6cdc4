// Payments (spec 2 sections 2.8, 4 and 9): urgency of pending payments and the two staff moves.
import { type PAYMENT_STATUSES, PAYMENT_URGENT_AFTER_MS } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { toCents } from './money.js';

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A pending payment older than 5 minutes (300000 ms) is urgent; at exactly 5 minutes it is not. */
export function isPaymentUrgent(payment: { status: string; createdAt: Date }, now: Date): boolean {
  return payment.status === 'PENDING' && now.getTime() - payment.createdAt.getTime() > PAYMENT_URGENT_AFTER_MS;
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
    if (p.status === 'PENDING') stats.pending += 1;
    else if (p.status === 'FAILED') stats.failed += 1;
    else if (p.status === 'COMPLETED') {
      stats.completed += 1;
      stats.totalRevenueCents += toCents(p.amount);
    }
  }
  return stats;
}
