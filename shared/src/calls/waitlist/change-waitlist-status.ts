import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { WaitlistEntry } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** Remove (CANCELLED), notify (NOTIFIED) or mark seated (SEATED) a party, or undo a Remove (WAITING:
 * back to its place in line, notified again if it had been); the waitlist rule decides which moves a
 * status allows, and a refused one answers 409 naming both statuses. */
export const changeWaitlistStatus = defineCall({
  method: 'PATCH',
  path: '/api/waitlist/:id/status',
  summary: "Change a waitlist party's status",
  audience: ['staff'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Waitlist entry',
  body: z.strictObject({ status: z.enum(['NOTIFIED', 'SEATED', 'CANCELLED', 'WAITING']) }),
  answer: WaitlistEntry,
});
