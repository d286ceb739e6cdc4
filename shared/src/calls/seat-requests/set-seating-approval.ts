import { z } from 'zod';
import { defineCall } from '../define.js';

const SeatingApproval = z.object({ hostApproves: z.boolean() });

/**
 * Turns "host approves self-seating" on during a rush, or off (issue 27): while on, a guest's
 * confirmation of a held table waits for the host. Requests already waiting stay to be answered.
 */
export const setSeatingApproval = defineCall({
  method: 'PUT',
  path: '/api/seat-requests/approval',
  summary: 'Turn on or off whether guests choosing a table wait for the host to approve',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  body: SeatingApproval,
  answer: SeatingApproval,
});
