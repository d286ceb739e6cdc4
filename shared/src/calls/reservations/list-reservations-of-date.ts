import { z } from 'zod';
import { Reservation } from '../../schemas/entities.js';
import { defineCall } from '../define.js';
import { VenueDate } from './list-reservations.js';

/** Whether a path segment is a date (`2026-11-29`) rather than a reservation's id. */
export const isDateSegment = (segment: string | undefined): boolean => /^\d{4}-\d{2}-\d{2}$/.test(segment ?? '');

/**
 * A day's reservations by time, the date in the path: what the spec's client reads, since it
 * joins its query key (`['/api/reservations', '2026-11-29']`) into the path (spec 1 section 7,
 * spec 2 section 7). The same answer as `GET /api/reservations?date=2026-11-29`; a path segment
 * that is not a date goes on to `GET /api/reservations/:id`.
 */
export const listReservationsOfDate = defineCall({
  method: 'GET',
  path: '/api/reservations/:date',
  summary: "A day's reservations, by time (the date in the path, as the spec's client sends it)",
  audience: ['staff', 'terminal'],
  tiers: ['cloud'],
  params: z.object({ date: VenueDate }),
  entity: 'Reservation',
  answer: z.array(Reservation),
  staleOn: ['reservation.created', 'reservation.checkin', 'reservation.updated'],
});
