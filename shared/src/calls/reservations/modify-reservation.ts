import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { Reservation } from '../../schemas/entities.js';
import { ReservationModifyBody } from '../../schemas/forms.js';
import { defineCall } from '../define.js';

/** The host modifies a booking (the dashboard's Modify, spec 2 section 2.1; the reservations
 * screen's Modify and Cancel Reservation): a new bookable time, party size, contact or
 * preferences, or CANCELLED. A seated or cancelled reservation answers 409 naming its status.
 * Announced as reservation.updated, so every list moves. */
export const modifyReservation = defineCall({
  method: 'PATCH',
  path: '/api/reservations/:id',
  summary: 'Modify or cancel a reservation',
  audience: ['staff'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Reservation',
  body: ReservationModifyBody,
  answer: Reservation,
});
