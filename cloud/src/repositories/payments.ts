// Payments on dining sessions' bills (issue 11). Every read joins the session's table name.
import { DEFAULT_CURRENCY, PAYMENTS_LISTED, TAX_RATE_BASIS_POINTS } from '@tablewise/shared';
import type { Queryable } from '../context.js';

export interface PaymentRow {
  id: string;
  org_id: string;
  venue_id: string;
  order_id: string | null;
  session_id: string | null;
  amount: string;
  tip_amount: string;
  currency: string;
  status: string;
  payment_method: string | null;
  provider: string;
  stripe_payment_intent_id: string | null;
  split_id: string | null;
  split_label: string | null;
  split_items_json: unknown;
  bill_version: string | null;
  paid_at: Date | null;
  created_at: Date;
  /** Joined from the session's table. */
  table_name: string | null;
}

export type NewPayment = Omit<PaymentRow, 'table_name' | 'split_items_json'> & { split_items_json: string[] };

function withTable(q: Queryable) {
  return q<PaymentRow>('payments as p')
    .leftJoin('sessions as s', 's.id', 'p.session_id')
    .leftJoin('tables as t', 't.id', 's.table_id')
    .select('p.*', 't.name as table_name');
}

export async function insertPayment(q: Queryable, row: NewPayment): Promise<void> {
  await q('payments').insert({
    ...row,
    split_items_json: JSON.stringify(row.split_items_json),
    updated_at: row.created_at,
  });
}

export async function findPayment(q: Queryable, id: string): Promise<PaymentRow | undefined> {
  return withTable(q).where({ 'p.id': id }).first();
}

export async function findPaymentByIntent(q: Queryable, intentId: string): Promise<PaymentRow | undefined> {
  return withTable(q).where({ 'p.stripe_payment_intent_id': intentId }).first();
}

/** The session's payments, oldest first. */
export async function listPaymentsOfSession(q: Queryable, sessionId: string): Promise<PaymentRow[]> {
  return withTable(q)
    .where({ 'p.session_id': sessionId })
    .orderBy([{ column: 'p.created_at' }, { column: 'p.id' }]);
}

/** The venue's payments, newest first. */
export async function listPaymentsOfVenue(
  q: Queryable,
  venueId: string,
  limit = PAYMENTS_LISTED,
): Promise<PaymentRow[]> {
  return withTable(q)
    .where({ 'p.venue_id': venueId })
    .orderBy([
      { column: 'p.created_at', order: 'desc' },
      { column: 'p.id', order: 'desc' },
    ])
    .limit(limit);
}

/** The payments of the venue's sessions still at their tables (for a terminal's replica). */
export async function listPaymentsOfActiveSessions(q: Queryable, venueId: string): Promise<PaymentRow[]> {
  return withTable(q)
    .where({ 'p.venue_id': venueId, 's.status': 'ACTIVE' })
    .orderBy([{ column: 'p.created_at' }, { column: 'p.id' }]);
}

/** The order's latest payment in one of `statuses`, locked for the rest of the transaction. */
export async function lockLatestPaymentOfOrder(
  q: Queryable,
  orderId: string,
  statuses: readonly string[],
  paymentId?: string,
): Promise<PaymentRow | undefined> {
  const row = await q<PaymentRow>('payments')
    .where({ order_id: orderId, ...(paymentId ? { id: paymentId } : {}) })
    .whereIn('status', [...statuses])
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .forUpdate()
    .first();
  return row ? findPayment(q, row.id) : undefined;
}

export async function setPaymentStatus(
  q: Queryable,
  id: string,
  change: { status: string; at: Date; intentId?: string | undefined },
): Promise<void> {
  await q('payments')
    .where({ id })
    .update({
      status: change.status,
      updated_at: change.at,
      ...(change.status === 'COMPLETED' ? { paid_at: change.at } : {}),
      ...(change.intentId ? { stripe_payment_intent_id: change.intentId } : {}),
    });
}

/** What a venue's bills are priced with: its service charge, tax rate and currency (issue 24). */
export async function billSettingsOf(
  q: Queryable,
  venueId: string,
): Promise<{ serviceChargeBps: number; taxRateBps: number; currency: string; qaVenue: boolean }> {
  const row:
    | { service_charge_bps: number; tax_rate_bps: number; currency: string; flags_json: Record<string, unknown> | null }
    | undefined = await q('venues')
    .where({ id: venueId })
    .first('service_charge_bps', 'tax_rate_bps', 'currency', 'flags_json');
  return {
    serviceChargeBps: row?.service_charge_bps ?? 0,
    taxRateBps: row?.tax_rate_bps ?? TAX_RATE_BASIS_POINTS,
    currency: row?.currency ?? DEFAULT_CURRENCY,
    // The QA dashboard's venue (issue 26) takes payments through the demo provider only.
    qaVenue: row?.flags_json?.qa === true,
  };
}

/** Whether any order of the session was rushed (priority high or urgent). */
export async function sessionHasRushOrder(q: Queryable, sessionId: string): Promise<boolean> {
  const row = await q('orders').where({ session_id: sessionId }).whereIn('priority', ['high', 'urgent']).first('id');
  return Boolean(row);
}

export async function closeSession(q: Queryable, id: string, at: Date): Promise<void> {
  await q('sessions').where({ id }).update({ status: 'CLOSED', closed_at: at });
}

/**
 * Guests' cash shares still PENDING that were made before `before`, at most `limit`, locked and
 * skipped by another instance's pass that holds them: each is expired once.
 */
export async function lockStalePendingCash(q: Queryable, before: Date, limit: number): Promise<string[]> {
  const rows = await q('payments')
    .select('id')
    .where({ status: 'PENDING', payment_method: 'cash', provider: 'venue' })
    .whereNotNull('session_id')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  return rows.map((r: { id: string }) => r.id);
}
