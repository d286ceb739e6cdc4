import { z } from 'zod';
import { MESSAGES } from '../../messages.js';
import { reservationsOfDay } from '../../rules/reservations.js';
import { Reservation } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** A calendar date of the venue: '2026-11-25'. */
export const VenueDate = z.iso.date({ error: MESSAGES.reservationDateInvalid });

/** The reservations of one day of the venue, by time (spec 2 section 7: the query key carries
 * today's ISO date). Without a date: today at the venue. Every status is listed, as each has its
 * badge. */
export const listReservations = defineCall({
  method: 'GET',
  path: '/api/reservations',
  summary: "A day's reservations, by time",
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  query: z.object({ date: VenueDate.optional() }),
  answer: z.array(Reservation),
  staleOn: ['reservation.created', 'reservation.checkin', 'reservation.updated', 'guest.data.erased'],
});

/** The answer both tiers give from the venue's reservations around that day. */
export function reservationsAnswer(
  reservations: readonly Reservation[],
  date: string,
  timeZone: string,
): Reservation[] {
  return reservationsOfDay(reservations, date, timeZone);
}
