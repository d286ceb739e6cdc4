// Cash taken on this terminal while the cloud is away (issue 11): the payment goes into the outbox
// and reaches the cloud once when it returns (its idempotency key), which records it against what
// is then left on the bill. Checked first against what is waiting here: one cash payment per
// session at a time. The cloud decides in the end; a refusal (the bill was paid meanwhile) shows
// on the banner like any other.
import { randomUUID } from 'node:crypto';
import { DEFAULT_CURRENCY, PAYMENT_MESSAGES, type Payment, takeTablePayment } from '@tablewise/shared';
import { type AnyDb, transact, type WriteDb } from '../sqlite/replica.js';
import { appendOutbox, pendingOf } from '../sqlite/repositories/outbox.js';
import { getTable } from '../sqlite/repositories/venue-data.js';

export const PAYMENT_ENTITY = 'payment';

interface QueuedCash {
  sessionId: string;
  method: 'cash';
  tipAmount: string;
  /** For the banner: which table paid. */
  tableId: string | null;
}

export type CashResult = { ok: true; payment: Payment } | { ok: false; status: 409; message: string };

export function takeCashLocally(
  db: WriteDb,
  input: {
    venueId: string;
    sessionId: string;
    tableId: string | null;
    tableName: string | null;
    orderId: string | null;
    amount: string;
    tipAmount: string;
  },
  now: Date,
): CashResult {
  return transact(db, (): CashResult => {
    const waiting = pendingOf(db, PAYMENT_ENTITY).some((e) => (e.body as QueuedCash).sessionId === input.sessionId);
    if (waiting) return { ok: false, status: 409, message: PAYMENT_MESSAGES.splitAlreadyPaid };
    const id = randomUUID();
    const createdAt = now.toISOString();
    // The cloud takes what is left when the payment reaches it; the body names no amount.
    const body = { sessionId: input.sessionId, method: 'cash', tipAmount: input.tipAmount };
    appendOutbox(db, {
      idempotencyKey: randomUUID(),
      method: takeTablePayment.method,
      path: takeTablePayment.path,
      body: { ...body, tableId: input.tableId },
      entityType: PAYMENT_ENTITY,
      entityId: id,
      createdAt,
    });
    return {
      ok: true,
      payment: {
        id,
        venueId: input.venueId,
        orderId: input.orderId,
        sessionId: input.sessionId,
        tableName: input.tableName,
        amount: input.amount,
        tipAmount: input.tipAmount,
        currency: DEFAULT_CURRENCY,
        // Taken here, recorded by the cloud when it is back.
        status: 'PENDING',
        paymentMethod: 'cash',
        provider: 'venue',
        splitId: null,
        splitLabel: null,
        splitItems: [],
        paymentIntentId: null,
        createdAt,
        paidAt: null,
      },
    };
  });
}

/** What a queued payment was about, as staff call it: "Cash payment for Table 4". */
export function paymentChangeSubject(db: AnyDb, entry: { body: unknown }): string | null {
  const body = entry.body as Partial<QueuedCash> | null;
  const table = body?.tableId ? getTable(db, body.tableId) : null;
  return table ? PAYMENT_MESSAGES.cashPaymentSubject(table.number) : null;
}
