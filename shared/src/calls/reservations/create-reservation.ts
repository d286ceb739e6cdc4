import { Reservation } from '../../schemas/entities.js';
import { ReservationCreateBody } from '../../schemas/forms.js';
import { defineCall } from '../define.js';

/** The host books a table for later (spec 2 section 2.3): CONFIRMED, source DIRECT, a two-hour slot
 * at a bookable time. The list is read again on success (reservation.created). */
export const createReservation = defineCall({
  method: 'POST',
  path: '/api/reservations',
  summary: 'Book a reservation',
  audience: ['staff'],
  tiers: ['cloud', 'terminal'],
  body: ReservationCreateBody,
  answer: Reservation,
  status: 201,
});
