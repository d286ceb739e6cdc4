// Payments in the replica (issue 11): the bill built from it as the cloud builds it (service charge,
// earlier payments), cash taken for exactly what is left and refused as the cloud refuses it, and
// the cloud's copy of that cash replacing the local one, also across a new snapshot.
import { randomUUID } from 'node:crypto';
import { AppError, type DiningSession, PAYMENT_MESSAGES, type Payment } from '@tablewise/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { openReplica } from '../sqlite/replica.js';
import { setIdentity } from '../sqlite/repositories/meta.js';
import { pendingOf } from '../sqlite/repositories/outbox.js';
import { listLatestPayments } from '../sqlite/repositories/payments.js';
import { applyEvent, applySnapshot } from '../sync/apply.js';
import { item, order, snapshot, table, tempDir, VENUE } from '../test/fixtures.js';
import { PAYMENT_ENTITY, paymentChangeSubject, replicaBill, takeCashLocally } from './payments.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});
const now = () => new Date('2026-06-14T19:30:00.000Z');

function replica() {
  const t = tempDir();
  const r = openReplica(`${t.dir}/replica.sqlite`);
  cleanups.push(
    () => t.remove(),
    () => r.close(),
  );
  setIdentity(r.write, randomUUID(), VENUE.id);
  return r;
}

const t7 = table();
const sessionId = randomUUID();
const session: DiningSession = {
  id: sessionId,
  venueId: VENUE.id,
  tableId: t7.id,
  partySize: 2,
  guestName: null,
  status: 'ACTIVE',
  startedAt: '2026-06-14T18:50:00.000Z',
  closedAt: null,
};
// 2 x 14.50 = 29.00; tax 2.54 (8.75 %, half up); service 10 % = 2.90; total 34.44.
const burgers = order(t7.id, (id) => [item(id, { quantity: 2, totalPrice: '29.00' })], { sessionId });

function payment(overrides: Partial<Payment>): Payment {
  return {
    id: randomUUID(),
    venueId: VENUE.id,
    orderId: burgers.id,
    sessionId,
    tableName: t7.name,
    amount: '20.00',
    tipAmount: '0.00',
    currency: 'USD',
    status: 'COMPLETED',
    paymentMethod: 'card',
    provider: 'venue',
    splitId: null,
    splitLabel: null,
    splitItems: [],
    paymentIntentId: null,
    createdAt: '2026-06-14T19:20:00.000Z',
    paidAt: '2026-06-14T19:20:00.000Z',
    ...overrides,
  };
}

function seeded(payments: Payment[] = [payment({})]) {
  const r = replica();
  applySnapshot(
    r.write,
    snapshot({
      seq: 5,
      venue: { ...VENUE, serviceChargeBps: 1000 },
      tables: [t7],
      sessions: [session],
      orders: [burgers],
      payments,
      demoPayments: true,
    }),
    now(),
  );
  return r;
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, id: error.id, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};

describe('the bill and cash from the replica', () => {
  it('bills the service charge and the earlier payment, as the snapshot gave them', () => {
    const r = seeded();
    expect(replicaBill(r.read, sessionId)).toMatchObject({
      tableName: t7.name,
      subtotal: '29.00',
      tax: '2.54',
      serviceCharge: '2.90',
      total: '34.44',
      paid: '20.00',
      left: '14.44',
      complete: false,
      demoPayments: true,
    });
    expect(replicaBill(r.read, randomUUID())).toBeNull();
  });

  it('takes exactly what is left, PENDING in the list, queued with its amount and id; a second is refused', () => {
    const r = seeded();
    const { payment: cash, receiptBill } = takeCashLocally(r.write, { sessionId, tipAmount: '2.00' }, now());
    expect(cash).toMatchObject({ amount: '14.44', tipAmount: '2.00', status: 'PENDING', tableName: t7.name });
    // The receipt: the money is in hand, the bill is paid.
    expect(receiptBill).toMatchObject({ paid: '34.44', left: '0.00', tips: '2.00', complete: true });
    expect(replicaBill(r.read, sessionId)).toMatchObject({ paid: '20.00', pending: '14.44', left: '0.00' });
    expect(listLatestPayments(r.read).map((p) => [p.id, p.status])).toEqual([
      [cash.id, 'PENDING'],
      [expect.any(String), 'COMPLETED'],
    ]);
    const [queued] = pendingOf(r.read, PAYMENT_ENTITY);
    expect(queued?.entityId).toBe(cash.id);
    expect(queued?.body).toEqual({
      sessionId,
      method: 'cash',
      amount: '14.44',
      tipAmount: '2.00',
      paymentId: cash.id,
    });
    // The banner names the table from the queued call's session.
    expect(paymentChangeSubject(r.read, queued as { body: unknown })).toBe(
      PAYMENT_MESSAGES.cashPaymentSubject(t7.number),
    );
    expect(refusal(() => takeCashLocally(r.write, { sessionId, tipAmount: '0.00' }, now()))).toEqual({
      status: 409,
      id: 'split_already_paid',
      message: PAYMENT_MESSAGES.splitAlreadyPaid,
    });
    expect(pendingOf(r.read, PAYMENT_ENTITY)).toHaveLength(1);
  });

  it('refuses more than is left, nothing at all, and a session it does not know, changing nothing', () => {
    const r = seeded();
    expect(refusal(() => takeCashLocally(r.write, { sessionId, amount: '14.45', tipAmount: '0.00' }, now()))).toEqual({
      status: 409,
      id: 'payment_exceeds_bill',
      message: PAYMENT_MESSAGES.paymentExceedsBill('$14.45', '$14.44'),
    });
    expect(
      refusal(() => takeCashLocally(r.write, { sessionId, amount: '0.00', tipAmount: '0.00' }, now())),
    ).toMatchObject({ status: 400, id: 'invalid_field' });
    expect(
      refusal(() => takeCashLocally(r.write, { sessionId: randomUUID(), tipAmount: '0.00' }, now())),
    ).toMatchObject({ status: 404 });
    expect(pendingOf(r.read, PAYMENT_ENTITY)).toEqual([]);
    expect(listLatestPayments(r.read)).toHaveLength(1);
  });

  it("puts the cloud's copy in place of the local one, and keeps a waiting one across a new snapshot", () => {
    const r = seeded();
    const { payment: cash } = takeCashLocally(r.write, { sessionId, amount: '4.44', tipAmount: '0.00' }, now());
    // A resync while the cash still waits: the local copy stays on top of the snapshot's payments.
    applySnapshot(
      r.write,
      snapshot({
        seq: 8,
        venue: { ...VENUE, serviceChargeBps: 1000 },
        tables: [t7],
        sessions: [session],
        orders: [burgers],
        payments: [payment({})],
      }),
      now(),
    );
    expect(replicaBill(r.read, sessionId)).toMatchObject({ pending: '4.44', left: '10.00' });
    const recorded = { ...cash, status: 'COMPLETED' as const, paidAt: '2026-06-14T19:31:00.000Z' };
    const event = {
      seq: 9,
      venueId: VENUE.id,
      at: now().toISOString(),
      type: 'payment.status.changed',
      payment: recorded,
    };
    expect(applyEvent(r.write, event, now()).kind).toBe('applied');
    expect(replicaBill(r.read, sessionId)).toMatchObject({ paid: '24.44', pending: '0.00', left: '10.00' });
    expect(listLatestPayments(r.read).filter((p) => p.id === cash.id)).toEqual([recorded]);
  });
});
