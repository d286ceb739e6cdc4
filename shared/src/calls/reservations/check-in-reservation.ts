import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { Reservation } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** The host checks an arrived party in (spec 2 section 2.10): CONFIRMED becomes CHECKED_IN; any
 * other status answers 409 naming it. */
export const checkInReservation = defineCall({
  method: 'POST',
  path: '/api/reservations/:id/checkin',
  summary: "Check a reservation's party in",
  audience: ['staff'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Reservation',
  answer: Reservation,
});
