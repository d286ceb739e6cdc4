// Applying the cloud's change feed to the replica. Each event is applied and the cursor advanced
// in one SQLite transaction, so a crash leaves either both or neither.
import { LiveEvent, type LiveEventOf, type SnapshotAnswer } from '@tablewise/shared';
import { reapplyPendingItemChanges } from '../commands/item-status.js';
import { reapplyPendingAvailability, reapplyPendingOrderChanges } from '../commands/menu-orders.js';
import { replacePayments } from '../commands/payments.js';
import { reapplyPendingReservations, replaceReservations } from '../commands/reservations.js';
import { reapplyPendingTurnover, replaceTasks } from '../commands/turnover.js';
import { reapplyPendingWaitlist, replaceWaitlist } from '../commands/waitlist.js';
import { log } from '../log.js';
import { transact, type WriteDb } from '../sqlite/replica.js';
import { putPublishedLayout } from '../sqlite/repositories/floor-layout.js';
import { forgetUser } from '../sqlite/repositories/local-auth.js';
import { putMenuItem } from '../sqlite/repositories/menu-items.js';
import { deleteOrderItem, getMenuItem } from '../sqlite/repositories/menu-orders.js';
import { getMeta, markBootstrapped, setCursor, setDemoPayments } from '../sqlite/repositories/meta.js';
import { getOrder, getOrderItem, orderExists, putOrder, putOrderItem } from '../sqlite/repositories/orders.js';
import { putPayment } from '../sqlite/repositories/payments.js';
import { deletePrinter, getPrinterTerminal, putPrinter, setPrinterStatus } from '../sqlite/repositories/printers.js';
import { getReservation, putReservation } from '../sqlite/repositories/reservations.js';
import { putRunner, putRunnerOrder, replaceRunnerData } from '../sqlite/repositories/runners.js';
import { putSession } from '../sqlite/repositories/sessions.js';
import { deleteTable, getTable, putTable } from '../sqlite/repositories/tables.js';
import { putTask } from '../sqlite/repositories/tasks.js';
import { markTicketed } from '../sqlite/repositories/ticketed.js';
import { clearVenueData, getVenue, putVenue } from '../sqlite/repositories/venue.js';
import { getWaitlistEntry, putWaitlistEntry } from '../sqlite/repositories/waitlist.js';

export type ApplyOutcome =
  /** Applied; `event` is what to tell the local staff app (null for a type this build ignores). */
  | { kind: 'applied'; event: LiveEvent | null }
  /** At or below the cursor: seen before. */
  | { kind: 'skipped' }
  /** Beyond cursor + 1: events are missing in between. Nothing was changed. */
  | { kind: 'gap'; cursor: number; seq: number };

/** The sequence number of a raw feed message, or null when it is not an event. */
export function seqOf(raw: unknown): number | null {
  if (raw && typeof raw === 'object' && 'seq' in raw && typeof raw.seq === 'number' && Number.isInteger(raw.seq)) {
    return raw.seq;
  }
  return null;
}

/**
 * Applies one event of the feed. An event of a type this build does not know still advances the
 * cursor (logged), so a newer cloud cannot stall an older terminal.
 */
export function applyEvent(db: WriteDb, raw: unknown, now: Date): ApplyOutcome {
  const seq = seqOf(raw);
  if (seq === null) throw new Error('Not an event: no seq');
  return transact(db, (): ApplyOutcome => {
    const { cursor } = getMeta(db);
    if (seq <= cursor) return { kind: 'skipped' };
    if (seq !== cursor + 1) return { kind: 'gap', cursor, seq };
    const parsed = LiveEvent.safeParse(raw);
    let event: LiveEvent | null = null;
    if (parsed.success) {
      store(db, parsed.data, now);
      event = ownPrinting(db, parsed.data) ? null : asReplicaShows(db, parsed.data);
    } else {
      const type = raw && typeof raw === 'object' && 'type' in raw ? String(raw.type) : '?';
      log.warn(`event ${seq} (${type}) not understood by this build; skipped`);
    }
    setCursor(db, seq);
    return { kind: 'applied', event };
  });
}

/**
 * A report of this terminal's own printing coming back from the cloud: the local staff app heard
 * it from the printer already, and may have heard newer since, so it is not told again (it would
 * put an older state back on screen). print.completed only makes lists stale, so it goes on.
 */
function ownPrinting(db: WriteDb, event: LiveEvent): boolean {
  const { terminalId } = getMeta(db);
  switch (event.type) {
    case 'print.job.updated':
      return event.terminalId === terminalId;
    case 'printer.status':
      return terminalId !== null && getPrinterTerminal(db, event.printerId) === terminalId;
    default:
      return false;
  }
}

/** The event as the replica now shows it: with this terminal's pending changes on top. */
function asReplicaShows(db: WriteDb, event: LiveEvent): LiveEvent {
  switch (event.type) {
    case 'order.created': {
      const order = getOrder(db, event.order.id);
      return order ? { ...event, order } : event;
    }
    case 'order.item.status.changed': {
      const item = getOrderItem(db, event.item.id);
      return item ? { ...event, item, to: item.status } : event;
    }
    case 'waitlist.updated': {
      const entry = getWaitlistEntry(db, event.entry.id);
      return entry ? { ...event, entry } : event;
    }
    case 'reservation.created':
    case 'reservation.checkin':
    case 'reservation.updated': {
      const reservation = getReservation(db, event.reservation.id);
      return reservation ? { ...event, reservation } : event;
    }
    case 'table.state.changed': {
      const table = getTable(db, event.tableId);
      return table ? { ...event, table, state: table.state } : event;
    }
    case 'table.selected': {
      const table = getTable(db, event.tableId);
      return table ? { ...event, table } : event;
    }
    case 'menu.item.updated': {
      const item = getMenuItem(db, event.item.id);
      return item ? { ...event, item } : event;
    }
    case 'order.priority.changed':
    case 'order.item.cancelled': {
      const order = getOrder(db, event.order.id);
      return order ? { ...event, order } : event;
    }
    case 'guest.checkedin':
    case 'printer.updated':
    case 'printer.status':
    case 'print.job.updated':
    case 'print.completed':
    case 'task.created':
    case 'staff.alert':
    case 'printer.removed':
    case 'task.updated':
    case 'table.stuck':
    case 'order.ready_for_run':
    case 'order.delivered':
    case 'runner.status.changed':
    case 'runner.order.updated':
    case 'payment.status.changed':
    case 'payment.completed':
    case 'guest.departed':
    case 'receipt.print_requested':
    case 'staff.access.changed':
      return event;
    case 'floor.layout.saved':
      return event;
    case 'floor.published': {
      const tables = event.tables.map((t) => getTable(db, t.id) ?? t);
      return { ...event, tables };
    }
    case 'venue.updated':
      return { ...event, venue: getVenue(db) ?? event.venue };
    case 'guest.data.erased':
      return event;
    // Seat requests are decided in the cloud only for now: the terminal passes them to its screens.
    case 'seat.request.updated':
    case 'seating.approval.changed':
    case 'party.phone.updated':
      return event;
    default: {
      const never: never = event;
      throw new Error(`Unhandled event ${JSON.stringify(never)}`);
    }
  }
}

function store(db: WriteDb, event: LiveEvent, now: Date): void {
  switch (event.type) {
    case 'order.created':
      putOrder(db, event.order);
      for (const item of event.order.items) reapplyPendingItemChanges(db, item.id, now);
      return;
    case 'order.item.status.changed':
      if (!orderExists(db, event.item.orderId)) {
        // The replica only misses an order the snapshot left out (a closed one); its items do not
        // concern this terminal's screens.
        log.warn(`event ${event.seq}: item ${event.item.id} of an unknown order; skipped`);
        return;
      }
      putOrderItem(db, event.item);
      reapplyPendingItemChanges(db, event.item.id, now);
      return;
    case 'table.state.changed':
    case 'table.selected':
      putTable(db, event.table);
      reapplyPendingSeats(db);
      reapplyPendingTurnover(db);
      return;
    case 'guest.checkedin':
      putSession(db, event.session);
      return;
    case 'printer.updated':
      putPrinter(db, event.printer);
      return;
    case 'printer.status':
      setPrinterStatus(db, event.printerId, event.status);
      return;
    case 'printer.removed':
      deletePrinter(db, event.printerId);
      return;
    case 'print.job.updated':
      // Ticketed by any terminal: no terminal of the venue makes another ticket for these items.
      markTicketed(db, event.ticketed, event.job.id, event.at);
      return;
    case 'print.completed':
      return;
    // The cleaner console reads tasks from the replica; this terminal's changes still waiting
    // are replayed on top of the cloud's copy.
    case 'task.created':
    case 'task.updated':
      putTask(db, event.task);
      reapplyPendingTurnover(db);
      return;
    // An alert is for the screens now; the replica keeps nothing of it.
    case 'staff.alert':
      return;
    // The terminal driving the printer prints it as the event is applied (core.ts), keyed by the
    // request, so a replay prints nothing more; the replica keeps nothing else of it.
    case 'receipt.print_requested':
      return;
    // A stuck-table warning is for the screens now.
    case 'table.stuck':
    // The order itself comes whole with runner.order.updated, in the same commit.
    case 'order.ready_for_run':
    case 'order.delivered':
      return;
    case 'runner.status.changed':
      putRunner(db, event.runner);
      return;
    case 'runner.order.updated':
      putRunnerOrder(db, event.order);
      return;
    // The cloud's copy of a payment, in place of this terminal's local one of the same id (cash
    // taken while the cloud was away, now recorded).
    case 'payment.status.changed':
      putPayment(db, event.payment);
      return;
    // The payment itself comes whole with payment.status.changed, in the same commit.
    case 'payment.completed':
      return;
    case 'guest.departed':
      putSession(db, event.session);
      return;
    case 'waitlist.updated':
      putWaitlistEntry(db, event.entry);
      reapplyPendingWaitlist(db, event.entry.venueId);
      // A party a QA pass here showed as notified stays so until that pass reaches the cloud.
      reapplyPendingTurnover(db);
      return;
    case 'reservation.created':
    case 'reservation.checkin':
    case 'reservation.updated':
      putReservation(db, event.reservation);
      reapplyPendingReservations(db, getVenue(db));
      return;
    case 'menu.item.updated':
      putMenuItem(db, event.item);
      reapplyPendingAvailability(db, event.item.id, now);
      return;
    case 'order.item.cancelled':
      deleteOrderItem(db, event.item.id);
      putOrderAgain(db, event.order, now);
      return;
    case 'order.priority.changed':
      putOrderAgain(db, event.order, now);
      return;
    // Their access changed in the cloud: they sign in again through it, which decides with the
    // change; offline, their cached password no longer opens this terminal.
    case 'staff.access.changed':
      forgetUser(db, event.userId);
      return;
    // The layout's drafts are the cloud's; the terminal keeps the tables they made.
    case 'floor.layout.saved':
      return;
    case 'floor.published':
      if (event.published) putPublishedLayout(db, event.venueId, event.published);
      for (const id of event.retiredTableIds) deleteTable(db, id);
      for (const table of event.tables) putTable(db, table);
      reapplyPendingSeats(db);
      reapplyPendingTurnover(db);
      return;
    // The venue's settings: the next bill, receipt and ticket use its tax rate and currency.
    case 'venue.updated':
      putVenue(db, event.venue);
      return;
    // A guest's name, phone and email erased on request: the replica's copies are overwritten too.
    case 'guest.data.erased':
      for (const session of event.sessions) putSession(db, session);
      for (const entry of event.waitlist) putWaitlistEntry(db, entry);
      for (const reservation of event.reservations) putReservation(db, reservation);
      if (event.waitlist.length > 0) reapplyPendingWaitlist(db, event.venueId);
      if (event.reservations.length > 0) reapplyPendingReservations(db, getVenue(db));
      return;
    // The table's moves come as their own table.state.changed events; the request itself is the
    // cloud's (issue 27: the host approves it on a screen served by the cloud).
    case 'seat.request.updated':
    case 'seating.approval.changed':
    case 'party.phone.updated':
      return;
    default: {
      const never: never = event;
      throw new Error(`Unhandled event ${JSON.stringify(never)}`);
    }
  }
}

/** After the cloud's copy of a table: the parties this terminal seated and has not pushed yet sit
 * there again, where the table's state machine still lets them. */
export function reapplyPendingSeats(db: WriteDb): void {
  const venue = getVenue(db);
  if (!venue) return;
  reapplyPendingWaitlist(db, venue.id);
  reapplyPendingReservations(db, venue);
}

/** A server copy of an order the replica holds (one it left out, closed, does not concern it), with
 * this terminal's waiting changes on top again. */
function putOrderAgain(db: WriteDb, order: LiveEventOf<'order.priority.changed'>['order'], now: Date): void {
  if (!orderExists(db, order.id)) return;
  putOrder(db, order);
  for (const item of order.items) reapplyPendingItemChanges(db, item.id, now);
  reapplyPendingOrderChanges(db, order.id, now);
}

/** Replaces the venue data with a snapshot, sets the cursor to its seq, re-applies the outbox. */
export function applySnapshot(db: WriteDb, snapshot: SnapshotAnswer, now: Date): void {
  transact(db, () => {
    clearVenueData(db);
    putVenue(db, snapshot.venue);
    for (const t of snapshot.tables) putTable(db, t);
    replaceReservations(db, snapshot.venue, snapshot.reservations);
    replaceRunnerData(db, snapshot.runnerOrders, snapshot.runners);
    replacePayments(db, snapshot.payments ?? []);
    setDemoPayments(db, snapshot.demoPayments ?? false);
    putPublishedLayout(db, snapshot.venue.id, snapshot.floorLayout ?? null);
    for (const m of snapshot.menuItems) {
      putMenuItem(db, m);
      reapplyPendingAvailability(db, m.id, now);
    }
    for (const p of snapshot.printers) putPrinter(db, p);
    markTicketed(db, snapshot.ticketed, null, now.toISOString());
    for (const session of snapshot.sessions) putSession(db, session);
    replaceWaitlist(db, snapshot.venue.id, snapshot.waitlist);
    replaceTasks(db, snapshot.tasks ?? []);
    for (const o of snapshot.orders) {
      putOrder(db, o);
      for (const i of o.items) reapplyPendingItemChanges(db, i.id, now);
      reapplyPendingOrderChanges(db, o.id, now);
    }
    markBootstrapped(db, snapshot.seq, snapshot.epoch, now.toISOString());
  });
}
