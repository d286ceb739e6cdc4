// What the dashboard's working tabs list (issue 26): the Payments & Exits rows with their urgency,
// the Activity Feed's lines from the venue's stored events, and the shift the header's selector
// names. Pure: the screens pass the rows and the clock in.
import { PAYMENT_URGENT_AFTER_MS } from '../constants.js';
import type { Table } from '../schemas/entities.js';
import type { Payment } from '../schemas/payment.js';
import type { Task } from '../schemas/task.js';
import { activityCategory } from './dashboard.js';
import { isWaitingForStaff } from './payments.js';

/** @internal */
export const PAYMENT_URGENCIES = ['high', 'medium', 'low'] as const;
/** @internal */
export type PaymentUrgency = (typeof PAYMENT_URGENCIES)[number];

/** A pending payment older than this is medium; past PAYMENT_URGENT_AFTER_MS it is high. */
const PAYMENT_MEDIUM_AFTER_MS = 120_000;

/** How long a verified payment stays on the tab (as Verified) before it leaves by itself. */
const RESOLVED_KEPT_MS = 30 * 60_000;

/** high past 5 minutes waiting (spec 2 section 4: urgent), medium past 2, otherwise low. @internal */
export function paymentUrgency(ageMs: number): PaymentUrgency {
  if (ageMs > PAYMENT_URGENT_AFTER_MS) return 'high';
  if (ageMs > PAYMENT_MEDIUM_AFTER_MS) return 'medium';
  return 'low';
}

export interface PaymentExitRow {
  key: string;
  kind: 'payment' | 'exit';
  payment: Payment | null;
  tableId: string | null;
  tableName: string | null;
  amountCents: number | null;
  ageMinutes: number;
  urgency: PaymentUrgency;
  assignee: string | null;
  resolved: boolean;
}

const cents = (money: string) => Math.round(Number(money) * 100);

/** Who a table was last handed to with Assign: its newest unfinished RUN task's `assignee`. */
export function assigneesByTable(tasks: readonly Task[]): Map<string, string> {
  const out = new Map<string, string>();
  const open = tasks
    .filter((t) => t.type === 'RUN' && t.status !== 'COMPLETED' && t.targetTableId !== null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  for (const t of open) {
    const who = t.metadata.assignee;
    if (typeof who === 'string' && t.targetTableId && !out.has(t.targetTableId)) out.set(t.targetTableId, who);
  }
  return out;
}

/**
 * The Payments & Exits rows: every payment waiting for staff (Verify), the payments verified in
 * the last half hour (Verified), and each table whose party is waiting for its exit; the most
 * urgent first, resolved rows last.
 */
export function paymentExitRows(
  payments: readonly Payment[],
  tables: readonly Pick<Table, 'id' | 'name' | 'state' | 'timeSeated'>[],
  assignees: ReadonlyMap<string, string>,
  now: Date,
): PaymentExitRow[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const rows: PaymentExitRow[] = [];
  for (const p of payments) {
    const waiting = isWaitingForStaff(p);
    const resolvedAt = p.paidAt ?? p.createdAt;
    const recentlyPaid = p.status === 'COMPLETED' && now.getTime() - Date.parse(resolvedAt) <= RESOLVED_KEPT_MS;
    if (!waiting && !recentlyPaid) continue;
    const table = p.tableName === null ? undefined : byName.get(p.tableName);
    const age = Math.max(0, now.getTime() - Date.parse(p.createdAt));
    rows.push({
      key: `payment:${p.id}`,
      kind: 'payment',
      payment: p,
      tableId: table?.id ?? null,
      tableName: p.tableName,
      amountCents: cents(p.amount) + cents(p.tipAmount),
      ageMinutes: Math.floor(age / 60_000),
      urgency: waiting ? paymentUrgency(age) : 'low',
      assignee: table ? (assignees.get(table.id) ?? null) : null,
      resolved: !waiting,
    });
  }
  for (const t of tables) {
    if (t.state !== 'EXIT_PENDING') continue;
    const age = t.timeSeated ? Math.max(0, now.getTime() - Date.parse(t.timeSeated)) : 0;
    rows.push({
      key: `exit:${t.id}`,
      kind: 'exit',
      payment: null,
      tableId: t.id,
      tableName: t.name,
      amountCents: null,
      ageMinutes: Math.floor(age / 60_000),
      urgency: 'medium',
      assignee: assignees.get(t.id) ?? null,
      resolved: false,
    });
  }
  const rank = (r: PaymentExitRow) => (r.resolved ? 3 : PAYMENT_URGENCIES.indexOf(r.urgency));
  return rows.sort((a, b) => rank(a) - rank(b) || b.ageMinutes - a.ageMinutes);
}

/** A stored event as GET /api/events answers it, with its author's name where it has one. */
export interface StoredEventFacts {
  seq: number;
  type: string;
  payloadJson: Record<string, unknown>;
  createdAt: string;
  userName?: string | null | undefined;
}

export interface ActivityLine {
  seq: number;
  type: string;
  category: ReturnType<typeof activityCategory>;
  text: string;
  at: string;
  initials: string | null;
}

/** "Maria Lopez" → "ML"; a single name gives its first two letters; none gives null. @internal */
export function staffInitials(name: string | null | undefined): string | null {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  if (words.length === 1) return (words[0] as string).slice(0, 2).toUpperCase();
  return `${(words[0] as string)[0]}${(words.at(-1) as string)[0]}`.toUpperCase();
}

const obj = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {};
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** One Activity Feed line from a stored event: what happened, in a floor manager's words. */
export function activityLine(event: StoredEventFacts, tableLabel: (id: string | null) => string | null): ActivityLine {
  const p = event.payloadJson;
  const tableOf = (id: unknown, name?: unknown) => str(name) ?? tableLabel(str(id)) ?? 'a table';
  let text: string;
  const order = obj(p.order);
  const item = obj(p.item);
  switch (event.type) {
    case 'order.created':
      text = `New order #${String(order.id ?? '').slice(-8)} at ${tableOf(order.tableId, order.tableName)}`;
      break;
    case 'order.item.status.changed':
      text = `${str(item.menuItemName) ?? 'An item'}: ${String(p.to ?? '')
        .replaceAll('_', ' ')
        .toLowerCase()}`;
      break;
    case 'order.delivered':
      text = `Order #${String(p.orderId ?? '').slice(-8)} delivered`;
      break;
    case 'order.ready_for_run':
      text = `Order #${String(p.orderId ?? '').slice(-8)} sent to the runners`;
      break;
    case 'table.state.changed': {
      const table = obj(p.table);
      text = `${tableOf(p.tableId, table.name)}: ${String(p.state ?? '')
        .replaceAll('_', ' ')
        .toLowerCase()}`;
      break;
    }
    case 'guest.departed': {
      const s = obj(p.session);
      text = `${str(s.guestName) ?? 'A party'} left ${tableOf(s.tableId)}`;
      break;
    }
    case 'guest.checkedin': {
      const s = obj(p.session);
      text = `${str(s.guestName) ?? 'A party'} of ${String(s.partySize ?? '?')} checked in`;
      break;
    }
    case 'payment.status.changed': {
      const pay = obj(p.payment);
      text = `Payment ${String(pay.amount ?? '')} at ${tableOf(null, pay.tableName)}: ${String(pay.status ?? '').toLowerCase()}`;
      break;
    }
    case 'reservation.created':
    case 'reservation.checkin':
    case 'reservation.updated': {
      const r = obj(p.reservation);
      const verb = {
        'reservation.created': 'booked',
        'reservation.checkin': 'checked in',
        'reservation.updated': 'updated',
      }[event.type];
      text = `Reservation for ${str(obj(r.guestContact).name) ?? 'a guest'} ${verb}`;
      break;
    }
    case 'waitlist.updated': {
      const e = obj(p.entry);
      text = `${str(e.guestName) ?? 'A party'} on the waitlist: ${String(e.status ?? '').toLowerCase()}`;
      break;
    }
    case 'payment.completed':
      text =
        p.sessionComplete === true
          ? `${tableOf(p.tableId)}: bill paid in full`
          : `${tableOf(p.tableId)}: a payment completed`;
      break;
    case 'staff.alert': {
      const a = obj(p.alert);
      text = `Alert: ${str(a.message) ?? ''}`;
      break;
    }
    case 'task.created':
    case 'task.updated': {
      const t = obj(p.task);
      text = `${String(t.type ?? 'Task')} task ${
        event.type === 'task.created'
          ? 'created'
          : String(t.status ?? '')
              .toLowerCase()
              .replaceAll('_', ' ')
      } for ${tableOf(t.targetTableId)}`;
      break;
    }
    default:
      text = event.type;
  }
  const tableState = event.type === 'table.state.changed' ? (str(p.state) as Table['state'] | null) : null;
  const alertBy = event.type === 'staff.alert' ? str(obj(p.alert).sentBy) : null;
  return {
    seq: event.seq,
    type: event.type,
    category: activityCategory(event.type, tableState),
    text,
    at: event.createdAt,
    initials: staffInitials(event.userName ?? alertBy),
  };
}

export const SHIFTS = ['current', 'today', 'yesterday'] as const;
export type Shift = (typeof SHIFTS)[number];

/** Where the venue's services start, in hours of its day: lunch from 06:00, dinner from 16:00. @internal */
export const SHIFT_START_HOURS = [6, 16] as const;

/** The offset of a time zone from UTC at an instant, in minutes (east positive). */
function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((x) => x.type === type)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a wall-clock time of the venue's zone falls on (`day` as YYYY-MM-DD). */
export function venueInstant(day: string, hour: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = new Date(Date.UTC(y, m - 1, d, hour));
  const first = new Date(guess.getTime() - zoneOffsetMinutes(guess, timeZone) * 60_000);
  // a second pass settles a day whose offset changes between the guess and the answer
  return new Date(guess.getTime() - zoneOffsetMinutes(first, timeZone) * 60_000);
}

/** The venue's calendar day of an instant, YYYY-MM-DD. @internal */
export function venueDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/**
 * The range the shift selector names, on the venue's clock: Current Shift from the start of the
 * service under way (lunch from 06:00, dinner from 16:00; before 06:00 the night's dinner goes on),
 * Today from the venue's midnight, Yesterday the whole day before. `to` is exclusive, and at least a
 * minute after `from`: in the minute a shift starts (16:00 sharp) its range is that minute, not an
 * empty one, which the analytics call refuses.
 */
export function shiftRange(shift: Shift, now: Date, timeZone: string): { from: Date; to: Date } {
  const today = venueDay(now, timeZone);
  const upToNow = (from: Date) => ({ from, to: new Date(Math.max(now.getTime(), from.getTime() + 60_000)) });
  switch (shift) {
    case 'today':
      return upToNow(venueInstant(today, 0, timeZone));
    case 'yesterday':
      return { from: venueInstant(addDays(today, -1), 0, timeZone), to: venueInstant(today, 0, timeZone) };
    case 'current': {
      const starts = [
        venueInstant(addDays(today, -1), SHIFT_START_HOURS[1], timeZone),
        ...SHIFT_START_HOURS.map((h) => venueInstant(today, h, timeZone)),
      ].filter((s) => s.getTime() <= now.getTime());
      return upToNow(starts.at(-1) as Date);
    }
    default: {
      const never: never = shift;
      throw new Error(`Unknown shift ${String(never)}`);
    }
  }
}
