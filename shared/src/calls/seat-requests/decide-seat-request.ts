import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { TableRequest } from '../../schemas/seat-request.js';
import { defineCall } from '../define.js';

const SeatRequestVerdict = z.object({ approve: z.boolean() });

/** The host's answer to a guest's table choice (issue 27): the party sits down, or the table is freed. */
export const decideSeatRequest = defineCall({
  method: 'POST',
  path: '/api/seat-requests/:id/decision',
  summary: "Approve a guest's table choice (the party sits down) or decline it (the table is free again)",
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Seat request',
  body: SeatRequestVerdict,
  answer: TableRequest,
});
