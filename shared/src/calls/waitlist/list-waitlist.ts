import { z } from 'zod';
import { WaitlistEntry } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** The parties still in line (WAITING or NOTIFIED), in queue order: the first is Next Up. */
export const listWaitlist = defineCall({
  method: 'GET',
  path: '/api/waitlist',
  summary: 'The waitlist queue, in order',
  audience: ['staff'],
  tiers: ['cloud'],
  answer: z.array(WaitlistEntry),
  staleOn: ['waitlist.updated'],
});
