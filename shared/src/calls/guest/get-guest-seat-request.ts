import { z } from 'zod';
import { TableRequest } from '../../schemas/seat-request.js';
import { defineCall } from '../define.js';

/** The guest's latest table choice that went to the host, and its answer (issue 27); null if none. */
export const getGuestSeatRequest = defineCall({
  method: 'GET',
  path: '/api/guest/seat-request',
  summary: "The guest's table choice waiting for the host, or its answer",
  audience: ['guest'],
  tiers: ['cloud'],
  answer: z.object({ request: TableRequest.nullable() }),
  staleOn: ['seat.request.updated'],
});
