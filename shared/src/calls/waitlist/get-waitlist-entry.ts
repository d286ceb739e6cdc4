import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { WaitlistEntry } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** One party, whatever its status: what a terminal reads again after the cloud refused its change. */
export const getWaitlistEntry = defineCall({
  method: 'GET',
  path: '/api/waitlist/:id',
  summary: 'One waitlist party',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Waitlist entry',
  answer: WaitlistEntry,
  staleOn: ['waitlist.updated'],
});
