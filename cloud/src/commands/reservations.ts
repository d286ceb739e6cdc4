// Reservations (spec 2 sections 2.3 and 2.10): the host books a two-hour slot at a bookable time,
// checks the party in when it arrives and seats it at a table. Every change is an event
// (reservation.created, reservation.checkin, reservation.updated), so every screen's list moves.
import { randomUUID } from 'node:crypto';
import {
  acceptsBookedSlot,
  type BookableTimesAnswer,
  bookableTimesAnswer,
  type createReservation,
  DEFAULT_TIMEZONE,
  invalidField,
  MESSAGES,
  RESERVATION_DURATION_MS,
  type Reservation,
  type ReservationAction,
  type ReservationStatus,
  reservationSlotEnd,
  reservationsAnswer,
  reservationTransition,
  type SeatReservationAnswer,
  venueDate,
  venueDayBounds,
} from '@tablewise/shared';
import type { z } from 'zod';
import { actorRef, type Queryable, type Trx, type VenueActor } from '../context.js';
import { conflict, notFound } from '../errors.js';
import { presentReservation } from '../presenters/index.js';
import { appendEvent } from '../realtime/append-event.js';
import {
  findReservation,
  insertReservation,
  listReservationsBetween,
  lockReservation,
  updateReservation,
} from '../repositories/reservations.js';
import { findVenue } from '../repositories/venues.js';
import { seatAtTable } from './seating.js';

type NewReservation = z.output<(typeof createReservation)['body']>;

async function venueZone(q: Queryable, venueId: string): Promise<string> {
  return (await findVenue(q, venueId))?.tz ?? DEFAULT_TIMEZONE;
}

function authorOf(actor: VenueActor, at: Date) {
  const { userId, terminalId } = actorRef(actor);
  return { orgId: actor.orgId, venueId: actor.venueId, userId, terminalId, at };
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

/**
 * Books a reservation: CONFIRMED, DIRECT, two hours from a bookable time. A terminal's outbox may
 * bring a booking made offline late, so from a terminal a time bookable up to one slot's length
 * ago is still taken.
 */
export async function bookReservation(
  trx: Trx,
  staff: VenueActor,
  booking: NewReservation,
  now: Date,
): Promise<Reservation> {
  const id = booking.id ?? randomUUID();
  const known = await findReservation(trx, id);
  if (known) {
    // A repeat of a booking answers it; an id taken by another venue's is not this one's to answer.
    if (known.venue_id !== staff.venueId) throw conflict(`Reservation ${id} already exists`);
    return presentReservation(known);
  }
  const start = new Date(booking.slotStart);
  const lateMs = staff.kind === 'terminal' ? RESERVATION_DURATION_MS : 0;
  if (!acceptsBookedSlot(start, now, await venueZone(trx, staff.venueId), lateMs)) {
    throw invalidField('slotStart', MESSAGES.reservationTimeNotBookable);
  }
  const inserted = await insertReservation(trx, {
    id,
    org_id: staff.orgId,
    venue_id: staff.venueId,
    guest_contact: booking.guestContact,
    slot_start: start,
    slot_end: reservationSlotEnd(start),
    party_size: booking.partySize,
    status: booking.status,
    preferences_json: booking.preferencesJson,
    source: booking.source,
    created_at: now,
  });
  const row = await findReservation(trx, id);
  if (!row || row.venue_id !== staff.venueId) throw conflict(`Reservation ${id} already exists`);
  const reservation = presentReservation(row);
  if (inserted) {
    await appendEvent(trx, { ...authorOf(staff, now), event: { type: 'reservation.created', reservation } });
  }
  return reservation;
}

async function lockedFor(
  trx: Trx,
  staff: VenueActor,
  id: string,
  action: ReservationAction,
): Promise<{ row: NonNullable<Awaited<ReturnType<typeof lockReservation>>>; to: ReservationStatus }> {
  const row = await lockReservation(trx, staff.venueId, id);
  if (!row) throw notFound('Reservation');
  const move = reservationTransition(row.status as ReservationStatus, action);
  if (!move.ok) throw conflict(move.reason, 'transition_refused');
  return { row, to: move.to };
}

/** The host checks the party in: CONFIRMED becomes CHECKED_IN. */
export async function checkIn(trx: Trx, staff: VenueActor, id: string, now: Date): Promise<Reservation> {
  const { row, to } = await lockedFor(trx, staff, id, 'checkIn');
  const reservation = presentReservation(
    await updateReservation(trx, row.id, { status: to, at: now, checkedIn: true }),
  );
  await appendEvent(trx, { ...authorOf(staff, now), event: { type: 'reservation.checkin', reservation } });
  return reservation;
}

/** The host seats a checked-in party at a table: the reservation is SEATED, the table locked to it. */
export async function seatReservationAt(
  trx: Trx,
  staff: VenueActor,
  id: string,
  seat: { tableId: string; sessionId?: string | undefined },
  now: Date,
): Promise<z.output<typeof SeatReservationAnswer>> {
  const { row, to } = await lockedFor(trx, staff, id, 'seat');
  const author = authorOf(staff, now);
  const contact = presentReservation(row).guestContact;
  const { table, sessionId } = await seatAtTable(
    trx,
    staff,
    author,
    seat,
    {
      guestName: contact.name,
      phone: contact.phone || null,
      email: contact.email || null,
      partySize: row.party_size,
      preferences: row.preferences_json,
      reservationId: row.id,
    },
    now,
  );
  const reservation = presentReservation(
    await updateReservation(trx, row.id, { status: to, at: now, lockedTableIds: [table.id] }),
  );
  await appendEvent(trx, { ...author, event: { type: 'reservation.updated', reservation } });
  return { reservation, table, sessionId };
}
