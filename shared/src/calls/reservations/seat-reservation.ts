import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { Reservation, Table } from '../../schemas/entities.js';
import { defineCall } from '../define.js';
import { SeatAtTableBody } from '../waitlist/seat-waitlist-party.js';

export const SeatReservationAnswer = z.object({
  reservation: Reservation,
  table: Table,
  /** The dining session the party now has at the table. */
  sessionId: Id,
});

/** The host seats a checked-in reservation at a table (spec 2 section 2.3's Seat, for CHECKED_IN):
 * the table becomes OCCUPIED by the party, the reservation SEATED with the table locked to it. A
 * table the state machine does not let the host seat answers 409 naming both states. */
export const seatReservation = defineCall({
  method: 'POST',
  path: '/api/reservations/:id/seat',
  summary: 'Seat a checked-in reservation at a table',
  audience: ['staff'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Reservation',
  body: SeatAtTableBody,
  answer: SeatReservationAnswer,
});
