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
  isModifiableReservation,
  type ReservationAction,
  reservationBadge,
  reservationSlotEnd,
  reservationTransition,
} from '../rules/reservations.js';
import type { Reservation } from '../schemas/entities.js';
import type { ReservationCreateBody, ReservationModifyBody } from '../schemas/forms.js';
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

export interface ModifyState {
  /** The reservation of the caller's venue the path names; null when there is none. */
  reservation: Reservation | null;
  timeZone: string;
  /** Who asks: a terminal's change may come late through its outbox, as its bookings do. */
  actor: DecisionActor;
}

/**
 * Modify (PATCH /api/reservations/:id): a new bookable time (two hours, as when booked), party
 * size, contact or preferences, each merged over what the booking has; or Cancel (status
 * CANCELLED, alone). A seated or cancelled reservation is not changed (409 naming its status). A
 * time left as it was is not checked again, so the contact of a party whose time has begun can
 * still be corrected. A change that changes nothing answers the reservation and announces nothing.
 */
export function decideModifyReservation(
  state: ModifyState,
  input: ReservationModifyBody,
  now: Date,
): Decided<Reservation> {
  const before = state.reservation;
  if (!before) throw notFound('Reservation');
  if (input.status === 'CANCELLED') {
    const reservation = moved(before, 'cancel');
    return new Changes()
      .write({ kind: 'reservation.update', reservation })
      .announce({ type: 'reservation.updated', reservation })
      .answer(reservation);
  }
  if (!isModifiableReservation(before.status)) {
    throw conflict(
      MESSAGES.reservationTransitionRefused('modify', reservationBadge(before.status).label),
      'transition_refused',
    );
  }
  let slot = { slotStart: before.slotStart, slotEnd: before.slotEnd };
  if (input.slotStart !== undefined) {
    const start = new Date(input.slotStart);
    if (start.getTime() !== new Date(before.slotStart).getTime()) {
      const lateMs = state.actor.kind === 'terminal' ? RESERVATION_DURATION_MS : 0;
      if (!acceptsBookedSlot(start, now, state.timeZone, lateMs)) {
        throw invalidField('slotStart', MESSAGES.reservationTimeNotBookable);
      }
      slot = { slotStart: start.toISOString(), slotEnd: reservationSlotEnd(start).toISOString() };
    }
  }
  const contact: NonNullable<ReservationModifyBody['guestContact']> = input.guestContact ?? {};
  const prefs: NonNullable<ReservationModifyBody['preferencesJson']> = input.preferencesJson ?? {};
  const reservation: Reservation = {
    ...before,
    ...slot,
    partySize: input.partySize ?? before.partySize,
    guestContact: {
      name: contact.name ?? before.guestContact.name,
      phone: contact.phone ?? before.guestContact.phone,
      email: contact.email ?? before.guestContact.email,
    },
    preferencesJson: {
      needsAccessibility: prefs.needsAccessibility ?? before.preferencesJson.needsAccessibility,
      needsHighChair: prefs.needsHighChair ?? before.preferencesJson.needsHighChair,
      occasion: prefs.occasion ?? before.preferencesJson.occasion,
      specialRequests: prefs.specialRequests ?? before.preferencesJson.specialRequests,
    },
  };
  const changes = new Changes();
  if (JSON.stringify(reservation) === JSON.stringify(before)) return changes.answer(before);
  return changes
    .write({ kind: 'reservation.update', reservation })
    .announce({ type: 'reservation.updated', reservation })
    .answer(reservation);
}
