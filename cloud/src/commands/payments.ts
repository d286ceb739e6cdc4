// Paying a session's bill (issue 11). Every payment on a bill runs with the session's row locked:
// two phones paying at once take turns, and each sees what the other paid. A payment names the
// bill version it was priced on; a split (its id) holds the bill once; nothing is ever charged
// beyond what is left.

import { randomUUID } from 'node:crypto';
import {
  type Bill,
  billAnswer,
  DEFAULT_CURRENCY,
  DEFAULT_TIMEZONE,
  decideTakePayment,
  formatCents,
  GUEST_EXIT_RECEIPT_MS,
  heldShares,
  MESSAGES,
  PAYMENT_MESSAGES,
  type Payment,
  PENDING_CASH_SHARE_TTL_MS,
  type ProcessPaymentAnswer,
  type ProcessPaymentBody,
  paymentTransition,
  type Receipt,
  readSplits,
  retryRefusal,
  type SplitCharge,
  shareProblem,
  tipProblem,
  toCents,
  venuePaymentsAnswer,
  withQuery,
} from '@tablewise/shared';
import type { z } from 'zod';
import type { Actor, AppDeps, GuestActor, Queryable, StaffActor, TerminalActor, Trx } from '../context.js';
import { actorRef } from '../context.js';
import { AppError, badRequest, conflict, invalidQrToken, notFound } from '../errors.js';
import { countPaymentOutcome } from '../ops/metrics.js';
import { paymentProviders, providerFor } from '../payments/providers.js';
import { presentSession } from '../presenters/index.js';
import { presentPayment } from '../presenters/payments.js';
import { appendEvent } from '../realtime/append-event.js';
import { findOrderSessionInVenue } from '../repositories/orders.js';
import {
  billSettingsOf,
  closeSession,
  findPayment,
  findPaymentByIntent,
  insertPayment,
  listPaymentsOfActiveSessions,
  listPaymentsOfSession,
  listPaymentsOfVenue,
  lockLatestPaymentOfOrder,
  lockStalePendingCash,
  type PaymentRow,
  sessionHasRushOrder,
  setPaymentStatus,
} from '../repositories/payments.js';
import type { SessionRow } from '../repositories/rows.js';
import { findSessionInVenue, lockSession } from '../repositories/sessions.js';
import { findTableInVenue } from '../repositories/tables.js';
import { findVenue } from '../repositories/venues.js';
import { addUsage } from '../usage/usage.js';
import { verifiedExitVenue } from './guest.js';
import { ordersOfSession } from './orders.js';
import { onPartyDeparted, onPaymentCompleted } from './turnover-automation.js';

type ProcessInput = z.output<typeof ProcessPaymentBody>;
type PayDeps = Pick<AppDeps, 'db' | 'now' | 'payments'>;

const providersOf = (deps: Pick<AppDeps, 'payments'>) => deps.payments ?? paymentProviders(undefined);

/** The session a caller may bill: a guest only their own; staff and terminals their venue's. */
async function sessionFor(q: Queryable, actor: Actor, sessionId: string, lock: boolean): Promise<SessionRow> {
  if (actor.kind === 'guest' && actor.sessionId !== sessionId) throw notFound('Order');
  const session = lock ? await lockSession(q, sessionId) : await findSessionInVenue(q, actor.venueId, sessionId);
  if (!session || session.venue_id !== actor.venueId) throw notFound('Order');
  return session;
}

export async function billOf(q: Queryable, deps: Pick<AppDeps, 'payments'>, session: SessionRow): Promise<Bill> {
  // One after another: `q` may be a transaction, whose one connection runs one query at a time.
  const orders = await ordersOfSession(q, session.id);
  const payments = await listPaymentsOfSession(q, session.id);
  const { qaVenue, ...settings } = await billSettingsOf(q, session.venue_id);
  const table = session.table_id ? await findTableInVenue(q, session.venue_id, session.table_id) : undefined;
  return billAnswer({
    sessionId: session.id,
    tableId: session.table_id,
    tableName: table?.name ?? null,
    orders,
    payments: payments.map(presentPayment),
    ...settings,
    demoPayments: qaVenue || demoPaymentsOn(deps),
  });
}

/** GET /api/orders/payment/:sessionId. */
export async function sessionBill(
  deps: Pick<AppDeps, 'db' | 'payments'>,
  actor: Actor,
  sessionId: string,
): Promise<Bill> {
  const session = await sessionFor(deps.db, actor, sessionId, false);
  return billOf(deps.db, deps, session);
}

/** GET /api/orders/payments. */
export async function venuePayments(q: Queryable, venueId: string): Promise<Payment[]> {
  return venuePaymentsAnswer((await listPaymentsOfVenue(q, venueId)).map(presentPayment));
}

/** What a terminal's replica needs of payments: every payment of the sessions still at their
 * tables (their bills) and the venue's latest (the list). */
export async function replicaPayments(q: Queryable, venueId: string): Promise<Payment[]> {
  const byId = new Map<string, Payment>();
  for (const row of await listPaymentsOfActiveSessions(q, venueId)) byId.set(row.id, presentPayment(row));
  for (const row of await listPaymentsOfVenue(q, venueId)) byId.set(row.id, presentPayment(row));
  return [...byId.values()];
}

/** Whether the demo provider takes cards here: the bill says so, on either tier. */
export const demoPaymentsOn = (deps: Pick<AppDeps, 'payments'>): boolean => providersOf(deps).demo;

async function emitStatus(trx: Trx, actor: Actor | null, row: PaymentRow, at: Date): Promise<Payment> {
  const payment = presentPayment(row);
  countPaymentOutcome(trx, { method: row.payment_method ?? 'unknown', status: row.status });
  const ref = actor ? actorRef(actor) : { userId: null, terminalId: null };
  await appendEvent(trx, {
    orgId: row.org_id,
    venueId: row.venue_id,
    userId: ref.userId,
    terminalId: ref.terminalId,
    event: { type: 'payment.status.changed', payment },
    at,
  });
  return payment;
}

/** After a payment completed: payment.completed, with sessionComplete once the bill is paid. */
async function emitCompleted(
  trx: Trx,
  deps: Pick<AppDeps, 'payments'>,
  actor: Actor | null,
  row: PaymentRow,
  at: Date,
): Promise<boolean> {
  if (!row.session_id) return false;
  const session = await lockSession(trx, row.session_id);
  if (!session) return false;
  const bill = await billOf(trx, deps, session);
  const ref = actor ? actorRef(actor) : { userId: null, terminalId: null };
  const rushOrder = await sessionHasRushOrder(trx, session.id);
  await appendEvent(trx, {
    orgId: row.org_id,
    venueId: row.venue_id,
    userId: ref.userId,
    terminalId: ref.terminalId,
    event: {
      type: 'payment.completed',
      tableId: session.table_id,
      sessionId: session.id,
      paymentId: row.id,
      sessionComplete: bill.complete,
      rushOrder,
    },
    at,
  });
  // The bill is paid: the table is Paid, in the payment's own transaction. Paying fires, cancels
  // and ends nothing: the party's food still comes, and the table turns over when the party has
  // left (the exit scan, or staff's Party Left) with nothing left to serve (issue 22).
  if (bill.complete && session.table_id) {
    await onPaymentCompleted(trx, row.venue_id, { tableId: session.table_id, sessionComplete: true, rushOrder }, at);
  }
  // A bill paid in full closes its orders: the month's usage counts them (issue 24).
  if (bill.complete) {
    const closed = await trx('orders').where({ session_id: session.id }).count<{ n: string }[]>('* as n').first();
    await addUsage(trx, row.org_id, at, { ordersClosed: Number(closed?.n ?? 0) });
  }
  return bill.complete;
}

interface NewCharge {
  sessionId: string;
  amountCents: number;
  tipCents: number;
  method: Payment['paymentMethod'] & string;
  splitId: string | null;
  splitLabel: string | null;
  splitItems: string[];
  billVersion: string;
  orderId: string | null;
  card?: { number: string } | undefined;
  /** The client's id for the payment; a new one when absent. */
  paymentId?: string | undefined;
}

/** Charges one payment through its provider and records it, whatever the provider said. */
async function charge(
  trx: Trx,
  deps: PayDeps,
  actor: Actor,
  session: SessionRow,
  input: NewCharge,
  providerName?: 'venue',
): Promise<{ row: PaymentRow; clientSecret: string | null; failure: string | null }> {
  // The QA dashboard's venue (issue 26) charges cards through the demo provider only.
  const providers = (await billSettingsOf(trx, session.venue_id)).qaVenue
    ? paymentProviders({ demo: true })
    : providersOf(deps);
  const provider = providerName === 'venue' ? providerFor(providers, 'cash') : providerFor(providers, input.method);
  if (!provider) throw conflict(PAYMENT_MESSAGES.cardPaymentsUnavailable, 'card_payments_unavailable');
  const id = input.paymentId ?? randomUUID();
  const now = deps.now();
  const outcome = await provider.charge({
    paymentId: id,
    amountCents: input.amountCents + input.tipCents,
    currency: DEFAULT_CURRENCY,
    method: input.method,
    card: input.card,
    metadata: { sessionId: session.id, venueId: session.venue_id },
  });
  await insertPayment(trx, {
    id,
    org_id: session.org_id,
    venue_id: session.venue_id,
    order_id: input.orderId,
    session_id: session.id,
    amount: formatCents(input.amountCents),
    tip_amount: formatCents(input.tipCents),
    currency: DEFAULT_CURRENCY,
    status: outcome.status,
    payment_method: input.method,
    provider: provider.name,
    stripe_payment_intent_id: outcome.status === 'FAILED' ? null : outcome.intentId,
    split_id: input.splitId,
    split_label: input.splitLabel,
    split_items_json: input.splitItems,
    bill_version: input.billVersion,
    paid_at: outcome.status === 'COMPLETED' ? now : null,
    created_at: now,
  });
  const row = await findPayment(trx, id);
  if (!row) throw new Error(`Payment ${id} vanished`);
  await emitStatus(trx, actor, row, now);
  return {
    row,
    clientSecret: outcome.status === 'PENDING' ? outcome.clientSecret : null,
    failure: outcome.status === 'FAILED' ? outcome.reason : null,
  };
}

/** Locks the session and answers its bill, refusing a closed session or a bill with nothing on it. */
async function lockedBill(trx: Trx, deps: PayDeps, actor: Actor, sessionId: string) {
  const session = await sessionFor(trx, actor, sessionId, true);
  if (session.status !== 'ACTIVE') throw conflict(MESSAGES.sessionClosed, 'session_closed');
  const bill = await billOf(trx, deps, session);
  if (bill.items.length === 0) throw conflict(PAYMENT_MESSAGES.noOrdersToPay, 'nothing_to_pay');
  return { session, bill };
}

export type ProcessOutcome = { ok: true; answer: ProcessPaymentAnswer } | { ok: false; error: AppError };

/** POST /api/payments/process: pays the splits not yet paid, each once, never beyond the total. */
export async function processPayment(
  trx: Trx,
  deps: PayDeps,
  actor: GuestActor | StaffActor,
  input: ProcessInput,
): Promise<ProcessOutcome> {
  const { session, bill } = await lockedBill(trx, deps, actor, input.sessionId);
  // The bill is checked by its total as it is now (the spec's totalAmount); billVersion, when sent, too.
  const versionChanged = input.billVersion !== undefined && input.billVersion !== bill.version;
  if (versionChanged || toCents(input.totalAmount) !== toCents(bill.total)) {
    throw conflict(PAYMENT_MESSAGES.billChanged, 'bill_changed');
  }
  const holding = heldShares(bill.payments);
  // A split counts as paid only by a payment record: `paid: true` without one is charged like any other.
  const toPay = input.splits.filter((s) => !(s.paid && holding.has(s.id)));
  if (toPay.length === 0) throw badRequest(PAYMENT_MESSAGES.nothingToPay, 'nothing_to_pay');
  if (new Set(toPay.map((s) => s.id)).size !== toPay.length) {
    throw badRequest(MESSAGES.invalidField('splits', 'each split needs its own id'), 'invalid_field');
  }
  const tipCents = toCents(input.tipAmount);
  const tipRefused = tipProblem(tipCents, toCents(bill.total));
  if (tipRefused) throw badRequest(tipRefused, 'invalid_field');
  const amounts = toPay.map((s) => toCents(s.amount));
  if (amounts.some((a) => a <= 0)) {
    throw badRequest(MESSAGES.invalidField('splits.amount', 'must be more than 0.00'), 'invalid_field');
  }
  // A share the guest site priced names its bill version and place (the shared rule that made its
  // id): one of another version, or an even share of another amount, is refused. Any id is held once.
  for (const [i, split] of toPay.entries()) {
    const problem = shareProblem(bill, { id: split.id, amountCents: amounts[i] as number });
    if (problem) throw conflict(problem.message, problem.id);
  }
  if (toPay.some((s) => holding.has(s.id))) throw conflict(PAYMENT_MESSAGES.splitAlreadyPaid, 'split_already_paid');
  // The tip on top of the splits, or in them: decided by the sums (issue 23).
  const read = readSplits(amounts, tipCents, toCents(bill.left));
  if (!read.ok) throw conflict(read.message, 'payment_exceeds_bill');
  const orderId = bill.orderIds.at(-1) ?? null;
  const made: PaymentRow[] = [];
  let clientSecret: string | null = null;
  for (const [i, split] of toPay.entries()) {
    const result = await charge(trx, deps, actor, session, {
      sessionId: session.id,
      amountCents: (read.charges[i] as SplitCharge).amountCents,
      tipCents: (read.charges[i] as SplitCharge).tipCents,
      method: split.paymentMethod,
      splitId: split.id,
      splitLabel: split.name ?? null,
      splitItems: split.items,
      billVersion: bill.version,
      orderId,
      card: input.card,
    });
    made.push(result.row);
    clientSecret ??= result.clientSecret;
    // A refused card stops here: what was recorded stays (a FAILED row staff can retry).
    if (result.failure) return { ok: false, error: new AppError(402, 'payment_failed', result.failure) };
    if (result.row.status === 'COMPLETED') await emitCompleted(trx, deps, actor, result.row, deps.now());
  }
  const after = await billOf(trx, deps, session);
  return {
    ok: true,
    answer: {
      success: true,
      payments: made.map(presentPayment),
      bill: after,
      clientSecret,
      publishableKey: clientSecret ? (deps.payments?.stripe?.publishableKey ?? null) : null,
      redirectUrl: after.complete ? withQuery('/guest/exit', { sessionId: session.id }) : null,
    },
  };
}

/** POST /api/payments/take: staff record cash or a card-terminal payment for a session. */
export async function takePayment(
  trx: Trx,
  deps: PayDeps,
  actor: StaffActor | TerminalActor,
  input: {
    sessionId: string;
    method: 'cash' | 'card';
    amount?: string | undefined;
    tipAmount: string;
    paymentId?: string | undefined;
  },
): Promise<{ payment: Payment; sessionComplete: boolean }> {
  // Judged by the shared decision (a terminal's offline cash is judged by it too).
  const session = await sessionFor(trx, actor, input.sessionId, true);
  const bill = await billOf(trx, deps, session);
  const taken = decideTakePayment(
    {
      venueId: session.venue_id,
      session: { id: session.id, active: session.status === 'ACTIVE', tableName: bill.tableName, bill },
      paymentTaken: input.paymentId ? (await findPayment(trx, input.paymentId)) !== undefined : false,
      freshPaymentId: randomUUID(),
    },
    input,
    deps.now(),
  );
  const { row } = await charge(
    trx,
    deps,
    actor,
    session,
    {
      sessionId: session.id,
      amountCents: taken.amountCents,
      tipCents: taken.tipCents,
      method: input.method,
      splitId: null,
      splitLabel: null,
      splitItems: [],
      billVersion: bill.version,
      orderId: taken.answer.orderId,
      paymentId: taken.answer.id,
    },
    'venue',
  );
  // Staff have the money in hand: it is taken, not waiting.
  const now = deps.now();
  await setPaymentStatus(trx, row.id, { status: 'COMPLETED', at: now });
  const done = await findPayment(trx, row.id);
  if (!done) throw new Error(`Payment ${row.id} vanished`);
  const payment = await emitStatus(trx, actor, done, now);
  const sessionComplete = await emitCompleted(trx, deps, actor, done, now);
  return { payment, sessionComplete };
}

/** POST /api/orders/:orderId/payment: Verify (COMPLETED) a pending payment, Retry a failed one. */
export async function changeOrderPayment(
  trx: Trx,
  deps: PayDeps,
  actor: StaffActor | TerminalActor,
  orderId: string,
  input: { status: 'COMPLETED' | 'PROCESSING'; paymentIntentId?: string | undefined; paymentId?: string | undefined },
): Promise<Payment> {
  const order = await findOrderSessionInVenue(trx, actor.venueId, orderId);
  if (!order) throw notFound('Order');
  // The session first, as every payment on a bill takes it: no deadlock with a guest paying.
  await lockSession(trx, order.session_id);
  // Verify takes a pending payment, or a retried one (PROCESSING) staff saw go through.
  const verify = input.status === 'COMPLETED';
  const from = verify ? ['PENDING', 'PROCESSING'] : ['FAILED'];
  const row = await lockLatestPaymentOfOrder(trx, orderId, from, input.paymentId);
  if (!row)
    throw conflict(PAYMENT_MESSAGES.paymentNotFoundForOrder(verify ? 'PENDING' : 'FAILED'), 'payment_not_found');
  const move =
    row.status === 'PROCESSING' && verify
      ? ({ ok: true, to: 'COMPLETED' } as const)
      : paymentTransition(row.status as Payment['status'], verify ? 'verify' : 'retry');
  if (!move.ok) throw conflict(move.reason, 'payment_transition_refused');
  if (!verify && row.session_id) {
    // A retried payment holds the bill again: not a share paid since, nor beyond what is left.
    const session = await lockSession(trx, row.session_id);
    const bill = session ? await billOf(trx, deps, session) : null;
    const refusal = bill ? retryRefusal(presentPayment(row), bill) : null;
    if (refusal) throw conflict(refusal.message, refusal.id);
  }
  const now = deps.now();
  await setPaymentStatus(trx, row.id, { status: move.to, at: now, intentId: input.paymentIntentId });
  const changed = await findPayment(trx, row.id);
  if (!changed) throw new Error(`Payment ${row.id} vanished`);
  const payment = await emitStatus(trx, actor, changed, now);
  if (move.to === 'COMPLETED') await emitCompleted(trx, deps, actor, changed, now);
  return payment;
}

/** Takes a pending cash share off the bill: FAILED (not taken), with its event. */
async function withdrawCashShare(trx: Trx, actor: Actor | null, row: PaymentRow, now: Date): Promise<Payment> {
  await setPaymentStatus(trx, row.id, { status: 'FAILED', at: now });
  const changed = await findPayment(trx, row.id);
  if (!changed) throw new Error(`Payment ${row.id} vanished`);
  return emitStatus(trx, actor, changed, now);
}

const isPendingGuestCash = (row: PaymentRow) =>
  row.status === 'PENDING' && row.payment_method === 'cash' && row.provider === 'venue';

/**
 * POST /api/payments/:paymentId/cancel (issue 27): a guest's cash share waiting for staff, taken
 * back by a phone of its party or by staff of its venue. The bill is open again for that share.
 */
export async function cancelCashShare(
  trx: Trx,
  deps: PayDeps,
  actor: GuestActor | StaffActor,
  paymentId: string,
): Promise<{ payment: Payment; bill: Bill }> {
  const found = await findPayment(trx, paymentId);
  if (!found?.session_id || found.venue_id !== actor.venueId) throw notFound('Payment');
  if (actor.kind === 'guest' && actor.sessionId !== found.session_id) throw notFound('Payment');
  // The session first, as every payment on a bill takes it.
  const session = await sessionFor(trx, actor, found.session_id, true);
  const row = await findPayment(trx, paymentId);
  if (!row || !isPendingGuestCash(row)) throw conflict(PAYMENT_MESSAGES.cashShareNotPending, 'payment_not_pending');
  const payment = await withdrawCashShare(trx, actor, row, deps.now());
  return { payment, bill: await billOf(trx, deps, session) };
}

/**
 * Expires guests' cash shares nobody verified or cancelled within PENDING_CASH_SHARE_TTL_MS, at
 * most `limit` a pass; answers how many. Rows another instance's pass holds are skipped, so each
 * runs out once whatever the number of instances.
 */
export async function expirePendingCashShares(trx: Trx, now: Date, limit: number): Promise<number> {
  const ids = await lockStalePendingCash(trx, new Date(now.getTime() - PENDING_CASH_SHARE_TTL_MS), limit);
  for (const id of ids) {
    const row = await findPayment(trx, id);
    if (row && isPendingGuestCash(row)) await withdrawCashShare(trx, null, row, now);
  }
  return ids.length;
}

/** A verified Stripe webhook: the intent succeeded or failed. Repeats change nothing. */
export async function confirmIntent(
  trx: Trx,
  deps: PayDeps,
  update: { intentId: string; status: 'COMPLETED' | 'FAILED' },
): Promise<boolean> {
  const found = await findPaymentByIntent(trx, update.intentId);
  if (!found?.session_id) return false;
  await lockSession(trx, found.session_id);
  const row = await findPayment(trx, found.id);
  if (!row || row.status === 'COMPLETED' || row.status === update.status) return false;
  const now = deps.now();
  await setPaymentStatus(trx, row.id, { status: update.status, at: now });
  const changed = await findPayment(trx, row.id);
  if (!changed) return false;
  await emitStatus(trx, null, changed, now);
  if (update.status === 'COMPLETED') await emitCompleted(trx, deps, null, changed, now);
  return true;
}

/** POST /api/guest/checkout: refused while anything is unpaid; closes the session, answers the receipt. */
/** A session closed at most GUEST_EXIT_RECEIPT_MS ago: its party is still leaving. */
export function recentlyDeparted(session: { status: string; closed_at: Date | null }, now: Date): boolean {
  return (
    session.status === 'CLOSED' &&
    session.closed_at !== null &&
    now.getTime() - session.closed_at.getTime() <= GUEST_EXIT_RECEIPT_MS
  );
}

export async function checkout(
  trx: Trx,
  deps: Pick<AppDeps, 'db' | 'now' | 'payments' | 'secret'>,
  guest: GuestActor,
  input: { sessionId: string; qrToken: string; exitTime: string },
): Promise<Receipt> {
  if (input.sessionId !== guest.sessionId) throw notFound('Session');
  // The exit code scanned must be this venue's: another venue's code is as good as none.
  const venueId = await verifiedExitVenue(trx, deps.secret, input.qrToken);
  if (venueId !== guest.venueId) throw invalidQrToken();
  const session = await lockSession(trx, guest.sessionId);
  const now = deps.now();
  // The party's other phones exit after the first one closed the session: they get the receipt
  // again, for a while, and nothing changes.
  if (!session || (session.status !== 'ACTIVE' && !recentlyDeparted(session, now))) throw notFound('Session');
  const bill = await billOf(trx, deps, session);
  if (!bill.complete) throw conflict(MESSAGES.exitVerificationFailed, 'exit_verification_failed');
  if (session.status === 'ACTIVE') {
    await closeSession(trx, session.id, now);
    const closed = { ...session, status: 'CLOSED', closed_at: now };
    await appendEvent(trx, {
      orgId: session.org_id,
      venueId: session.venue_id,
      event: { type: 'guest.departed', session: presentSession(closed) },
      at: now,
    });
    // The party has left: its table turns over, or waits for the food still to serve (issue 22).
    if (session.table_id) {
      await onPartyDeparted(trx, session.venue_id, { tableId: session.table_id, sessionId: session.id }, now);
    }
  }
  const orders = await ordersOfSession(trx, session.id);
  const completed = bill.payments.filter((p) => p.status === 'COMPLETED');
  const methods = [...new Set(completed.map((p) => p.paymentMethod ?? 'cash'))];
  const tip = completed.reduce((s, p) => s + toCents(p.tipAmount), 0);
  const amountPaid = completed.reduce((s, p) => s + toCents(p.amount) + toCents(p.tipAmount), 0);
  // The phone's exit time, when it is a time between sitting down and now.
  const exit = new Date(input.exitTime);
  const checkoutTime = exit > session.started_at && exit <= now ? exit : now;
  const venueRow = await findVenue(trx, session.venue_id);
  return {
    session: {
      id: session.id,
      tableNumber: bill.tableName,
      duration: Math.max(0, Math.round((checkoutTime.getTime() - session.started_at.getTime()) / 60_000)),
      checkinTime: session.started_at.toISOString(),
      checkoutTime: checkoutTime.toISOString(),
    },
    orders: orders.flatMap((o) =>
      o.items.map((i) => ({
        id: i.id,
        menuItemName: i.menuItemName,
        notes: i.notes,
        quantity: i.quantity,
        unitPrice: i.unitPrice,
        totalPrice: i.totalPrice,
      })),
    ),
    payment: {
      subtotal: bill.subtotal,
      tax: bill.tax,
      serviceCharge: bill.serviceCharge,
      tip: formatCents(tip),
      total: bill.total,
      paymentMethod: methods.join(', '),
      amountPaid: formatCents(amountPaid),
    },
    venueName: venueRow?.name ?? '',
    timeZone: venueRow?.tz ?? DEFAULT_TIMEZONE,
  };
}
