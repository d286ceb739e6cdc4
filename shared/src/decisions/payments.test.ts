import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import type { Bill } from '../schemas/payment.js';
import { decideTakePayment, type TakePaymentState } from './payments.js';

const now = new Date('2026-11-28T21:00:00.000Z');
const VENUE = '11111111-1111-4111-8111-111111111111';
const SESSION = '22222222-2222-4222-8222-222222222222';
const ORDER = '33333333-3333-4333-8333-333333333333';
const FRESH = '44444444-4444-4444-8444-444444444444';
const NAMED = '55555555-5555-4555-8555-555555555555';

const bill = (left: string, items = 1): Bill => ({
  sessionId: SESSION,
  tableId: null,
  tableName: 'Table 4',
  version: 'v1',
  orderIds: [ORDER],
  items: Array.from({ length: items }, () => ({}) as Bill['items'][number]),
  subtotal: '40.00',
  tax: '3.50',
  taxRateBps: 875,
  serviceCharge: '0.00',
  total: '43.50',
  paid: '0.00',
  pending: '0.00',
  left,
  tips: '0.00',
  payments: [],
  complete: left === '0.00',
  currency: 'USD',
  demoPayments: false,
});

const state = (
  over: Partial<TakePaymentState> = {},
  sessionOver: Partial<NonNullable<TakePaymentState['session']>> = {},
) => ({
  venueId: VENUE,
  session: { id: SESSION, active: true, tableName: 'Table 4', bill: bill('43.50'), ...sessionOver },
  paymentTaken: false,
  freshPaymentId: FRESH,
  ...over,
});

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, id: error.id };
    throw error;
  }
  return null;
};

describe('cash taken at the table', () => {
  it('takes what is left, with the tip, as a completed payment of the last order', () => {
    const decided = decideTakePayment(state(), { method: 'cash', tipAmount: '5.00' }, now);
    expect(decided.answer).toMatchObject({
      id: FRESH,
      amount: '43.50',
      tipAmount: '5.00',
      status: 'COMPLETED',
      paymentMethod: 'cash',
      orderId: ORDER,
      sessionId: SESSION,
      tableName: 'Table 4',
    });
    expect([decided.amountCents, decided.tipCents]).toEqual([4350, 500]);
    expect(decided.writes).toEqual([{ kind: 'payment.take', payment: decided.answer }]);
  });

  it('keeps the id the client made', () => {
    const decided = decideTakePayment(
      state(),
      { method: 'cash', amount: '10.00', tipAmount: '0.00', paymentId: NAMED },
      now,
    );
    expect([decided.answer.id, decided.answer.amount]).toEqual([NAMED, '10.00']);
  });

  it.each([
    ['an unknown session', state({ session: null }), {}, 404, 'not_found'],
    ['a closed session', state({}, { active: false }), {}, 409, 'session_closed'],
    ['a bill with nothing on it', state({}, { bill: bill('0.00', 0) }), {}, 409, 'nothing_to_pay'],
    ['a bill paid already', state({}, { bill: bill('0.00') }), {}, 409, 'split_already_paid'],
    ['more than is left', state(), { amount: '50.00' }, 409, 'payment_exceeds_bill'],
    ['nothing', state(), { amount: '0.00' }, 400, 'invalid_field'],
    ['a payment id taken already', state({ paymentTaken: true }), { paymentId: NAMED }, 409, 'split_already_paid'],
  ])('refuses %s', (_, given, input, status, id) => {
    expect(refusal(() => decideTakePayment(given, { method: 'cash', tipAmount: '0.00', ...input }, now))).toEqual({
      status,
      id,
    });
  });
});
