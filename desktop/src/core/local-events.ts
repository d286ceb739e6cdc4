// Live events made on this terminal (local changes), in the same shape as the cloud's so the staff
// app handles both alike. Their seq is the replica's cursor: they are not part of the cloud's
// feed and never advance it.
import type {
  LiveEventOf,
  OrderItem,
  OrderItemState,
  Payment,
  Reservation,
  StaffAlert,
  Table,
  Task,
  WaitlistEntry,
} from '@tablewise/shared';
import type { AnyDb } from './sqlite/replica.js';
import { getMeta } from './sqlite/repositories/meta.js';

export function localItemEvent(
  db: AnyDb,
  item: OrderItem,
  from: OrderItemState,
  now: Date,
): LiveEventOf<'order.item.status.changed'> {
  return {
    type: 'order.item.status.changed',
    seq: Math.max(1, getMeta(db).cursor),
    venueId: item.venueId,
    at: now.toISOString(),
    item,
    from,
    to: item.status,
  };
}

export function localWaitlistEvent(db: AnyDb, entry: WaitlistEntry, now: Date): LiveEventOf<'waitlist.updated'> {
  return {
    type: 'waitlist.updated',
    seq: Math.max(1, getMeta(db).cursor),
    venueId: entry.venueId,
    at: now.toISOString(),
    entry,
  };
}

export function localReservationEvent(
  db: AnyDb,
  type: 'reservation.created' | 'reservation.checkin' | 'reservation.updated',
  reservation: Reservation,
  now: Date,
): LiveEventOf<'reservation.created' | 'reservation.checkin' | 'reservation.updated'> {
  return {
    type,
    seq: Math.max(1, getMeta(db).cursor),
    venueId: reservation.venueId,
    at: now.toISOString(),
    reservation,
  };
}

export function localTableEvent(db: AnyDb, table: Table, now: Date): LiveEventOf<'table.state.changed'> {
  return {
    type: 'table.state.changed',
    seq: Math.max(1, getMeta(db).cursor),
    venueId: table.venueId,
    at: now.toISOString(),
    tableId: table.id,
    state: table.state,
    table,
  };
}

/** A task this terminal started or completed (task.updated). */
export function localTaskUpdatedEvent(db: AnyDb, task: Task, now: Date): LiveEventOf<'task.updated'> {
  return {
    type: 'task.updated',
    seq: Math.max(1, getMeta(db).cursor),
    venueId: task.venueId,
    at: now.toISOString(),
    task,
  };
}

export function localStaffAlertEvent(db: AnyDb, alert: StaffAlert, now: Date): LiveEventOf<'staff.alert'> {
  return {
    type: 'staff.alert',
    seq: Math.max(1, getMeta(db).cursor),
    venueId: alert.venueId,
    at: now.toISOString(),
    alert,
  };
}

export function localPaymentEvent(db: AnyDb, payment: Payment, now: Date): LiveEventOf<'payment.status.changed'> {
  return {
    type: 'payment.status.changed',
    seq: Math.max(1, getMeta(db).cursor),
    venueId: payment.venueId,
    at: now.toISOString(),
    payment,
  };
}
