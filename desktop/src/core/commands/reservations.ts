// The host's reservations on this terminal (issue 9): each change is decided by the shared
// decisions (shared/src/decisions/reservations.ts) on the replica's state, as the cloud decides it
// on its own, applied to the replica and queued for the cloud in one SQLite transaction, so the
// door keeps working while the cloud is away. The cloud decides in the end: its copies of a
// reservation replace the replica's, with this terminal's changes still waiting decided again on
// top (reapplyPendingReservations), and a change it refuses sets the replica right from the
// cloud's copy.
import { randomUUID } from 'node:crypto';
import {
  AppError,
  checkInReservation,
  createReservation,
  type Decided,
  type DecisionActor,
  decideBookReservation,
  decideCheckIn,
  decideModifyReservation,
  decideSeatReservation,
  type LiveEvent,
  modifyReservation,
  type Reservation,
  type ReservationModifyBody,
  type SeatRequest,
  type SeatReservationAnswer,
  seatReservation,
} from '@tablewise/shared';
import type { z } from 'zod';
import { type AnyDb, transact, type WriteDb } from '../sqlite/replica.js';
import { isEntryOf, type OutboxEntry, pendingOf } from '../sqlite/repositories/outbox.js';
import {
  clearReservations,
  deleteReservation,
  getReservation,
  putReservation,
} from '../sqlite/repositories/reservations.js';
import { applyLocally, writeDecided } from './decided.js';
import { actorHere, RESERVATION_ENTITY, seatHere } from './seating.js';

export { RESERVATION_ENTITY };

type NewReservation = z.output<(typeof createReservation)['body']>;

export interface ReservationHere<A> {
  value: A;
  /** For the local screens. */
  events: LiveEvent[];
}

/** What a change to a reservation was about, as a host calls it: "Ada Park, party of 4". */
export function reservationChangeSubject(db: AnyDb, id: string): string | null {
  const r = getReservation(db, id);
  return r ? `${r.guestContact.name}, party of ${r.partySize}` : null;
}

function bookHere(
  db: AnyDb,
  venue: { id: string; timezone: string },
  booking: NewReservation & { id: string },
  actor: DecisionActor,
  now: Date,
): Decided<Reservation> {
  return decideBookReservation(
    { venueId: venue.id, timeZone: venue.timezone, existing: getReservation(db, booking.id) },
    booking,
    actor,
    now,
  );
}

/** Books a reservation here at a time bookable now; a repeat of its id answers the booking made. */
export function createReservationLocally(
  db: WriteDb,
  venue: { id: string; timezone: string },
  booking: NewReservation,
  now: Date,
): ReservationHere<Reservation> {
  return transact(db, () => {
    const id = booking.id ?? randomUUID();
    const decided = bookHere(db, venue, { ...booking, id }, actorHere(db), now);
    if (decided.writes.length === 0) return { value: decided.answer, events: [] };
    const { answer, events } = applyLocally(
      db,
      decided,
      createReservation,
      { body: { ...booking, id }, entityType: RESERVATION_ENTITY, entityId: id },
      now,
    );
    return { value: answer, events };
  });
}

/** The host checks the party in here: CONFIRMED becomes CHECKED_IN. */
export function checkInLocally(db: WriteDb, id: string, now: Date): ReservationHere<Reservation> {
  return transact(db, () => {
    const decided = decideCheckIn({ reservation: getReservation(db, id) }, now);
    const { answer, events } = applyLocally(
      db,
      decided,
      checkInReservation,
      { params: { id }, entityType: RESERVATION_ENTITY, entityId: id },
      now,
    );
    return { value: answer, events };
  });
}

/** The host seats a checked-in party here at a table. */
export function seatReservationLocally(
  db: WriteDb,
  id: string,
  seat: SeatRequest,
  now: Date,
): ReservationHere<z.output<typeof SeatReservationAnswer>> {
  return transact(db, () => {
    const decided = decideSeatReservation(
      { reservation: getReservation(db, id), ...seatHere(db, seat, null) },
      seat,
      now,
    );
    const { answer, events } = applyLocally(
      db,
      decided,
      seatReservation,
      {
        params: { id },
        body: { tableId: seat.tableId, sessionId: decided.answer.sessionId },
        entityType: RESERVATION_ENTITY,
        entityId: id,
      },
      now,
    );
    return { value: answer, events };
  });
}

function modifyHere(
  db: AnyDb,
  venue: { id: string; timezone: string },
  id: string,
  change: ReservationModifyBody,
  actor: DecisionActor,
  now: Date,
): Decided<Reservation> {
  return decideModifyReservation({ reservation: getReservation(db, id), timeZone: venue.timezone, actor }, change, now);
}

/** The host modifies or cancels a booking here; a change that changes nothing is not queued. */
export function modifyReservationLocally(
  db: WriteDb,
  venue: { id: string; timezone: string },
  id: string,
  change: ReservationModifyBody,
  now: Date,
): ReservationHere<Reservation> {
  return transact(db, () => {
    const decided = modifyHere(db, venue, id, change, actorHere(db), now);
    if (decided.writes.length === 0) return { value: decided.answer, events: [] };
    const { answer, events } = applyLocally(
      db,
      decided,
      modifyReservation,
      { params: { id }, body: change, entityType: RESERVATION_ENTITY, entityId: id },
      now,
    );
    return { value: answer, events };
  });
}

/** The decision a waiting entry is, on the replica as it is now; null for an entry of another call. */
function redecide(db: WriteDb, venue: { id: string; timezone: string }, entry: OutboxEntry): Decided<unknown> | null {
  const at = new Date(entry.createdAt);
  const id = entry.entityId;
  if (isEntryOf(entry, createReservation, undefined)) {
    // Decided again late: as the cloud takes a terminal's booking made offline.
    return bookHere(db, venue, { ...createReservation.body.parse(entry.body), id }, actorHere(db, 'terminal'), at);
  }
  if (isEntryOf(entry, checkInReservation, { id })) {
    return decideCheckIn({ reservation: getReservation(db, id) }, at);
  }
  if (isEntryOf(entry, modifyReservation, { id })) {
    // Decided again late: a new time taken as the cloud takes a terminal's change made offline.
    const change = modifyReservation.body.parse(entry.body);
    return modifyHere(db, venue, id, change, actorHere(db, 'terminal'), at);
  }
  if (isEntryOf(entry, seatReservation, { id })) {
    const seat = seatReservation.body.parse(entry.body);
    let reservation = getReservation(db, id);
    // This seat, shown already on the reservation (the cloud's copy of the table came since):
    // decided again as from the door, so the table shows it too.
    const ours = reservation?.status === 'SEATED' && reservation.lockedTableIds[0] === seat.tableId;
    if (reservation && ours) reservation = { ...reservation, status: 'CHECKED_IN' };
    const state = seatHere(db, seat, null);
    return decideSeatReservation({ reservation, ...state, sessionTaken: state.sessionTaken && !ours }, seat, at);
  }
  return null;
}

/**
 * After the cloud's copy of a reservation or a table replaced the replica's, decides this
 * terminal's reservation changes still waiting in the outbox again, in order, by the same
 * decisions. A change the rules no longer allow (the cloud's copy already has it) is left to the
 * cloud's verdict.
 */
export function reapplyPendingReservations(db: WriteDb, venue: { id: string; timezone: string } | null): void {
  if (!venue) return;
  for (const entry of pendingOf(db, RESERVATION_ENTITY)) {
    try {
      const decided = redecide(db, venue, entry);
      if (decided) writeDecided(db, decided, new Date(entry.createdAt));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
}

/** The cloud's copy of a reservation replaces the replica's, with this terminal's waiting changes on top. */
export function restoreReservation(
  db: WriteDb,
  venue: { id: string; timezone: string } | null,
  reservation: Reservation,
): Reservation {
  return transact(db, () => {
    putReservation(db, reservation);
    reapplyPendingReservations(db, venue);
    return getReservation(db, reservation.id) ?? reservation;
  });
}

/** A reservation the cloud does not have (its booking was refused) leaves the replica. */
export function dropReservation(db: WriteDb, id: string): void {
  deleteReservation(db, id);
}

/**
 * Sets the replica's reservations to the cloud's (from a snapshot), then decides again on top what
 * this terminal has not pushed yet: its bookings, check-ins, seats and modifications.
 */
export function replaceReservations(
  db: WriteDb,
  venue: { id: string; timezone: string },
  reservations: readonly Reservation[],
): void {
  transact(db, () => {
    clearReservations(db);
    for (const r of reservations) putReservation(db, r);
    reapplyPendingReservations(db, venue);
  });
}
