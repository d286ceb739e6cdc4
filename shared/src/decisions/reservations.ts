// Reservations, decided once (spec 2 sections 2.3 and 2.10): the host books a two-hour slot at a
// bookable time, checks the party in when it arrives and seats it at a table. Every change is an
// event (reservation.created, reservation.checkin, reservation.updated), so every screen's list
// moves. The cloud and the terminal load the state below from their stores and apply what these
// answer.
import type { z } from 'zod';
import type { SeatReservationAnswer } from '../calls/reservations/seat-reservation.js';
import { RESERVATION_DURATION_MS } from '../constants.js';
import { conflict, invalidField, notFound } from '../errors.js';
import { MESSAGES } from '../messages.js';
import {
  acceptsBookedSlot,
  type ReservationAction,
  reservationSlotEnd,
  reservationTransition,
} from '../rules/reservations.js';
import type { Reservation } from '../schemas/entities.js';
import type { ReservationCreateBody } from '../schemas/forms.js';
import { Changes, type Decided, type DecisionActor } from './decision.js';
import { decideSeating, type SeatRequest, type SeatState } from './seating.js';

export interface BookState {
  venueId: string;
  timeZone: string;
  /** The reservation the request's id names already, in any venue (a repeat, or another's id). */
  existing: Reservation | null;
}

/**
 * Add Reservation (POST /api/reservations): CONFIRMED, DIRECT, two hours from a bookable time. A
 * terminal's outbox may bring a booking made offline late, so from a terminal a time bookable up
 * to one slot's length ago is still taken. A repeat of the same id answers the booking made.
 */
export function decideBookReservation(
  state: BookState,
  booking: ReservationCreateBody & { id: string },
  actor: DecisionActor,
  now: Date,
): Decided<Reservation> {
  const changes = new Changes();
  if (state.existing) {
    // An id taken by another venue's booking is not this one's to answer.
    if (state.existing.venueId !== state.venueId) throw conflict(MESSAGES.alreadyExists('Reservation', booking.id));
    return changes.answer(state.existing);
  }
  const start = new Date(booking.slotStart);
  const lateMs = actor.kind === 'terminal' ? RESERVATION_DURATION_MS : 0;
  if (!acceptsBookedSlot(start, now, state.timeZone, lateMs)) {
    throw invalidField('slotStart', MESSAGES.reservationTimeNotBookable);
  }
  const reservation: Reservation = {
    id: booking.id,
    venueId: state.venueId,
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
  return changes
    .write({ kind: 'reservation.insert', reservation })
    .announce({ type: 'reservation.created', reservation })
    .answer(reservation);
}

function moved(reservation: Reservation | null, action: ReservationAction): Reservation {
  if (!reservation) throw notFound('Reservation');
  const move = reservationTransition(reservation.status, action);
  if (!move.ok) throw conflict(move.reason, 'transition_refused');
  return { ...reservation, status: move.to };
}

/** Check In (POST /api/reservations/:id/checkin): CONFIRMED becomes CHECKED_IN. */
export function decideCheckIn(state: { reservation: Reservation | null }, now: Date): Decided<Reservation> {
  const reservation = { ...moved(state.reservation, 'checkIn'), checkedInAt: now.toISOString() };
  return new Changes()
    .write({ kind: 'reservation.update', reservation })
    .announce({ type: 'reservation.checkin', reservation })
    .answer(reservation);
}

export interface SeatReservationState extends SeatState {
  reservation: Reservation | null;
}

/** Seat (POST /api/reservations/:id/seat): a checked-in party sits down at a table; the reservation
 * is SEATED, the table locked to it. */
export function decideSeatReservation(
  state: SeatReservationState,
  seat: SeatRequest,
  now: Date,
): Decided<z.output<typeof SeatReservationAnswer>> {
  const before = state.reservation;
  const after = moved(before, 'seat');
  const changes = new Changes();
  const { table, sessionId } = decideSeating(
    changes,
    state,
    seat,
    {
      guestName: after.guestContact.name,
      phone: after.guestContact.phone || null,
      email: after.guestContact.email || null,
      partySize: after.partySize,
      preferences: after.preferencesJson,
      reservationId: after.id,
    },
    now,
  );
  const reservation = { ...after, lockedTableIds: [table.id] };
  return changes
    .write({ kind: 'reservation.update', reservation })
    .announce({ type: 'reservation.updated', reservation })
    .answer({ reservation, table, sessionId });
}
