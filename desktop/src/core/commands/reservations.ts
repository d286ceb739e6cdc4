// The host's reservations on this terminal (issue 9): a booking, a check-in or a seat made here goes
// into the replica and the outbox in one SQLite transaction, by the same shared rules as the cloud,
// so the door keeps working while the cloud is away. The cloud decides in the end: its copies of a
// reservation replace the replica's, with this terminal's changes still waiting replayed on top,
// and a change it refuses sets the replica right from the cloud's copy.
import { randomUUID } from 'node:crypto';
import {
  acceptsBookedSlot,
  checkInReservation as checkInCall,
  type createReservation,
  createReservation as createReservationCall,
  invalidField,
  MESSAGES,
  type Reservation,
  type ReservationAction,
  reservationSlotEnd,
  reservationTransition,
  type SeatReservationAnswer,
  seatReservation as seatReservationCall,
} from '@tablewise/shared';
import type { z } from 'zod';
import { type AnyDb, transact, type WriteDb } from '../sqlite/replica.js';
import { appendCall, pendingOf } from '../sqlite/repositories/outbox.js';
import {
  clearReservations,
  deleteReservation,
  getReservation,
  putReservation,
} from '../sqlite/repositories/reservations.js';
import { RESERVATION_ENTITY, seatTableLocally } from './seating.js';

export { RESERVATION_ENTITY };

type NewReservation = z.output<(typeof createReservation)['body']>;

export type ReservationChangeResult<T> = { ok: true; value: T } | { ok: false; status: 404 | 409; message: string };

/** What a change to a reservation was about, as a host calls it: "Ada Park, party of 4". */
export function reservationChangeSubject(db: AnyDb, id: string): string | null {
  const r = getReservation(db, id);
  return r ? `${r.guestContact.name}, party of ${r.partySize}` : null;
}

function reservationOf(venueId: string, booking: NewReservation & { id: string }, now: Date): Reservation {
  const start = new Date(booking.slotStart);
  return {
    id: booking.id,
    venueId,
    guestContact: booking.guestContact,
    slotStart: start.toISOString(),
    slotEnd: reservationSlotEnd(start).toISOString(),
    partySize: booking.partySize,
    status: booking.status,
    preferencesJson: booking.preferencesJson,
    source: booking.source,
    lockedTableIds: [],
    checkedInAt: null,
    createdAt: now.toISOString(),
  };
}

/** Books a reservation here at a time bookable now (AppError 400 otherwise); a repeat of its id
 * answers the reservation already booked. */
export function createReservationLocally(
  db: WriteDb,
  venueId: string,
  timeZone: string,
  booking: NewReservation,
  now: Date,
): Reservation {
  return transact(db, () => {
    const id = booking.id ?? randomUUID();
    const known = getReservation(db, id);
    if (known) return known;
    if (!acceptsBookedSlot(new Date(booking.slotStart), now, timeZone)) {
      throw invalidField('slotStart', MESSAGES.reservationTimeNotBookable);
    }
    const reservation = reservationOf(venueId, { ...booking, id }, now);
    putReservation(db, reservation);
    appendCall(db, createReservationCall, {
      idempotencyKey: randomUUID(),
      body: { ...booking, id },
      entityType: RESERVATION_ENTITY,
      entityId: id,
      createdAt: now.toISOString(),
    });
    return reservation;
  });
}

function moved(r: Reservation, action: ReservationAction, now: Date, tableId?: string): Reservation | null {
  const move = reservationTransition(r.status, action);
  if (!move.ok) return null;
  return {
    ...r,
    status: move.to,
    checkedInAt: action === 'checkIn' ? now.toISOString() : r.checkedInAt,
    lockedTableIds: tableId ? [tableId] : r.lockedTableIds,
  };
}

/** The host checks the party in here: CONFIRMED becomes CHECKED_IN. */
export function checkInLocally(db: WriteDb, id: string, now: Date): ReservationChangeResult<Reservation> {
  return transact(db, (): ReservationChangeResult<Reservation> => {
    const r = getReservation(db, id);
    if (!r) return { ok: false, status: 404, message: MESSAGES.notFound('Reservation') };
    const move = reservationTransition(r.status, 'checkIn');
    if (!move.ok) return { ok: false, status: 409, message: move.reason };
    const next = moved(r, 'checkIn', now) as Reservation;
    putReservation(db, next);
    appendCall(db, checkInCall, {
      idempotencyKey: randomUUID(),
      params: { id },
      entityType: RESERVATION_ENTITY,
      entityId: id,
      createdAt: now.toISOString(),
    });
    return { ok: true, value: next };
  });
}

/** The host seats a checked-in party here at a table (commands/seating.ts decides the table). */
export function seatReservationLocally(
  db: WriteDb,
  id: string,
  seat: { tableId: string; sessionId?: string | undefined },
  now: Date,
): ReservationChangeResult<z.output<typeof SeatReservationAnswer>> {
  return transact(db, (): ReservationChangeResult<z.output<typeof SeatReservationAnswer>> => {
    const r = getReservation(db, id);
    if (!r) return { ok: false, status: 404, message: MESSAGES.notFound('Reservation') };
    const move = reservationTransition(r.status, 'seat');
    if (!move.ok) return { ok: false, status: 409, message: move.reason };
    const sessionId = seat.sessionId ?? randomUUID();
    const party = { guestName: r.guestContact.name, partySize: r.partySize };
    const sat = seatTableLocally(db, { tableId: seat.tableId, sessionId }, party, now);
    if (!sat.ok) return sat;
    const next = moved(r, 'seat', now, seat.tableId) as Reservation;
    putReservation(db, next);
    appendCall(db, seatReservationCall, {
      idempotencyKey: randomUUID(),
      params: { id },
      body: { tableId: seat.tableId, sessionId },
      entityType: RESERVATION_ENTITY,
      entityId: id,
      createdAt: now.toISOString(),
    });
    return { ok: true, value: { reservation: next, table: sat.table, sessionId } };
  });
}

/** This terminal's changes of a reservation still waiting, oldest first: a check-in or a seat. */
interface PendingChange {
  action: ReservationAction;
  tableId?: string;
  at: Date;
}

function pendingChanges(db: AnyDb, id: string): PendingChange[] {
  return (
    db.sql
      .prepare(
        `SELECT path, json_extract(body_json, '$.tableId') AS table_id, created_at FROM outbox
         WHERE status = 'PENDING' AND entity_type = ? AND entity_id = ? AND method = 'POST' ORDER BY seq`,
      )
      .all(RESERVATION_ENTITY, id) as { path: string; table_id: unknown; created_at: string }[]
  ).flatMap((row): PendingChange[] => {
    const at = new Date(row.created_at);
    if (row.path.endsWith('/checkin')) return [{ action: 'checkIn', at }];
    if (typeof row.table_id === 'string') return [{ action: 'seat', tableId: row.table_id, at }];
    return [];
  });
}

/** Replays this terminal's waiting changes of a reservation over the cloud's copy of it. */
export function reapplyPendingReservationChanges(db: WriteDb, id: string): void {
  let r = getReservation(db, id);
  if (!r) return;
  let changed = false;
  for (const change of pendingChanges(db, id)) {
    const next = moved(r, change.action, change.at, change.tableId);
    if (!next) continue;
    r = next;
    changed = true;
  }
  if (changed) putReservation(db, r);
}

/** The cloud's copy of a reservation replaces the replica's, with this terminal's waiting changes on top. */
export function restoreReservation(db: WriteDb, reservation: Reservation): Reservation {
  return transact(db, () => {
    putReservation(db, reservation);
    reapplyPendingReservationChanges(db, reservation.id);
    return getReservation(db, reservation.id) ?? reservation;
  });
}

/** A reservation the cloud does not have (its booking was refused) leaves the replica. */
export function dropReservation(db: WriteDb, id: string): void {
  deleteReservation(db, id);
}

/**
 * Sets the replica's reservations to the cloud's (from a snapshot), then replays on top what this
 * terminal has not pushed yet: its bookings and its check-ins and seats.
 */
export function replaceReservations(db: WriteDb, venueId: string, reservations: readonly Reservation[]): void {
  transact(db, () => {
    clearReservations(db);
    for (const r of reservations) putReservation(db, r);
    const ids = new Set<string>();
    for (const pending of pendingOf(db, RESERVATION_ENTITY)) {
      ids.add(pending.entityId);
      if (pending.path !== createReservationCall.path || getReservation(db, pending.entityId)) continue;
      const booking = createReservationCall.body.parse(pending.body);
      putReservation(db, reservationOf(venueId, { ...booking, id: pending.entityId }, new Date(pending.createdAt)));
    }
    for (const id of ids) reapplyPendingReservationChanges(db, id);
  });
}
