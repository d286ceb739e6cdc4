import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../messages.js';
import { isPaymentUrgent, paymentRowAction, paymentStats, paymentTransition, retryRefusal } from './payments.js';

describe('payment urgency: pending for more than 5 minutes', () => {
  const now = new Date('2025-01-01T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it.each([
    ['PENDING', 299, false],
    ['PENDING', 300, false],
    ['PENDING', 301, true],
    ['COMPLETED', 3600, false],
    ['FAILED', 3600, false],
  ])('%s after %i s: urgent %s', (status, seconds, urgent) => {
    expect(isPaymentUrgent({ status, createdAt: ago(seconds) }, now)).toBe(urgent);
  });
});

describe('payment moves', () => {
  it('Verify sets COMPLETED from PENDING; Retry sets PROCESSING from FAILED', () => {
    expect(paymentTransition('PENDING', 'verify')).toEqual({ ok: true, to: 'COMPLETED' });
    expect(paymentTransition('FAILED', 'retry')).toEqual({ ok: true, to: 'PROCESSING' });
    expect(paymentTransition('COMPLETED', 'verify')).toEqual({
      ok: false,
      reason: 'Cannot change payment status from COMPLETED to COMPLETED',
    });
    expect(paymentTransition('PENDING', 'retry').ok).toBe(false);
  });
  it.each([
    ['PENDING', 'verify'],
    ['FAILED', 'retry'],
    ['PROCESSING', null],
    ['COMPLETED', null],
    ['REFUNDED', null],
  ] as const)('%s rows offer %s', (status, action) => expect(paymentRowAction(status)).toBe(action));

  it('stats count by status; revenue sums completed amounts exactly', () => {
    expect(
      paymentStats([
        { status: 'COMPLETED', amount: '10.10' },
        { status: 'COMPLETED', amount: '20.20' },
        { status: 'PENDING', amount: '5.00' },
        { status: 'PROCESSING', amount: '6.00' },
        { status: 'FAILED', amount: '7.00' },
      ]),
      // A retried payment (PROCESSING) waits for staff as a pending one does: the Pending card counts it.
    ).toEqual({ totalRevenueCents: 3030, pending: 2, completed: 2, failed: 1 });
  });
});

describe('retryRefusal', () => {
  const failed = { id: 'f', splitId: 'all', amount: '10.00' };
  const paid = (id: string, splitId: string, status: 'PENDING' | 'COMPLETED' | 'FAILED') => ({ id, splitId, status });

  it('lets Retry go while the share is still to pay', () => {
    expect(retryRefusal(failed, { payments: [paid('f', 'all', 'FAILED')], left: '10.00' })).toBeNull();
  });

  it('refuses once a later payment took the share (a refused card, then another card)', () => {
    const bill = { payments: [paid('f', 'all', 'FAILED'), paid('g', 'all', 'COMPLETED')], left: '0.00' };
    expect(retryRefusal(failed, bill)).toEqual({
      id: 'split_already_paid',
      message: PAYMENT_MESSAGES.splitAlreadyPaid,
    });
  });

  it('refuses a payment beyond what is left (the bill paid another way)', () => {
    const bill = { payments: [paid('f', 'all', 'FAILED'), paid('c', 'cash', 'PENDING')], left: '4.00' };
    expect(retryRefusal(failed, bill)?.id).toBe('payment_exceeds_bill');
  });
});
