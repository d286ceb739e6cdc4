// Payments on this terminal (issue 11). The replica holds the cloud's payments (its events and
// snapshot) and the venue's service charge, so the bill and the payments list are answered here,
// as the cloud answers them (billAnswer, venuePaymentsAnswer).
//
// Cash taken while the cloud is away is priced from the replica's bill: exactly what is left, with
// the service charge and after earlier payments, refused as the cloud would refuse it. It is kept
// in the replica as a local PENDING payment and queued in the outbox with its amount and its id, so
// the cloud records that payment, once (the idempotency key), under the same id; the cloud's event
// then replaces the local copy. A refusal (the bill was paid meanwhile) drops the local copy and
// shows on the banner like any other.
import { randomUUID } from 'node:crypto';
import {
  type Bill,
  type BillFacts,
  billAnswer,
  DEFAULT_CURRENCY,
  decideTakePayment,
  PAYMENT_MESSAGES,
  type Payment,
  TAX_RATE_BASIS_POINTS,
  takeTablePayment,
} from '@tablewise/shared';
import { type AnyDb, transact, type WriteDb } from '../sqlite/replica.js';
import { getSessionWithTable } from '../sqlite/repositories/menu-orders.js';
import { demoPaymentsOf, getMeta } from '../sqlite/repositories/meta.js';
import { listOrdersOfSession } from '../sqlite/repositories/orders.js';
import { pendingOf } from '../sqlite/repositories/outbox.js';
import {
  clearPayments,
  listLocalPayments,
  listPaymentsOfSession,
  putLocalPayment,
  putPayment,
} from '../sqlite/repositories/payments.js';
import { getTable } from '../sqlite/repositories/tables.js';
import { getVenue } from '../sqlite/repositories/venue.js';
import { applyLocally } from './decided.js';

export const PAYMENT_ENTITY = 'payment';

/** What the replica knows of a session to bill it; null when it does not know the session. */
function replicaBillFacts(db: AnyDb, sessionId: string): (BillFacts & { status: string }) | null {
  const session = getSessionWithTable(db, sessionId);
  if (!session) return null;
  const venue = getVenue(db);
  return {
    sessionId,
    status: session.status,
    tableId: session.tableId,
    tableName: session.tableName,
    orders: listOrdersOfSession(db, sessionId),
    payments: listPaymentsOfSession(db, sessionId),
    serviceChargeBps: venue?.serviceChargeBps ?? 0,
    taxRateBps: venue?.taxRateBps ?? TAX_RATE_BASIS_POINTS,
    currency: venue?.currency ?? DEFAULT_CURRENCY,
    demoPayments: demoPaymentsOf(db),
  };
}

/** The session's bill from the replica; null when the replica does not know the session. */
export function replicaBill(db: AnyDb, sessionId: string): Bill | null {
  const facts = replicaBillFacts(db, sessionId);
  return facts ? billAnswer(facts) : null;
}

export interface CashTaken {
  payment: Payment;
  /** The bill as the receipt shows it: this payment taken (staff hold the money). */
  receiptBill: Bill;
}

/** Takes cash for what is left on the session's bill (or `amount`), decided as the cloud decides it
 * (decideTakePayment) on the replica's bill; throws its AppError. */
export function takeCashLocally(
  db: WriteDb,
  input: { sessionId: string; amount?: string | undefined; tipAmount: string },
  now: Date,
): CashTaken {
  return transact(db, (): CashTaken => {
    const venueId = getMeta(db).venueId;
    const facts = venueId ? replicaBillFacts(db, input.sessionId) : null;
    const decided = decideTakePayment(
      {
        venueId: venueId ?? '',
        session: facts
          ? {
              id: input.sessionId,
              active: facts.status === 'ACTIVE',
              tableName: facts.tableName,
              bill: billAnswer(facts),
            }
          : null,
        paymentTaken: false,
        freshPaymentId: randomUUID(),
      },
      { ...input, method: 'cash' },
      now,
    );
    const taken = decided.answer;
    applyLocally(
      db,
      decided,
      takeTablePayment,
      {
        body: {
          sessionId: input.sessionId,
          method: 'cash',
          amount: taken.amount,
          tipAmount: taken.tipAmount,
          paymentId: taken.id,
        },
        entityType: PAYMENT_ENTITY,
        entityId: taken.id,
      },
      now,
    );
    // The receipt shows it taken (staff hold the money); the replica holds it PENDING.
    const receiptBill = billAnswer({ ...(facts as BillFacts), payments: [...(facts as BillFacts).payments, taken] });
    return { payment: { ...taken, status: 'PENDING', paidAt: null }, receiptBill };
  });
}

/** The snapshot's payments in place of the replica's, with this terminal's cash still waiting for
 * the cloud kept on top (the cloud's copy wins once it has one). */
export function replacePayments(db: WriteDb, payments: readonly Payment[]): void {
  transact(db, () => {
    const waiting = new Set(pendingOf(db, PAYMENT_ENTITY).map((e) => e.entityId));
    const local = listLocalPayments(db).filter((p) => waiting.has(p.id));
    clearPayments(db);
    for (const p of payments) putPayment(db, p);
    for (const p of local) putLocalPayment(db, p);
  });
}

/** The cloud's copies of payments, read again after it refused cash taken here. */
export function restorePayments(db: WriteDb, payments: readonly Payment[]): void {
  transact(db, () => {
    for (const p of payments) putPayment(db, p);
  });
}

/** What a queued payment was about, as staff call it: "Cash payment for Table 4". */
export function paymentChangeSubject(db: AnyDb, entry: { body: unknown }): string | null {
  // Which table paid: the queued call's session's.
  const body = takeTablePayment.body.safeParse(entry.body);
  const session = body.success ? getSessionWithTable(db, body.data.sessionId) : null;
  const table = session?.tableId ? getTable(db, session.tableId) : null;
  return table ? PAYMENT_MESSAGES.cashPaymentSubject(table.number) : null;
}
