import { z } from 'zod';
import { TableRequest } from '../../schemas/seat-request.js';
import { defineCall } from '../define.js';

export const SeatRequestsAnswer = z.object({
  /** Whether a guest's table choice waits for the host (the venue's setting, issue 27). */
  hostApproves: z.boolean(),
  /** The choices waiting for an answer, oldest first. */
  requests: z.array(TableRequest),
});
export type SeatRequestsAnswer = z.infer<typeof SeatRequestsAnswer>;

/** The host console's list of guests' table choices waiting for the host (issue 27, finding 1). */
export const listSeatRequests = defineCall({
  method: 'GET',
  path: '/api/seat-requests',
  summary: "Guests' table choices waiting for the host, and whether the host approves self-seating",
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  answer: SeatRequestsAnswer,
  staleOn: ['seat.request.updated', 'seating.approval.changed'],
});
