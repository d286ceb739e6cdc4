// The replica's payments (migration 0017), kept whole as the cloud presents them; this terminal's
// cash the cloud has not recorded yet is marked local until the cloud's copy replaces it.
import { PAYMENTS_LISTED, Payment } from '@tablewise/shared';
import type { AnyDb, WriteDb } from '../replica.js';

const parse = (row: { payment_json: string }) => Payment.parse(JSON.parse(row.payment_json));

/** The cloud's copy of a payment: replaces whatever the replica held under its id. */
export function putPayment(db: WriteDb, payment: Payment): void {
  db.sql
    .prepare('INSERT OR REPLACE INTO payments (id, session_id, created_at, local, payment_json) VALUES (?, ?, ?, 0, ?)')
    .run(payment.id, payment.sessionId, payment.createdAt, JSON.stringify(payment));
}

/** This terminal's payment the cloud has not recorded yet; never over the cloud's copy. */
export function putLocalPayment(db: WriteDb, payment: Payment): void {
  db.sql
    .prepare('INSERT OR IGNORE INTO payments (id, session_id, created_at, local, payment_json) VALUES (?, ?, ?, 1, ?)')
    .run(payment.id, payment.sessionId, payment.createdAt, JSON.stringify(payment));
}

/** A local payment the cloud refused leaves the replica; the cloud's copy of one stays. */
export function dropLocalPayment(db: WriteDb, id: string): boolean {
  return db.sql.prepare('DELETE FROM payments WHERE id = ? AND local = 1').run(id).changes > 0;
}

export function listLocalPayments(db: AnyDb): Payment[] {
  return (db.sql.prepare('SELECT payment_json FROM payments WHERE local = 1').all() as { payment_json: string }[]).map(
    parse,
  );
}

/** The session's payments, in no particular order: billAnswer orders them. */
export function listPaymentsOfSession(db: AnyDb, sessionId: string): Payment[] {
  return (
    db.sql.prepare('SELECT payment_json FROM payments WHERE session_id = ?').all(sessionId) as {
      payment_json: string;
    }[]
  ).map(parse);
}

/** The venue's latest payments, as many as the list shows. */
export function listLatestPayments(db: AnyDb): Payment[] {
  return (
    db.sql
      .prepare('SELECT payment_json FROM payments ORDER BY created_at DESC, id DESC LIMIT ?')
      .all(PAYMENTS_LISTED) as { payment_json: string }[]
  ).map(parse);
}

export function clearPayments(db: WriteDb): void {
  db.sql.prepare('DELETE FROM payments').run();
}
