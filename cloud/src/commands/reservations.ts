// Reservations (spec 2 sections 2.3 and 2.10) on the cloud: the day's list and bookable times, and
// the writes (book, check in, seat, modify or cancel), each loading the state its decision
// (shared/src/decisions/reservations.ts) needs, locking what it must, and applying what it decided.
import { randomUUID } from 'node:crypto';
import {
  type BookableTimesAnswer,
  bookableTimesAnswer,
  type createReservation,
  DEFAULT_TIMEZONE,
  decideBookReservation,
  decideCheckIn,
  decideModifyReservation,
  decideSeatReservation,
  type Reservation,
  type ReservationModifyBody,
  reservationsAnswer,
  type SeatRequest,
  type SeatReservationAnswer,
  venueDate,
  venueDayBounds,
} from '@tablewise/shared';
import type { z } from 'zod';
import type { Queryable, Trx, VenueActor } from '../context.js';
import { notFound } from '../errors.js';
import { presentReservation } from '../presenters/index.js';
import { findReservation, listReservationsBetween, lockReservation } from '../repositories/reservations.js';
import { findVenue } from '../repositories/venues.js';
import { applyDecided, authorOf, decisionActor } from './decided.js';
import { loadSeat } from './seating.js';

type NewReservation = z.output<(typeof createReservation)['body']>;

async function venueZone(q: Queryable, venueId: string): Promise<string> {
  return (await findVenue(q, venueId))?.tz ?? DEFAULT_TIMEZONE;
}

/** The reservations of the venue's `date` (today at the venue when absent), by time. */
export async function reservationsOfDay(
  q: Queryable,
  actor: Pick<VenueActor, 'venueId'>,
  date: string | undefined,
  now: Date,
): Promise<Reservation[]> {
  const zone = await venueZone(q, actor.venueId);
  const day = date ?? venueDate(now, zone);
  const { start, end } = venueDayBounds(day, zone);
  const rows = await listReservationsBetween(q, actor.venueId, start, end);
  return reservationsAnswer(rows.map(presentReservation), day, zone);
}

export async function bookableTimesOf(
  q: Queryable,
  actor: Pick<VenueActor, 'venueId'>,
  now: Date,
): Promise<BookableTimesAnswer> {
  return bookableTimesAnswer(now, await venueZone(q, actor.venueId));
}

export async function reservationOf(
  q: Queryable,
  actor: Pick<VenueActor, 'venueId'>,
  id: string,
): Promise<Reservation> {
  const row = await findReservation(q, id);
  if (!row || row.venue_id !== actor.venueId) throw notFound('Reservation');
  return presentReservation(row);
}

/** Books a reservation (decideBookReservation); a repeat of its id answers the booking made. */
export async function bookReservation(
  trx: Trx,
  staff: VenueActor,
  booking: NewReservation,
  now: Date,
): Promise<Reservation> {
  const id = booking.id ?? randomUUID();
  const known = await findReservation(trx, id);
  const decided = decideBookReservation(
    {
      venueId: staff.venueId,
      timeZone: await venueZone(trx, staff.venueId),
      existing: known ? presentReservation(known) : null,
    },
    { ...booking, id },
    decisionActor(staff),
    now,
  );
  return applyDecided(trx, authorOf(staff), decided, now);
}

async function locked(trx: Trx, staff: VenueActor, id: string): Promise<Reservation | null> {
  const row = await lockReservation(trx, staff.venueId, id);
  return row ? presentReservation(row) : null;
}

/** The host checks the party in (decideCheckIn), the reservation locked. */
export async function checkIn(trx: Trx, staff: VenueActor, id: string, now: Date): Promise<Reservation> {
  const decided = decideCheckIn({ reservation: await locked(trx, staff, id) }, now);
  return applyDecided(trx, authorOf(staff), decided, now);
}

/** The host seats a checked-in party at a table (decideSeatReservation): the reservation and the
 * table are locked in that order. */
export async function seatReservationAt(
  trx: Trx,
  staff: VenueActor,
  id: string,
  seat: SeatRequest,
  now: Date,
): Promise<z.output<typeof SeatReservationAnswer>> {
  const reservation = await locked(trx, staff, id);
  const state = reservation
    ? { reservation, ...(await loadSeat(trx, staff, seat, null)) }
    : { reservation, table: null, guestSession: null, sessionTaken: false, freshSessionId: randomUUID() };
  return applyDecided(trx, authorOf(staff), decideSeatReservation(state, seat, now), now);
}

/** The host modifies or cancels a booking (decideModifyReservation), the reservation locked. */
export async function modifyReservationOf(
  trx: Trx,
  staff: VenueActor,
  id: string,
  change: ReservationModifyBody,
  now: Date,
): Promise<Reservation> {
  const state = {
    reservation: await locked(trx, staff, id),
    timeZone: await venueZone(trx, staff.venueId),
    actor: decisionActor(staff),
  };
  return applyDecided(trx, authorOf(staff), decideModifyReservation(state, change, now), now);
}
