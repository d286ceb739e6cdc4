import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { Reservation } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** One reservation: what a terminal reads again after the cloud refused its change of it. */
export const getReservation = defineCall({
  method: 'GET',
  path: '/api/reservations/:id',
  summary: 'One reservation',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Reservation',
  answer: Reservation,
  staleOn: ['reservation.created', 'reservation.checkin', 'reservation.updated'],
});
