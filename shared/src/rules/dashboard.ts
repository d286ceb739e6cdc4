// The dashboard's figures (spec 2 section 2.1), each from the venue's real tables, orders and
// queue: no sample numbers. Screens on the cloud and the terminal compute them the same way.
import type { Order, Table, TableState, WaitlistEntry } from '../schemas/entities.js';
import type { Payment } from '../schemas/payment.js';
import { isWaitingForStaff } from './payments.js';
import { type OccupancyLevel, occupancyLevel, occupancyPercent, SEATED_STATES, TABLE_STATE_LABELS } from './tables.js';
import { quotedWait } from './waitlist.js';

/** Tables whose party is settling the bill by their state. A table at PAYMENT_VERIFIED has paid. */
const PAYMENT_PENDING_STATES: readonly TableState[] = ['PAYING', 'PAYMENT_DUE'];
/** Tables that need a person now: the Overview's alerts (and any table with a payment waiting). */
const ATTENTION_STATES: readonly TableState[] = ['ASSISTANCE_REQUESTED', 'EXIT_PENDING', 'PAYING', 'PAYMENT_DUE'];

/** What the dashboard reads of a payment: GET /api/orders/payments' rows. */
type PaymentFacts = Pick<Payment, 'id' | 'status' | 'sessionId' | 'tableName'>;

/** The names of the tables with a payment waiting for staff (a payment names its table by name). */
function tablesWithPaymentWaiting(payments: readonly PaymentFacts[]): Set<string> {
  return new Set(payments.filter(isWaitingForStaff).flatMap((p) => (p.tableName === null ? [] : [p.tableName])));
}

/**
 * The tables settling the bill: the party is paying by the table's state, or one of its payments
 * (a guest's cash, a retried card) waits for staff, as the payments screen's Pending tab lists it.
 * What the Payments & Exits tab lists.
 * @internal
 */
export function tablesSettling<T extends Pick<Table, 'state' | 'name'>>(
  tables: readonly T[],
  payments: readonly PaymentFacts[],
): T[] {
  const waiting = tablesWithPaymentWaiting(payments);
  return tables.filter((t) => PAYMENT_PENDING_STATES.includes(t.state) || waiting.has(t.name));
}

/** Payments Pending: the tables settling the bill, and each bill waiting for staff whose table
 * is not on the floor (its party moved or left), counted once per session. */
function paymentsPendingCount(
  tables: readonly Pick<Table, 'state' | 'name'>[],
  payments: readonly PaymentFacts[],
): number {
  const names = new Set(tables.map((t) => t.name));
  const elsewhere = new Set(
    payments
      .filter((p) => isWaitingForStaff(p) && (p.tableName === null || !names.has(p.tableName)))
      .map((p) => p.sessionId ?? p.id),
  );
  return tablesSettling(tables, payments).length + elsewhere.size;
}

export interface DashboardStats {
  tables: { occupied: number; total: number; percent: number; level: OccupancyLevel };
  activeOrders: number;
  waitlist: { parties: number; guests: number; nextWaitMinutes: number | null };
  paymentsPending: number;
}

export function dashboardStats(input: {
  tables: readonly Pick<Table, 'state' | 'name'>[];
  /** GET /api/orders: the venue's open orders. */
  orders: readonly Pick<Order, 'id'>[];
  waitlist: readonly Pick<WaitlistEntry, 'status' | 'partySize'>[];
  /** GET /api/orders/payments: the venue's latest payments. */
  payments: readonly PaymentFacts[];
}): DashboardStats {
  const states = input.tables.map((t) => t.state);
  const percent = occupancyPercent(states);
  const waiting = input.waitlist.filter((e) => e.status === 'WAITING' || e.status === 'NOTIFIED');
  return {
    tables: {
      occupied: states.filter((s) => SEATED_STATES.includes(s)).length,
      total: states.length,
      percent,
      level: occupancyLevel(percent),
    },
    activeOrders: input.orders.length,
    waitlist: {
      parties: waiting.length,
      guests: waiting.reduce((sum, e) => sum + e.partySize, 0),
      // A party arriving now would be quoted for the place after the last one.
      nextWaitMinutes: waiting.length === 0 ? null : quotedWait(waiting.length + 1).min,
    },
    paymentsPending: paymentsPendingCount(input.tables, input.payments),
  };
}

/** Tables that need staff now (asking for help, leaving, paying, or with a payment waiting for
 * staff), the longest-seated first (they have waited longest). */
export function tablesNeedingAttention<T extends Pick<Table, 'state' | 'timeSeated' | 'number' | 'name'>>(
  tables: readonly T[],
  payments: readonly PaymentFacts[],
): T[] {
  const waiting = tablesWithPaymentWaiting(payments);
  return tables
    .filter((t) => ATTENTION_STATES.includes(t.state) || waiting.has(t.name))
    .sort((a, b) => (a.timeSeated ?? '\uffff').localeCompare(b.timeSeated ?? '\uffff'));
}

/** The distinct named zones of the floor, in first-seen order. */
export function floorZones(tables: readonly Pick<Table, 'zone'>[]): string[] {
  return [...new Set(tables.map((t) => t.zone).filter((z): z is string => z !== null && z.length > 0))];
}

/** Whole minutes since an ISO time, never negative; null when there is no time. */
export function minutesSince(iso: string | null, now: Date): number | null {
  if (iso === null) return null;
  return Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000));
}

/** A table state as staff read it on the floor ('Hold', 'Paid', ...). */
export function tableStateLabel(state: TableState): string {
  return TABLE_STATE_LABELS[state];
}

export const ACTIVITY_FILTERS = ['all', 'exits', 'orders', 'reservations', 'alerts'] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];

/**
 * Which Activity Feed filter (other than All) a live message falls under, if any: a guest
 * leaving or a table waiting for its exit is an exit, order.* an order, reservation.* a
 * reservation, a staff alert an alert.
 * @internal exported for its tests
 */
export function activityCategory(type: string, tableState: TableState | null): Exclude<ActivityFilter, 'all'> | null {
  // Exits as the dashboard's Payments & Exits tab groups them: a bill paid, a party leaving.
  if (
    type === 'guest.departed' ||
    type === 'payment.completed' ||
    (type === 'table.state.changed' && (tableState === 'EXIT_PENDING' || tableState === 'PAYMENT_VERIFIED'))
  )
    return 'exits';
  if (type.startsWith('order.')) return 'orders';
  if (type.startsWith('reservation.')) return 'reservations';
  if (type === 'staff.alert') return 'alerts';
  return null;
}

/** @internal */
export function matchesActivityFilter(
  entry: { type: string; tableState: TableState | null },
  filter: ActivityFilter,
): boolean {
  return filter === 'all' || activityCategory(entry.type, entry.tableState) === filter;
}
